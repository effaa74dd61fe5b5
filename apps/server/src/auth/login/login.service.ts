/**
 * Checks a username and password and records the attempt as an event (a DecideLogin command). Every failure (unknown user, wrong
 * password, deactivated account) looks the same to the client and takes the same time, so the login form
 * cannot be used to find out which usernames exist.
 */
import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  loginStream,
  UNKNOWN_USERS_LOGIN_STREAM,
  type LoginCommand,
  type LoginFailureReason,
  type LoginMethod,
} from '@strata/domain';
import type { EntityManager } from 'typeorm';
import { ConcurrencyLimit } from '../concurrency-limit';
import { unauthorized } from '../http-error';
import {
  DEFAULT_SCRYPT_PARAMS,
  decoyHash,
  hashPassword,
  needsRehash,
  verifyPassword,
} from '../passwords/password-hasher';
import type { UserRow } from '../users/user-row';
import { UsersService } from '../users/users.service';
import { DecideLogin } from './decide-login';
import { LoginThrottle } from './login-throttle';

export const INVALID_LOGIN = 'Invalid login. Please try again.';

export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

function failure(user: UserRow | null, stored: string | null, matches: boolean): LoginFailureReason | null {
  if (!user || !stored) return 'unknown_user';
  if (!matches) return 'wrong_password';
  return user.active ? null : 'inactive';
}

@Injectable()
export class LoginService {
  /**
   * Attempts are checked two at a time (lock, lookup, password, count): a burst of wrong passwords stops
   * at the lock its first failures set instead of all hashing at once, and hashes never fill the thread pool.
   */
  private readonly checking = new ConcurrencyLimit(2);

  constructor(
    private readonly users: UsersService,
    private readonly commands: CommandBus,
    private readonly throttle: LoginThrottle,
  ) {}

  /**
   * The user these credentials prove, or a 401 (after recording the failed attempt), or a 429
   * (LoginThrottled) without checking anything while the username or the client's address is locked.
   */
  async check(username: string, password: string, client: ClientInfo): Promise<UserRow> {
    await this.throttle.check(username, client.ip); // a locked attempt does not even wait for its turn
    const { user, stored, reason } = await this.checking.run(async () => {
      await this.throttle.check(username, client.ip);
      const found = await this.users.findByUsername(username);
      const hash = found ? await this.users.passwordHash(found.id) : null;
      const matches = await verifyPassword(password, hash ?? (await decoyHash()));
      const why = failure(found, hash, matches);
      // Counted before the next waiting attempt looks at the lock.
      if (why) await this.throttle.failed(username, client.ip);
      else await this.throttle.succeeded(username);
      return { user: found, stored: hash, reason: why };
    });
    if (reason || !user || !stored) {
      const data = { username, reason: reason ?? 'unknown_user', userId: user?.id ?? null, ...client };
      const stream = user ? loginStream(username) : UNKNOWN_USERS_LOGIN_STREAM;
      await this.record(stream, { type: 'RecordLoginFailure', data }, 'anonymous');
      throw unauthorized(INVALID_LOGIN);
    }
    if (needsRehash(stored, DEFAULT_SCRYPT_PARAMS)) await this.users.upgradeHash(user.id, await hashPassword(password));
    return user;
  }

  /**
   * Records a successful login and creates its session (`open`: a browser session or an API token
   * session) in the same transaction, so both happen or neither; `open` may run again if another login
   * to the same account commits first (its row is rolled back with the lost attempt).
   */
  async recordLogin<T>(
    user: UserRow,
    method: LoginMethod,
    client: ClientInfo,
    open: (tx: EntityManager) => Promise<T>,
  ): Promise<T> {
    const data = { userId: user.id, username: user.username, method, ...client };
    let opened: T | undefined;
    await this.record(loginStream(user.username), { type: 'RecordLogin', data }, String(user.id), async (tx) => {
      opened = await open(tx);
    });
    return opened as T;
  }

  /** `sessionId`: the ended session's id hash, so every server process can close that session's sockets. */
  async recordLogout(userId: number, username: string, sessionId: string): Promise<void> {
    await this.record(
      loginStream(username),
      { type: 'RecordLogout', data: { userId, username, sessionId } },
      String(userId),
    );
  }

  private async record(
    stream: string,
    command: LoginCommand,
    actor: string,
    alongside?: (tx: EntityManager) => Promise<void>,
  ): Promise<void> {
    await this.commands.execute(new DecideLogin(stream, command, { actor, undoable: false }, alongside));
  }
}
