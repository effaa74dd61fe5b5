import { defineSummaries, quote } from '../../audit/summary';
import type { RoleEvent, RolePair } from './role.events';

/** The role's name as it was before the event (events after creation carry none, a rename only the new one). */
export interface RoleNames {
  name: string | undefined;
}

function evolve(state: RoleNames, event: RoleEvent): RoleNames {
  if (event.type === 'security/roleCreated' || event.type === 'security/roleRenamed') return { name: event.data.name };
  return state;
}

const roleOf = (objectName: string | undefined, before: RoleNames | undefined) => {
  const name = before?.name || objectName;
  return name ? quote(name) : 'a role';
};
const pairs = (list: RolePair[]) => list.map(([p, v]) => `${p} on ${v}`).join(', ');

/** Custom roles (admin edits) in the audit log's words. */
export const roleSummaries = defineSummaries<RoleEvent, RoleNames>({
  context: 'roles',
  names: { initial: () => ({ name: undefined }), evolve },
  of: {
    'security/roleCreated': (d, { who }) =>
      `${who} created the role ${quote(d.name)} with ${d.permissions.length} permission${d.permissions.length === 1 ? '' : 's'}`,
    'security/roleRenamed': (d, { who, objectName, before }) =>
      `${who} renamed the role ${roleOf(objectName, before)} to ${quote(d.name)}`,
    'security/rolePermissionsReplaced': (d, { who, objectName, before }) => {
      const parts = [
        d.granted.length > 0 ? `granted ${pairs(d.granted)}` : '',
        d.revoked.length > 0 ? `revoked ${pairs(d.revoked)}` : '',
      ].filter(Boolean);
      return `${who} ${parts.join(' and ') || 'kept the permissions'} for the role ${roleOf(objectName, before)}`;
    },
    'security/roleDeleted': (_d, { who, objectName, before }) =>
      `${who} deleted the role ${roleOf(objectName, before)}`,
  },
});
