/**
 * `roles` (custom roles) as a fold of the `role:<id>` streams (projections/CONTEXT.md), written by the
 * shared writer in the append's transaction; `rebuild('roles')` reproduces it. The built-in roles are
 * code and have no row.
 */
import { leaveUnchanged, type RoleCreated, type RoleEvent } from '@strata/domain';
import type { Envelope } from '@strata/events';
import { streamNumber } from '../../event-store/envelope-ids';
import { foldProjection, type FoldProjection } from '../../projections/fold-projection';

export type RolesTableRow = {
  id: RoleCreated['data']['id'];
  name: RoleCreated['data']['name'];
  permissions: RoleCreated['data']['permissions'];
  created_on: string;
  changed_on: string;
  created_by: string;
  changed_by: string;
  /** Version of the `role:<id>` stream this row reflects. */
  version: number;
};

type RolesEvent = Envelope & RoleEvent;

function evolve(row: RolesTableRow | null, event: RolesEvent): RolesTableRow | null {
  const touched = (r: RolesTableRow): RolesTableRow => ({
    ...r,
    changed_on: event.meta.at,
    changed_by: event.meta.actor,
    version: event.version,
  });
  switch (event.type) {
    case 'security/roleCreated':
      return {
        id: event.data.id,
        name: event.data.name,
        permissions: event.data.permissions,
        created_on: event.meta.at,
        changed_on: event.meta.at,
        created_by: event.meta.actor,
        changed_by: event.meta.actor,
        version: event.version,
      };
    case 'security/roleRenamed':
      return row && touched({ ...row, name: event.data.name });
    case 'security/rolePermissionsReplaced':
      return row && touched({ ...row, permissions: event.data.permissions });
    case 'security/roleDeleted':
      return null;
    default:
      return leaveUnchanged(event, row);
  }
}

export const rolesFold: FoldProjection<RolesTableRow, RolesEvent> = {
  name: 'roles',
  table: 'roles',
  key: ['id'],
  handles: ['security/roleCreated', 'security/roleRenamed', 'security/rolePermissionsReplaced', 'security/roleDeleted'],
  rowsOf: (event) => ({ id: streamNumber(event.stream) }),
  evolve,
};

export const rolesProjection = () => foldProjection(rolesFold);
