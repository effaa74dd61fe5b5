/** Building a run from a tab, and the execute request body (sqllab-and-platform §7 Running). */
import type { QueryEditor } from '../editor/model';
import type { CtasMethodName, EditorQuery, QueryRunRequest } from './query';

export interface RunOptions {
  /** The new 11-character client query id. */
  id: string;
  startDttm: number;
  runAsync: boolean;
  /** Run only the selected text when there is a selection (spec: "run selection"). */
  selectionOnly?: boolean;
  ctas?: { method: CtasMethodName; tableName: string | null } | null;
}

/** The run the Run button starts for a tab: its selection or its SQL, database, schema, limit, parameters. */
export function runRequestFromTab(tab: QueryEditor, options: RunOptions): QueryRunRequest | null {
  const selected = options.selectionOnly && tab.selectedText?.trim() ? tab.selectedText : null;
  const sql = selected ?? tab.sql;
  if (tab.dbId === null || sql.trim().length === 0) return null;
  return {
    id: options.id,
    dbId: tab.dbId,
    sql,
    sqlEditorId: tab.id,
    tab: tab.name,
    catalog: tab.catalog,
    schema: tab.schema,
    runAsync: options.runAsync,
    startDttm: options.startDttm,
    templateParams: tab.templateParams,
    queryLimit: tab.queryLimit,
    ctas: Boolean(options.ctas),
    ctas_method: options.ctas?.method ?? 'TABLE',
    tempTable: options.ctas?.tableName ?? null,
  };
}

/** POST /api/v1/sqllab/execute/ body (sqllab-and-platform §7; REFERENCE §1.1 ExecutePayloadSchema). */
export interface ExecutePayload {
  client_id: string;
  database_id: number;
  json: true;
  runAsync: boolean;
  catalog: string | null;
  schema: string | null;
  sql: string;
  sql_editor_id: string | null;
  tab: string | null;
  tmp_table_name: string | null;
  select_as_cta: boolean;
  ctas_method: CtasMethodName;
  templateParams: string | null;
  queryLimit: number | null;
  expand_data: boolean;
}

export function executePayload(query: EditorQuery): ExecutePayload {
  return {
    client_id: query.id,
    database_id: query.dbId,
    json: true,
    runAsync: query.runAsync,
    catalog: query.catalog,
    schema: query.schema,
    sql: query.sql,
    sql_editor_id: query.sqlEditorId,
    tab: query.tab,
    tmp_table_name: query.tempTable,
    select_as_cta: query.ctas,
    ctas_method: query.ctas_method,
    templateParams: query.templateParams,
    queryLimit: query.queryLimit,
    expand_data: true,
  };
}

/** POST /api/v1/sqllab/estimate/ body (sqllab-and-platform §7). */
export interface EstimatePayload {
  database_id: number;
  catalog: string | null;
  schema: string | null;
  sql: string;
  template_params: string | null;
}

export function estimatePayload(tab: QueryEditor): EstimatePayload | null {
  if (tab.dbId === null) return null;
  const sql = tab.selectedText?.trim() ? tab.selectedText : tab.sql;
  return { database_id: tab.dbId, catalog: tab.catalog, schema: tab.schema, sql, template_params: tab.templateParams };
}
