import { defineSummaries, quote } from '../../audit/summary';
import type { UserEvent } from './user.events';

/** The user's name as it was, from the stream's creation (events after it carry no username). */
export interface UserNames {
  username: string | undefined;
}

function evolve(state: UserNames, event: UserEvent): UserNames {
  return event.type === 'security/userCreated' ? { username: event.data.username } : state;
}

/** "bob", or "a user" when neither the caller nor the stream says. */
const userOf = (objectName: string | undefined, before: UserNames | undefined) =>
  objectName || before?.username || 'a user';

/** "the role Alpha", "the roles Alpha and Gamma". */
function roles(list: readonly string[]): string {
  const names = list.map(quote);
  const text = names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return `the ${list.length === 1 ? 'role' : 'roles'} ${text}`;
}

function rolesChanged(who: string, user: string, d: { roles: string[]; granted: string[]; revoked: string[] }) {
  const gave = d.granted.length > 0 ? `gave ${user} ${roles(d.granted)}` : '';
  const took = d.revoked.length > 0 ? `took ${roles(d.revoked)} from ${user}` : '';
  if (gave && took) return `${who} ${gave} and ${took}`;
  if (gave || took) return `${who} ${gave || took}`;
  return `${who} set the roles of ${user} to ${d.roles.length === 0 ? 'none' : d.roles.map(quote).join(', ')}`;
}

/**
 * A user's life (admin edits) in the audit log's words (issue 13). Passwords are never in these events;
 * a change says only that it happened.
 */
export const userSummaries = defineSummaries<UserEvent, UserNames>({
  context: 'users',
  names: { initial: () => ({ username: undefined }), evolve },
  of: {
    'security/userCreated': (d, { who }) =>
      `${who} created the user ${quote(d.username)}` + (d.roles.length > 0 ? ` with ${roles(d.roles)}` : ''),
    'security/userRolesChanged': (d, { who, objectName, before }) => rolesChanged(who, userOf(objectName, before), d),
    'security/userFirstNameChanged': (d, { who, objectName, before }) =>
      `${who} changed the first name of ${userOf(objectName, before)} to ${quote(d.firstName)}`,
    'security/userLastNameChanged': (d, { who, objectName, before }) =>
      `${who} changed the last name of ${userOf(objectName, before)} to ${quote(d.lastName)}`,
    'security/userEmailChanged': (d, { who, objectName, before }) =>
      `${who} changed the email of ${userOf(objectName, before)} to ${quote(d.email)}`,
    'security/userDeactivated': (_d, { who, objectName, before }) => `${who} deactivated ${userOf(objectName, before)}`,
    'security/userReactivated': (_d, { who, objectName, before }) => `${who} reactivated ${userOf(objectName, before)}`,
    'security/userDeleted': (_d, { who, objectName, before }) => `${who} deleted ${userOf(objectName, before)}`,
    'security/userPasswordChanged': (_d, { who, objectName, before }) => {
      const user = userOf(objectName, before);
      return user === who ? `${who} changed their password` : `${who} changed the password of ${user}`;
    },
  },
});
