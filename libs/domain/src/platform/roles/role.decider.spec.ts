import { summarizeStream } from '../../audit/registry';
import { deciderSpec } from '../../testing';
import { BUILT_IN_ROLES } from '../permissions/built-in-roles';
import { roleDecider } from './role.decider';
import type { RoleEvent, RolePair } from './role.events';

const spec = deciderSpec(roleDecider, {});
const explore: RolePair = ['can_explore', 'Strata'];
const csv: RolePair = ['can_csv', 'Strata'];
const created: RoleEvent = { type: 'security/roleCreated', data: { id: 7, name: 'analyst', permissions: [explore] } };

describe('role decider', () => {
  it('given no role, when CreateRole, then roleCreated with de-duplicated pairs', () => {
    spec
      .given([])
      .when({ type: 'CreateRole', data: { id: 7, name: ' analyst ', permissions: [explore, explore] } })
      .then([created]);
  });

  it("accepts every built-in role's pairs", () => {
    const permissions = BUILT_IN_ROLES.Admin.map(([p, v]) => [p, v] as RolePair);
    spec
      .given([])
      .when({ type: 'CreateRole', data: { id: 1, name: 'copy', permissions } })
      .then([{ type: 'security/roleCreated', data: { id: 1, name: 'copy', permissions } }]);
  });

  it('refuses a built-in name (any case), a bad name and pairs outside the vocabulary', () => {
    spec
      .given([])
      .when({ type: 'CreateRole', data: { id: 1, name: 'alpha', permissions: [] } })
      .thenThrows('role_name_taken');
    spec
      .given([])
      .when({ type: 'CreateRole', data: { id: 1, name: '', permissions: [] } })
      .thenThrows('invalid_role_name');
    spec
      .given([])
      .when({ type: 'CreateRole', data: { id: 1, name: 'x', permissions: [['can_fly', 'Strata']] } })
      .thenThrows('unknown_permission');
  });

  it('given a role, when ReplaceRolePermissions, then what was granted and revoked; nothing when the set is the same', () => {
    spec
      .given([created])
      .when({ type: 'ReplaceRolePermissions', data: { permissions: [csv] } })
      .then([
        { type: 'security/rolePermissionsReplaced', data: { permissions: [csv], granted: [csv], revoked: [explore] } },
      ]);
    spec
      .given([created])
      .when({ type: 'ReplaceRolePermissions', data: { permissions: [explore] } })
      .then([]);
  });

  it('renames; a deleted role takes nothing more; a held role is not deleted', () => {
    spec
      .given([created])
      .when({ type: 'RenameRole', data: { name: 'analysts' } })
      .then([{ type: 'security/roleRenamed', data: { name: 'analysts' } }]);
    spec.given([created]).when({ type: 'DeleteRole', data: {} }, { holders: 2 }).thenThrows('role_in_use');
    spec
      .given([created])
      .when({ type: 'DeleteRole', data: {} }, { holders: 0, namedBy: ["dashboard 'Sales'", "database 'examples'"] })
      .thenThrows('role_in_use');
    spec
      .given([created])
      .when({ type: 'RenameRole', data: { name: 'z' } }, { namedBy: ["dashboard 'Sales'"] })
      .thenThrows('role_in_use');
    expect(() =>
      roleDecider.decide({ type: 'DeleteRole', data: {} }, roleDecider.evolve(roleDecider.initialState(), created), {
        namedBy: ["dashboard 'Sales'", "database 'examples'"],
      }),
    ).toThrow("The role analyst is named by dashboard 'Sales', database 'examples': take it off them first.");
    spec
      .given([created])
      .when({ type: 'RenameRole', data: { name: 'z' } }, { holders: 1 })
      .thenThrows('role_in_use');
    spec
      .given([created])
      .when({ type: 'DeleteRole', data: {} }, { holders: 0 })
      .then([{ type: 'security/roleDeleted', data: {} }]);
    spec
      .given([created, { type: 'security/roleDeleted', data: {} }])
      .when({ type: 'RenameRole', data: { name: 'y' } })
      .thenThrows('role_not_found');
  });
});

describe('role summaries', () => {
  it('name the role as it was and the pairs each change granted or revoked', () => {
    const replaced: RoleEvent = {
      type: 'security/rolePermissionsReplaced',
      data: { permissions: [csv], granted: [csv], revoked: [explore] },
    };
    const renamed: RoleEvent = { type: 'security/roleRenamed', data: { name: 'analysts' } };
    const deleted: RoleEvent = { type: 'security/roleDeleted', data: {} };
    expect(summarizeStream([created, replaced, renamed, deleted], () => ({ who: 'admin' }))).toEqual([
      "admin created the role 'analyst' with 1 permission",
      "admin granted can_csv on Strata and revoked can_explore on Strata for the role 'analyst'",
      "admin renamed the role 'analyst' to 'analysts'",
      "admin deleted the role 'analysts'",
    ]);
  });
});
