/**
 * The `users` read model as a fold: (row | null, event) -> row | null. Pure, so the live projection and a
 * rebuild from the log cannot disagree. Login events come from `login:<username>` streams and only
 * touch the bookkeeping columns (last_login, login_count).
 */
import { leaveUnchanged, type LoggedIn, type UserEvent } from '@strata/domain';
import type { Envelope } from '@strata/events';

export interface UserRow {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  active: boolean;
  roles: string[];
  createdOn: string;
  changedOn: string;
  createdBy: string;
  changedBy: string;
  lastLogin: string | null;
  loginCount: number;
  /** Version of the `user:<id>` stream this row reflects (for optimistic concurrency on edits). */
  version: number;
}

export type UserRowEvent = UserEvent | LoggedIn;

export const USER_ROW_EVENTS = [
  'security/userCreated',
  'security/userRolesChanged',
  'security/userProfileChanged',
  'security/userDeactivated',
  'security/userReactivated',
  'security/userPasswordChanged',
  'security/loggedIn',
] as const satisfies readonly UserRowEvent['type'][];

/** Which row an event belongs to. */
export function userIdOf(event: Envelope<UserRowEvent['type'], UserRowEvent['data']>): number {
  if (event.type === 'security/loggedIn') return (event.data as LoggedIn['data']).userId;
  return Number(event.stream.slice('user:'.length));
}

export function foldUserRow(row: UserRow | null, envelope: Envelope): UserRow | null {
  const event = envelope as unknown as UserRowEvent;
  const touched = (r: UserRow): UserRow => ({
    ...r,
    changedOn: envelope.meta.at,
    changedBy: envelope.meta.actor,
    version: envelope.version,
  });
  switch (event.type) {
    case 'security/userCreated':
      return {
        ...event.data,
        active: true,
        createdOn: envelope.meta.at,
        changedOn: envelope.meta.at,
        createdBy: envelope.meta.actor,
        changedBy: envelope.meta.actor,
        lastLogin: null,
        loginCount: 0,
        version: envelope.version,
      };
    case 'security/userRolesChanged':
      return row && touched({ ...row, roles: event.data.roles });
    case 'security/userProfileChanged':
      return row && touched({ ...row, ...event.data });
    case 'security/userDeactivated':
      return row && touched({ ...row, active: false });
    case 'security/userReactivated':
      return row && touched({ ...row, active: true });
    case 'security/userPasswordChanged':
      return row && touched(row);
    case 'security/loggedIn':
      return row && { ...row, lastLogin: envelope.meta.at, loginCount: row.loginCount + 1 };
    default:
      return leaveUnchanged(event, row);
  }
}
