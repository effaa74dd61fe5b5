import { BUILT_IN_ROLES } from './built-in-roles';
import {
  canAccessDatabase,
  canAddChart,
  canDownloadCsv,
  canEditDashboard,
  canExplore,
  canOverwriteChart,
  canShareChart,
  canShareDashboard,
  canWriteDashboard,
  hasPermission,
  isAdmin,
  isUserWithPermissionsAndRoles,
  type PermissionSubject,
} from './permissions';
import type { PermissionPair } from './vocabulary';

/** A server-side user: role names plus the pairs of all their roles. */
const serverUser = (roles: string[], permissions: PermissionPair[], id = 7): PermissionSubject => ({
  id,
  roles,
  permissions,
});
/** A client-side user as the spec describes it: role name to that role's pairs. */
const clientUser = (roles: Record<string, PermissionPair[]>, userId = 7): PermissionSubject => ({ userId, roles });

describe('roles and permissions (sqllab-and-platform §6)', () => {
  it.each(['admin', 'Admin', 'ADMIN', 'aDmIn'])(
    "sqllab-and-platform §6: a role named '%s' is Admin (case ignored)",
    (role) => {
      expect(isAdmin(serverUser([role], []))).toBe(true);
      expect(isAdmin(clientUser({ [role]: [] }))).toBe(true);
    },
  );

  it('sqllab-and-platform §6: a role that merely contains admin is not Admin', () => {
    expect(isAdmin(serverUser(['administrators', 'sql_admin'], []))).toBe(false);
  });

  it('sqllab-and-platform §6: admins pass every permission check, even for pairs no role lists', () => {
    const admin = clientUser({ Admin: [] });
    expect(hasPermission(admin, 'can_anything', 'AnyView')).toBe(true);
    expect(canOverwriteChart(admin, [])).toBe(true);
    expect(canEditDashboard(admin, [99])).toBe(true);
  });

  it('sqllab-and-platform §6: other checks are on (permission, view) pairs: both must match', () => {
    const user = serverUser(['Gamma'], [['can_write', 'Chart']]);
    expect(hasPermission(user, 'can_write', 'Chart')).toBe(true);
    expect(hasPermission(user, 'can_write', 'Dashboard')).toBe(false);
    expect(hasPermission(user, 'can_read', 'Chart')).toBe(false);
  });

  it('sqllab-and-platform §3 User: the permission map is role name to pairs; any role granting the pair suffices', () => {
    const user = clientUser({ Reader: [['can_read', 'Chart']], Writer: [['can_write', 'Dashboard']] });
    expect(canWriteDashboard(user)).toBe(true);
    expect(canAddChart(user)).toBe(false);
  });

  it('nobody (no user) passes a check', () => {
    expect(hasPermission(null, 'can_read', 'Chart')).toBe(false);
    expect(isAdmin(undefined)).toBe(false);
  });

  it.each([
    ['can_write on Chart (add a chart)', canAddChart, ['can_write', 'Chart']],
    ['can_write on Dashboard', canWriteDashboard, ['can_write', 'Dashboard']],
    ['can_csv on the main view (download)', canDownloadCsv, ['can_csv', 'Strata']],
    ['can_share_dashboard', canShareDashboard, ['can_share_dashboard', 'Strata']],
    ['can_explore', canExplore, ['can_explore', 'Strata']],
    ['can_share_chart', canShareChart, ['can_share_chart', 'Strata']],
  ] as const)('sqllab-and-platform §6: %s', (_name, check, pair) => {
    expect(check(serverUser(['Custom'], [pair]))).toBe(true);
    expect(check(serverUser(['Custom'], [['can_read', 'Chart']]))).toBe(false);
  });

  it('sqllab-and-platform §6: overwriting a chart requires being among its owners', () => {
    const writer = serverUser(['Alpha'], [['can_write', 'Chart']], 7);
    expect(canOverwriteChart(writer, [3, 7])).toBe(true);
    expect(canOverwriteChart(writer, [{ id: 7 }])).toBe(true);
    expect(canOverwriteChart(writer, [3, { id: 4 }])).toBe(false);
    expect(canOverwriteChart(writer, [])).toBe(false);
  });

  it('sqllab-and-platform §6: an owner who may not write charts may not overwrite one', () => {
    expect(canOverwriteChart(serverUser(['Gamma'], [['can_read', 'Chart']], 7), [7])).toBe(false);
  });

  it('a user without an id is nobody’s owner', () => {
    expect(canOverwriteChart({ roles: ['Alpha'], permissions: [['can_write', 'Chart']] }, [7])).toBe(false);
  });

  it('database access comes from a global grant or a grant on that database', () => {
    const examples = { id: 1, name: 'examples' };
    expect(canAccessDatabase(serverUser(['Gamma'], [['database_access', '[examples].(id:1)']]), examples)).toBe(true);
    expect(canAccessDatabase(serverUser(['Gamma'], [['database_access', '[examples].(id:2)']]), examples)).toBe(false);
    expect(canAccessDatabase(serverUser(['Alpha'], [...BUILT_IN_ROLES.Alpha]), examples)).toBe(true);
    expect(canAccessDatabase(serverUser(['Gamma'], [...BUILT_IN_ROLES.Gamma]), examples)).toBe(false);
  });

  it('sqllab-and-platform §3 User: recognised by having username, permissions and roles', () => {
    expect(isUserWithPermissionsAndRoles({ username: 'a', roles: {}, permissions: {} })).toBe(true);
    expect(isUserWithPermissionsAndRoles({ username: 'a', roles: {} })).toBe(false);
    expect(isUserWithPermissionsAndRoles({ roles: {}, permissions: {} })).toBe(false);
    expect(isUserWithPermissionsAndRoles(null)).toBe(false);
  });

  it('a client user whose permissions is a data-access map still gets role checks', () => {
    const user = { username: 'a', roles: { Gamma: [['can_write', 'Chart']] }, permissions: { database_access: [] } };
    expect(isUserWithPermissionsAndRoles(user)).toBe(true);
    if (isUserWithPermissionsAndRoles(user)) expect(canAddChart(user)).toBe(true);
  });
});
