/**
 * Query.to_dict() (REFERENCE §1.2): the camelCase shape every SQL Lab client reads, from a `query` row
 * joined with its database's name and its user's display name.
 */
export const QUERY_SELECT = `SELECT q.*, d.database_name AS db_name,
    NULLIF(TRIM(CONCAT(u.first_name, ' ', u.last_name)), '') AS user_label, u.username AS user_name
  FROM query q
  LEFT JOIN databases d ON d.id = q.database_id
  LEFT JOIN users u ON u.id = q.user_id`;

export interface QueryDbRow {
  id: number;
  client_id: string;
  database_id: number;
  tmp_table_name: string | null;
  tmp_schema_name: string | null;
  user_id: number;
  status: string;
  tab_name: string | null;
  sql_editor_id: string | null;
  schema: string | null;
  catalog: string | null;
  sql: string;
  select_sql: string | null;
  executed_sql: string | null;
  limit: number | null;
  limiting_factor: string;
  select_as_cta: boolean;
  select_as_cta_used: boolean;
  ctas_method: string;
  run_async: boolean;
  progress: number;
  rows: number | null;
  error_message: string | null;
  results_key: string | null;
  start_time: string | null;
  start_running_time: string | null;
  end_time: string | null;
  tracking_url: string | null;
  extra: Record<string, unknown>;
  changed_on: Date;
  db_name: string | null;
  user_label: string | null;
  user_name: string | null;
}

const ms = (v: string | null): number | null => (v === null ? null : Number(v));

export function queryToDict(row: QueryDbRow) {
  return {
    changed_on: row.changed_on.toISOString(),
    dbId: row.database_id,
    db: row.db_name,
    endDttm: ms(row.end_time),
    errorMessage: row.error_message,
    executedSql: row.executed_sql,
    id: row.client_id,
    queryId: row.id,
    limit: row.limit,
    limitingFactor: row.limiting_factor,
    progress: row.progress,
    rows: row.rows,
    catalog: row.catalog,
    schema: row.schema,
    ctas: row.select_as_cta,
    ctas_method: row.ctas_method,
    serverId: row.id,
    sql: row.sql,
    sqlEditorId: row.sql_editor_id,
    startDttm: ms(row.start_time),
    state: row.status,
    tab: row.tab_name,
    tempSchema: row.tmp_schema_name,
    tempTable: row.tmp_table_name,
    userId: row.user_id,
    user: row.user_label ?? row.user_name,
    resultsKey: row.results_key,
    trackingUrl: row.tracking_url,
    runAsync: row.run_async,
    selectSql: row.select_sql,
    extra: row.extra,
  };
}

export type QueryDict = ReturnType<typeof queryToDict>;
