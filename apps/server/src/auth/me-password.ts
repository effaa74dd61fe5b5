/**
 * A user changes their own password (the profile page): the current one is required, so a session left
 * open on a shared machine cannot take the account over. Wrong guesses count as failed logins of that
 * username (the same LoginThrottle, so this route is no way around the login's lock).
 */
import { Injectable } from '@nestjs/common';
import { ErrorType } from '@strata/domain';
import { z } from 'zod';
import type { CurrentUser } from './current-user';
import { httpError } from './http-error';
import { LoginThrottle } from './login/login-throttle';
import { verifyPassword } from './passwords/password-hasher';
import { UsersService } from './users/users.service';

export const changeOwnPasswordSchema = z.strictObject({
  current_password: z.string().min(1, 'is required').max(1024),
  new_password: z.string().min(1, 'is required').max(1024),
});

@Injectable()
export class OwnPassword {
  constructor(
    private readonly users: UsersService,
    private readonly throttle: LoginThrottle,
  ) {}

  /** Ends every session of the user, this one included (users.service: a new password ends sessions). */
  async change(user: CurrentUser, current: string, next: string, client: { ip: string | null }): Promise<void> {
    await this.throttle.check(user.username, client.ip);
    const hash = await this.users.passwordHash(user.id);
    if (!hash || !(await verifyPassword(current, hash))) {
      await this.throttle.failed(user.username, client.ip);
      throw httpError(400, ErrorType.INVALID_PAYLOAD_SCHEMA_ERROR, 'The current password is not correct.', {
        messages: { current_password: ['is not correct'] },
      });
    }
    await this.throttle.succeeded(user.username);
    await this.users.updateUser(user.id, { password: next }, user.id);
  }
}
