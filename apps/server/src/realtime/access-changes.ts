/**
 * Which committed auth facts take something away from a user's open sockets. Read from CommittedEvents,
 * which every server process receives (its own commits, and the others' through LISTEN/NOTIFY), so each
 * process acts on the sockets connected to it and no process needs to know where a user's sockets are.
 */
import type { LoginEvent, UserEvent } from '@strata/domain';
import type { RevokedReason } from '@strata/events';
import type { CommittedBatch } from '../event-store/committed-events';

export type AccessChange =
  /** Close the user's sockets: all of them, or those signed in with `sessionId` (an id hash). */
  | {
      kind: 'end';
      userId: number;
      sessionId?: string;
      reason: Exclude<RevokedReason, 'access_changed'>;
      message: string;
    }
  /** The user's roles changed: judge each of their subscriptions again. */
  | { kind: 'rights'; userId: number };

export const SIGNED_OUT = 'You were signed out.';
export const DEACTIVATED = 'Your account was deactivated.';
export const PASSWORD_CHANGED = 'Your password was changed: sign in again.';

const USER_STREAM = /^user:(\d+)$/;

export function accessChangesOf(batch: CommittedBatch): AccessChange[] {
  const userId = Number(USER_STREAM.exec(batch.stream)?.[1] ?? NaN);
  const changes: AccessChange[] = [];
  for (const envelope of batch.events) {
    const event = envelope as unknown as UserEvent | LoginEvent;
    switch (event.type) {
      case 'security/userDeactivated':
      case 'security/userDeleted':
        if (Number.isSafeInteger(userId))
          changes.push({ kind: 'end', userId, reason: 'deactivated', message: DEACTIVATED });
        break;
      case 'security/userPasswordChanged':
        if (Number.isSafeInteger(userId))
          changes.push({ kind: 'end', userId, reason: 'session_ended', message: PASSWORD_CHANGED });
        break;
      case 'security/userRolesChanged':
        if (Number.isSafeInteger(userId)) changes.push({ kind: 'rights', userId });
        break;
      case 'security/loggedOut':
        // An event without the session predates recording it: the session it ended is unknown, so none is closed.
        if (event.data.sessionId)
          changes.push({
            kind: 'end',
            userId: event.data.userId,
            sessionId: event.data.sessionId,
            reason: 'session_ended',
            message: SIGNED_OUT,
          });
        break;
      default:
        break;
    }
  }
  return changes;
}
