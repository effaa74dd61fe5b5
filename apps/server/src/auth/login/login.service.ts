/**
 * Checks a username and password and records the attempt as an event. Every failure (unknown user, wrong
 * password, deactivated account) looks the same to the client and takes the same time, so the login form
 * cannot be used to find out which usernames exist.
 */
import { Injectable } from '@nestjs/common';
import { EventStore } from '../../event-store/event-store.port';
import { unauthorized } from '../http-error';
import { DEFAULT_SCRYPT_PARAMS, decoyHash, hashPassword, needsRehash, verifyPassword } from '../passwords/password-hasher';
import type { UserRow } from '../users/user-row';
import { UsersService } from '../users/users.service';
import type { EntityManager } from 'typeorm';
import { loginStream, type LoginEvent, type LoginFailed, type LoginMethod } from './login.events';

export const INVALID_LOGIN = 'Invalid login. Please try again.';

export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

function failure(user: UserRow | null, stored: string | null, matches: boolean): LoginFailed['data']['reason'] | null {
  if (!user || !stored) return 'unknown_user';
  if (!matches) return 'wrong_password';
  return user.active ? null : 'inactive';
}

@Injectable()
export class LoginService {
  constructor(
    private readonly users: UsersService,
    private readonly store: EventStore,
  ) {}

  /** The user these credentials prove, or a 401 (after recording the failed attempt). */
  async check(username: string, password: string, client: ClientInfo): Promise<UserRow> {
    const user = await this.users.findByUsername(username);
    const stored = user ? await this.users.passwordHash(user.id) : null;
    const matches = await verifyPassword(password, stored ?? (await decoyHash()));
    const reason = failure(user, stored, matches);
    if (reason || !user || !stored) {
      const data = { username, reason: reason ?? 'unknown_user', userId: user?.id ?? null, ...client };
      await this.record(username, { type: 'security/loginFailed', data }, 'anonymous');
      throw unauthorized(INVALID_LOGIN);
    }
    if (needsRehash(stored, DEFAULT_SCRYPT_PARAMS)) await this.users.upgradeHash(user.id, await hashPassword(password));
    return user;
  }

  /** Records a successful login; pass the transaction that creates the session so both happen or neither. */
  async recordLogin(user: UserRow, method: LoginMethod, client: ClientInfo, tx?: EntityManager): Promise<void> {
    const data = { userId: user.id, username: user.username, method, ...client };
    await this.record(user.username, { type: 'security/loggedIn', data }, String(user.id), tx);
  }

  /** `sessionId`: the ended session's id hash, so every server process can close that session's sockets. */
  async recordLogout(userId: number, username: string, sessionId: string): Promise<void> {
    await this.record(username, { type: 'security/loggedOut', data: { userId, username, sessionId } }, String(userId));
  }

  private async record(username: string, event: LoginEvent, actor: string, tx?: EntityManager): Promise<void> {
    await this.store.append(loginStream(username), [event], { expectedVersion: 'any', tx, meta: { actor, undoable: false } });
  }
}
