/**
 * Sign-in facts, for the audit trail and for "last login" in the users list. They live on stream
 * `login:<username>` (lower-cased) rather than the user's own stream: a burst of attempts against one
 * account is one stream to read, and appending them never conflicts with an admin editing the user.
 * Failed attempts for usernames that do not exist all go to one stream, UNKNOWN_USERS_LOGIN_STREAM:
 * anyone can type any name, and one stream per name would let them create streams without end.
 * Passwords, even wrong ones, are never recorded; sessions and tokens live beside the log, not in it.
 */
import type { EventLike } from '@strata/events';

export type LoginMethod = 'session' | 'token' | 'refresh';
export type LoginFailureReason = 'unknown_user' | 'wrong_password' | 'inactive';

export type LoggedIn = EventLike<
  'security/loggedIn',
  { userId: number; username: string; method: LoginMethod; ip: string | null; userAgent: string | null }
>;
export type LoginFailed = EventLike<
  'security/loginFailed',
  {
    username: string;
    /** Kept for the audit log only: the client always gets the same message whatever the reason. */
    reason: LoginFailureReason;
    userId: number | null;
    ip: string | null;
    userAgent: string | null;
  }
>;
/** `sessionId`: the id hash of the session that ended (absent on events from before it was recorded). */
export type LoggedOut = EventLike<'security/loggedOut', { userId: number; username: string; sessionId?: string }>;

export type LoginEvent = LoggedIn | LoginFailed | LoggedOut;

export const loginStream = (username: string) => `login:${username.toLowerCase()}`;
/** Not under `login:`, so no username can name it. */
export const UNKNOWN_USERS_LOGIN_STREAM = 'login-unknown-users:failures';
