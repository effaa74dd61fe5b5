/**
 * Checks a username and password and records the attempt as an event. Every failure (unknown user, wrong
 * password, deactivated account) looks the same to the client and takes the same time, so the login form
 * cannot be used to find out which usernames exist.
 */
import { Injectable } from '@nestjs/common';
import { EventStore } from '../../event-store/event-store.port';
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
import type { EntityManager } from 'typeorm';
import {
  loginStream,
  UNKNOWN_USERS_LOGIN_STREAM,
  type LoginEvent,
  type LoginFailed,
  type LoginMethod,
} from './login.events';
import { LoginThrottle } from './login-throttle';

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
  /**
   * Attempts are checked two at a time (lock, lookup, password, count): a burst of wrong passwords stops
   * at the lock its first failures set instead of all hashing at once, and hashes never fill the thread pool.
   */
  private readonly checking = new ConcurrencyLimit(2);

  constructor(
    private readonly users: UsersService,
    private readonly store: EventStore,
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
      await this.record(stream, { type: 'security/loginFailed', data }, 'anonymous');
      throw unauthorized(INVALID_LOGIN);
    }
    if (needsRehash(stored, DEFAULT_SCRYPT_PARAMS)) await this.users.upgradeHash(user.id, await hashPassword(password));
    return user;
  }

  /** Records a successful login; pass the transaction that creates the session so both happen or neither. */
  async recordLogin(user: UserRow, method: LoginMethod, client: ClientInfo, tx?: EntityManager): Promise<void> {
    const data = { userId: user.id, username: user.username, method, ...client };
    await this.record(loginStream(user.username), { type: 'security/loggedIn', data }, String(user.id), tx);
  }

  /** `sessionId`: the ended session's id hash, so every server process can close that session's sockets. */
  async recordLogout(userId: number, username: string, sessionId: string): Promise<void> {
    await this.record(
      loginStream(username),
      { type: 'security/loggedOut', data: { userId, username, sessionId } },
      String(userId),
    );
  }

  private async record(stream: string, event: LoginEvent, actor: string, tx?: EntityManager): Promise<void> {
    await this.store.append(stream, [event], { expectedVersion: 'any', tx, meta: { actor, undoable: false } });
  }
}
