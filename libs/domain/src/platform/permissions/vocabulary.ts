/**
 * The names of permissions and views. A grant is a (permission, view) pair, e.g.
 * ['can_write', 'Dashboard']; names follow the ones existing BI administrators already know.
 */
export type PermissionPair = readonly [permission: string, view: string];

export const Permission = {
  READ: 'can_read',
  WRITE: 'can_write',
  EXPORT: 'can_export',
  CSV: 'can_csv',
  EXPLORE: 'can_explore',
  SHARE_CHART: 'can_share_chart',
  SHARE_DASHBOARD: 'can_share_dashboard',
  LOG: 'can_log',
  LIST: 'can_list',
  EXECUTE_SQL_QUERY: 'can_execute_sql_query',
  GET_RESULTS: 'can_get_results',
  EXPORT_CSV: 'can_export_csv',
  ESTIMATE_QUERY_COST: 'can_estimate_query_cost',
  FORMAT_SQL: 'can_format_sql',
  GRANT_GUEST_TOKEN: 'can_grant_guest_token',
  SET_EMBEDDED: 'can_set_embedded',
  WARM_UP_CACHE: 'can_warm_up_cache',
  UPDATE_ROLE: 'can_update_role',
  MENU_ACCESS: 'menu_access',
  ALL_DATABASE_ACCESS: 'all_database_access',
  ALL_DATASOURCE_ACCESS: 'all_datasource_access',
  ALL_QUERY_ACCESS: 'all_query_access',
  DATABASE_ACCESS: 'database_access',
} as const;

export const PermissionView = {
  /** The main view: app-wide abilities (download CSV, explore, share) hang on it. */
  MAIN: 'Strata',
  CHART: 'Chart',
  DASHBOARD: 'Dashboard',
  DATASET: 'Dataset',
  DATABASE: 'Database',
  SQL_LAB: 'SQLLab',
  SAVED_QUERY: 'SavedQuery',
  QUERY: 'Query',
  TAB_STATE: 'TabStateView',
  TABLE_SCHEMA: 'TableSchemaView',
  SQL_LAB_PERMALINK: 'SqlLabPermalinkRestApi',
  EXPLORE_PERMALINK: 'ExplorePermalinkRestApi',
  DASHBOARD_PERMALINK: 'DashboardPermalinkRestApi',
  ASYNC_EVENTS: 'AsyncEventsRestApi',
  REPORT_SCHEDULE: 'ReportSchedule',
  ANNOTATION_LAYER: 'AnnotationLayer',
  CSS_TEMPLATE: 'CssTemplate',
  USER: 'User',
  ROLE: 'Role',
  LOG: 'Log',
  ROW_LEVEL_SECURITY: 'RowLevelSecurity',
  SECURITY: 'SecurityRestApi',
  // Global data-access permissions name themselves as their view.
  ALL_DATABASE_ACCESS: 'all_database_access',
  ALL_DATASOURCE_ACCESS: 'all_datasource_access',
  ALL_QUERY_ACCESS: 'all_query_access',
} as const;

/** The view of a per-database grant: `database_access` on '[examples].(id:1)'. */
export function databaseAccessView(database: { id: number; name: string }): string {
  return `[${database.name}].(id:${database.id})`;
}
