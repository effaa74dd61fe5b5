import { Permission, PermissionView as View, databaseAccessView, type PermissionPair } from './vocabulary';

/**
 * Whom a check is about. Two shapes reach the domain: the server's user (role names plus the flat
 * list of pairs of all their roles) and the spec's client-side user (role name to that role's pairs).
 */
export interface PermissionSubject {
  roles: readonly string[] | Readonly<Record<string, readonly PermissionPair[]>>;
  permissions?: readonly PermissionPair[];
  /** Needed only for owner rules. */
  id?: number;
  userId?: number;
}

/** An owner as charts and dashboards list them: a user id or a user object. */
export type Owner = number | { id: number };

const ADMIN_ROLE = 'admin';

export function roleNames(user: PermissionSubject): string[] {
  return Array.isArray(user.roles) ? [...user.roles] : Object.keys(user.roles);
}

/** sqllab-and-platform §6: Admin is a role whose name equals 'admin', ignoring case. */
export function isAdmin(user: PermissionSubject | null | undefined): boolean {
  return !!user && roleNames(user).some((role) => role.toLowerCase() === ADMIN_ROLE);
}

function grantedPairs(user: PermissionSubject): readonly PermissionPair[] {
  const fromRoles = Array.isArray(user.roles)
    ? []
    : Object.values(user.roles as Readonly<Record<string, readonly PermissionPair[]>>).flat();
  // The client's user may carry a non-pair `permissions` map (data-access lists): only pairs count here.
  const direct = Array.isArray(user.permissions) ? user.permissions : [];
  return [...direct, ...fromRoles];
}

/** sqllab-and-platform §6: admins pass every check; everyone else needs the (permission, view) pair. */
export function hasPermission(user: PermissionSubject | null | undefined, permission: string, view: string): boolean {
  if (!user) return false;
  if (isAdmin(user)) return true;
  return grantedPairs(user).some(([p, v]) => p === permission && v === view);
}

/** sqllab-and-platform §6: can_write on Chart: the user may add a chart. */
export const canAddChart = (user: PermissionSubject | null | undefined) =>
  hasPermission(user, Permission.WRITE, View.CHART);

/** sqllab-and-platform §6: can_write on Dashboard. */
export const canWriteDashboard = (user: PermissionSubject | null | undefined) =>
  hasPermission(user, Permission.WRITE, View.DASHBOARD);

/** sqllab-and-platform §6: can_csv on the main view: the user may download data. */
export const canDownloadCsv = (user: PermissionSubject | null | undefined) =>
  hasPermission(user, Permission.CSV, View.MAIN);

/** sqllab-and-platform §6: can_share_dashboard. */
export const canShareDashboard = (user: PermissionSubject | null | undefined) =>
  hasPermission(user, Permission.SHARE_DASHBOARD, View.MAIN);

/** sqllab-and-platform §6: can_explore. */
export const canExplore = (user: PermissionSubject | null | undefined) =>
  hasPermission(user, Permission.EXPLORE, View.MAIN);

/** sqllab-and-platform §6: can_share_chart. */
export const canShareChart = (user: PermissionSubject | null | undefined) =>
  hasPermission(user, Permission.SHARE_CHART, View.MAIN);

export function userIdOf(user: PermissionSubject): number | undefined {
  return user.id ?? user.userId;
}

/** Whether the user is listed among the owners. */
export function isOwner(user: PermissionSubject | null | undefined, owners: readonly Owner[]): boolean {
  const id = user ? userIdOf(user) : undefined;
  if (id === undefined) return false;
  return owners.some((owner) => (typeof owner === 'number' ? owner : owner.id) === id);
}

/**
 * sqllab-and-platform §6: overwriting a chart requires being among its owners (and still being allowed to write
 * charts: an owner whose role lost can_write may not). Admins pass.
 */
export function canOverwriteChart(user: PermissionSubject | null | undefined, owners: readonly Owner[]): boolean {
  return isAdmin(user) || (isOwner(user, owners) && canAddChart(user));
}

/** The same owner rule for editing a dashboard's layout and properties. */
export function canEditDashboard(user: PermissionSubject | null | undefined, owners: readonly Owner[]): boolean {
  return isAdmin(user) || (isOwner(user, owners) && canWriteDashboard(user));
}

/**
 * Data access to a database (REFERENCE §6.2): all_database_access, all_datasource_access or a
 * database_access grant on that database.
 */
export function canAccessDatabase(
  user: PermissionSubject | null | undefined,
  database: { id: number; name: string },
): boolean {
  return (
    hasPermission(user, Permission.ALL_DATABASE_ACCESS, View.ALL_DATABASE_ACCESS) ||
    hasPermission(user, Permission.ALL_DATASOURCE_ACCESS, View.ALL_DATASOURCE_ACCESS) ||
    hasPermission(user, Permission.DATABASE_ACCESS, databaseAccessView(database))
  );
}

/** sqllab-and-platform §3 User: recognised by having username, permissions and roles. */
export function isUserWithPermissionsAndRoles(value: unknown): value is PermissionSubject & { username: string } {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate.username === 'string' &&
    typeof candidate.roles === 'object' &&
    candidate.roles !== null &&
    typeof candidate.permissions === 'object' &&
    candidate.permissions !== null
  );
}
