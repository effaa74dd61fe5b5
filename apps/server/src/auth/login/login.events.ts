/**
 * Sign-in facts, for the audit trail and for "last login" in the users list. They live on stream
 * `login:<username>` (lower-cased) rather than the user's own stream: failed attempts for unknown usernames
 * have no user to belong to, a burst of attempts against one account is one stream to read (the basis
 * for rate limiting later), and appending them never conflicts with an admin editing the user.
 * Passwords, even wrong ones, are never recorded.
 */
import type { EventLike } from '@strata/events';

export type LoginMethod = 'session' | 'token' | 'refresh';

export type LoggedIn = EventLike<
  'security/loggedIn',
  { userId: number; username: string; method: LoginMethod; ip: string | null; userAgent: string | null }
>;
export type LoginFailed = EventLike<
  'security/loginFailed',
  {
    username: string;
    /** Kept for the audit log only: the client always gets the same message whatever the reason. */
    reason: 'unknown_user' | 'wrong_password' | 'inactive';
    userId: number | null;
    ip: string | null;
    userAgent: string | null;
  }
>;
/** `sessionId`: the id hash of the session that ended (absent on events from before it was recorded). */
export type LoggedOut = EventLike<'security/loggedOut', { userId: number; username: string; sessionId?: string }>;

export type LoginEvent = LoggedIn | LoginFailed | LoggedOut;

export const loginStream = (username: string) => `login:${username.toLowerCase()}`;
