import { count, defineSummaries, quote } from '../../audit/summary';
import type { UsersEvent } from './user-list.events';

/** The users admin page in the audit log's words (issue 13). */
export const userListSummaries = defineSummaries<UsersEvent>({
  context: 'users page',
  of: {
    'users/listLoaded': (d, { who }) => `${who} loaded the list of users (${count(d.users.length, 'user')})`,
    'users/listLoadFailed': (d, { who }) => `loading the list of users failed for ${who}: ${quote(d.message)}`,
    'users/rolesLoaded': (d, { who }) => `${who} loaded the roles (${count(d.roles.length, 'role')})`,
    'users/userCreated': (d, { who }) => `${who} created the user ${quote(d.user.username)}`,
    'users/userRolesChanged': (d, { who }) =>
      `${who} set the roles of ${quote(d.user.username)} to ${d.user.roles.length === 0 ? 'none' : d.user.roles.map(quote).join(', ')}`,
    'users/userChanged': (d, { who }) => `${who} ${d.what} ${quote(d.user.username)}`,
    'users/userDeleted': (d, { who }) => `${who} deleted the user ${quote(d.username)}`,
    'users/roleCreated': (d, { who }) =>
      `${who} created the role ${quote(d.role.name)} with ${count(d.role.permissions.length, 'permission')}`,
    'users/rolePermissionsReplaced': (d, { who }) =>
      `${who} set the permissions of the role ${quote(d.role.name)} (${count(d.role.permissions.length, 'permission')})`,
    'users/roleDeleted': (d, { who }) => `${who} deleted the role ${quote(d.name)}`,
  },
});
