/**
 * `users` as a fold of the user and login streams (projections/CONTEXT.md), written by the shared writer
 * in the append's transaction; `rebuild('users')` reproduces it. A user's roles are a column of its row
 * (`roles text[]`): one `userRolesChanged` gives the whole set, which a table with a row per role could
 * not take as a per-row fold. `user_roles` is a view over that column for the queries that join it.
 *
 * The password hash is not here: `user_credentials` (no foreign key, written beside the append by
 * UsersService) is never read or written by this fold, so neither a live event nor a rebuild can touch it.
 */
import { leaveUnchanged, type LoggedIn, type UserCreated, type UserEvent } from '@strata/domain';
import type { Envelope } from '@strata/events';
import { streamNumber } from '../../event-store/envelope-ids';
import { foldProjection, type FoldProjection } from '../../projections/fold-projection';

type Created = UserCreated['data'];

/** A row of `users` as `to_jsonb` gives it (timestamps as ISO text); the fields users enter come from the events. */
export type UsersTableRow = {
  id: Created['id'];
  username: Created['username'];
  first_name: Created['firstName'];
  last_name: Created['lastName'];
  email: Created['email'];
  roles: Created['roles'];
  active: boolean;
  created_on: string;
  changed_on: string;
  /** The actor as the envelope names it: a user id or 'system'. */
  created_by: string;
  changed_by: string;
  last_login: string | null;
  login_count: number;
  /** Version of the `user:<id>` stream this row reflects (for optimistic concurrency on edits). */
  version: number;
};

type UsersEvent = Envelope & (UserEvent | LoggedIn);

/** The same set of roles whatever order the form sent them in. */
const roleSet = (roles: readonly string[]) => [...new Set(roles)].sort();

function evolve(row: UsersTableRow | null, event: UsersEvent): UsersTableRow | null {
  const touched = (r: UsersTableRow): UsersTableRow => ({
    ...r,
    changed_on: event.meta.at,
    changed_by: event.meta.actor,
    version: event.version,
  });
  switch (event.type) {
    case 'security/userCreated': {
      const { id, username, firstName, lastName, email, roles } = event.data;
      return {
        id,
        username,
        first_name: firstName,
        last_name: lastName,
        email,
        roles: roleSet(roles),
        active: true,
        created_on: event.meta.at,
        changed_on: event.meta.at,
        created_by: event.meta.actor,
        changed_by: event.meta.actor,
        last_login: null,
        login_count: 0,
        version: event.version,
      };
    }
    case 'security/userRolesChanged':
      return row && touched({ ...row, roles: roleSet(event.data.roles) });
    case 'security/userFirstNameChanged':
      return row && touched({ ...row, first_name: event.data.firstName });
    case 'security/userLastNameChanged':
      return row && touched({ ...row, last_name: event.data.lastName });
    case 'security/userEmailChanged':
      return row && touched({ ...row, email: event.data.email });
    case 'security/userDeactivated':
      return row && touched({ ...row, active: false });
    case 'security/userReactivated':
      return row && touched({ ...row, active: true });
    case 'security/userPasswordChanged':
      // The hash lives in user_credentials; the row only records that the user changed.
      return row && touched(row);
    case 'security/userDeleted':
      // The account leaves the read model (and frees its username); the log keeps its history.
      return null;
    case 'security/loggedIn':
      // From the login stream: bookkeeping only, not a version of the user's stream.
      return row && { ...row, last_login: event.meta.at, login_count: row.login_count + 1 };
    default:
      return leaveUnchanged(event, row);
  }
}

export const usersFold: FoldProjection<UsersTableRow, UsersEvent> = {
  name: 'users',
  table: 'users',
  key: ['id'],
  handles: [
    'security/userCreated',
    'security/userRolesChanged',
    'security/userFirstNameChanged',
    'security/userLastNameChanged',
    'security/userEmailChanged',
    'security/userDeactivated',
    'security/userReactivated',
    'security/userPasswordChanged',
    'security/userDeleted',
    'security/loggedIn',
  ],
  // Login events live on `login:<username>` and name their user; the others are on `user:<id>`.
  rowsOf: (event) => ({ id: event.type === 'security/loggedIn' ? event.data.userId : streamNumber(event.stream) }),
  evolve,
};

export const usersProjection = () => foldProjection(usersFold);
