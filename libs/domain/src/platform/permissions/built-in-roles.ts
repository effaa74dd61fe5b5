import { Permission as P, PermissionView as V, type PermissionPair } from './vocabulary';

/**
 * The built-in roles and their permission pairs (REFERENCE §6.1), as data: the server seeds them at
 * start and re-syncs them, so they are not edited by hand. The groups below are the ones that decide
 * who gets what; the roles are unions of groups.
 */
export const BuiltInRole = {
  ADMIN: 'Admin',
  ALPHA: 'Alpha',
  GAMMA: 'Gamma',
  SQL_LAB: 'sql_lab',
  PUBLIC: 'Public',
} as const;
export type BuiltInRole = (typeof BuiltInRole)[keyof typeof BuiltInRole];

const menu = (...names: string[]): PermissionPair[] => names.map((name) => [P.MENU_ACCESS, name]);
const on = (view: string, ...permissions: string[]): PermissionPair[] => permissions.map((p) => [p, view]);

/** Everyone with an account: own charts and dashboards, read what they are granted (Gamma's base). */
const BASE: readonly PermissionPair[] = [
  ...on(V.MAIN, P.READ, P.CSV, P.EXPLORE, P.SHARE_CHART, P.SHARE_DASHBOARD, P.LOG),
  ...on(V.CHART, P.READ, P.WRITE, P.EXPORT),
  ...on(V.DASHBOARD, P.READ, P.WRITE, P.EXPORT),
  // Datasets and databases are read-only model views below Alpha.
  ...on(V.DATASET, P.READ),
  ...on(V.DATABASE, P.READ),
  ...on(V.EXPLORE_PERMALINK, P.READ, P.WRITE),
  ...on(V.DASHBOARD_PERMALINK, P.READ, P.WRITE),
  ...on(V.ASYNC_EVENTS, P.LIST),
  ...menu('Charts', 'Dashboards', 'Datasets', 'Databases', 'Data'),
];

/** Alpha on top of the base: all data, dataset editing, the "Manage" area. */
const ALPHA_ONLY: readonly PermissionPair[] = [
  [P.ALL_DATABASE_ACCESS, V.ALL_DATABASE_ACCESS],
  [P.ALL_DATASOURCE_ACCESS, V.ALL_DATASOURCE_ACCESS],
  ...on(V.DATASET, P.WRITE, P.EXPORT),
  ...on(V.REPORT_SCHEDULE, P.READ, P.WRITE),
  ...on(V.ANNOTATION_LAYER, P.READ, P.WRITE),
  ...on(V.CSS_TEMPLATE, P.READ, P.WRITE),
  ...menu('Alerts & Report', 'Annotation Layers', 'CSS Templates', 'Import dashboards', 'Manage', 'Queries'),
];

/** The SQL editor (SQLLAB_ONLY_PERMISSIONS plus what the editor needs to browse and download). */
const SQL_LAB: readonly PermissionPair[] = [
  ...on(V.SQL_LAB, P.READ, P.EXECUTE_SQL_QUERY, P.GET_RESULTS, P.EXPORT_CSV, P.ESTIMATE_QUERY_COST, P.FORMAT_SQL),
  ...on(V.SAVED_QUERY, P.READ, P.WRITE, P.EXPORT),
  ...on(V.QUERY, P.READ, P.EXPORT_CSV),
  ...on(V.TAB_STATE, P.READ, P.WRITE),
  ...on(V.TABLE_SCHEMA, P.READ, P.WRITE),
  ...on(V.SQL_LAB_PERMALINK, P.READ, P.WRITE),
  ...menu('SQL Lab', 'SQL Editor', 'Saved Queries', 'Query Search'),
  ...on(V.MAIN, P.READ, P.CSV),
  ...on(V.DATABASE, P.READ),
];

/** Security administration and what would let a user see or grant beyond their own data. */
const ADMIN_ONLY: readonly PermissionPair[] = [
  [P.ALL_QUERY_ACCESS, V.ALL_QUERY_ACCESS],
  ...on(V.DATABASE, P.WRITE),
  ...on(V.USER, P.READ, P.WRITE),
  ...on(V.ROLE, P.READ, P.WRITE, P.UPDATE_ROLE),
  ...on(V.LOG, P.READ),
  ...on(V.ROW_LEVEL_SECURITY, P.READ, P.WRITE),
  ...on(V.SECURITY, P.GRANT_GUEST_TOKEN),
  ...on(V.DASHBOARD, P.SET_EMBEDDED),
  ...on(V.CHART, P.WARM_UP_CACHE),
  ...menu('Security', 'List Users', 'List Roles', 'Action Log', 'Row Level Security'),
];

function union(...groups: (readonly PermissionPair[])[]): readonly PermissionPair[] {
  const seen = new Set<string>();
  const result: PermissionPair[] = [];
  for (const pair of groups.flat()) {
    const key = `${pair[0]}\u0000${pair[1]}`;
    if (!seen.has(key)) {
      seen.add(key);
      result.push(pair);
    }
  }
  return result;
}

/**
 * Role name to its (permission, view) pairs. Gamma has no SQL editor (give a user sql_lab plus a
 * database grant for that); Public is the role of anonymous and embedded guest users and starts empty.
 */
export const BUILT_IN_ROLES: Readonly<Record<BuiltInRole, readonly PermissionPair[]>> = {
  Admin: union(BASE, ALPHA_ONLY, SQL_LAB, ADMIN_ONLY),
  Alpha: union(BASE, ALPHA_ONLY),
  Gamma: union(BASE),
  sql_lab: union(SQL_LAB),
  Public: [],
};

/** Role of guest users of embedded dashboards (REFERENCE §6.1 GUEST_ROLE_NAME). */
export const GUEST_ROLE = BuiltInRole.PUBLIC;
