import {
  initialSqlLabState,
  queryHistoryFold,
  tabStateToQueryEditor,
  tabStateToTables,
  type EditorQuery,
  type QueryHistoryRow,
  type QueryHistoryState,
  type QueryRunState,
  type ReplaySqlLab,
  type SqlLabState,
  type TabStateDict,
} from '@strata/domain';
import { serverQueryToEditorQuery } from '../persistence/server-state';

/** A run of the log as the server lists it (Query.to_dict): its status, counts and error; never its rows. */
export function runToServerQuery(id: string, run: QueryRunState): QueryHistoryRow | null {
  const started = run.started;
  if (!started) return null;
  return {
    id,
    dbId: started.databaseId,
    sql: started.sql,
    sqlEditorId: started.sqlEditorId,
    state: run.status ?? started.status,
    progress: run.progress,
    rows: run.rows,
    limit: started.limit,
    limitingFactor: run.limitingFactor,
    startDttm: started.startDttm,
    endDttm: run.endDttm,
    errorMessage: run.errorMessage,
    resultsKey: run.resultsKey,
    executedSql: run.executedSql,
    tempTable: started.tmpTableName,
    tempSchema: started.tmpSchemaName,
    ctas: started.selectAsCta,
    extra: { progress: run.progressMessage },
    schema: started.schema,
    catalog: started.catalog,
    userId: started.userId,
  };
}

/** SQL Lab's tab of the replayed log in the server's TabState shape, so the page's own mapping reads it. */
function tabStateDict(lab: ReplaySqlLab, tab: ReplaySqlLab['tabs'][number]): TabStateDict {
  return {
    id: tab.tab_id,
    user_id: 0,
    label: tab.label,
    active: tab.active,
    database_id: tab.database_id,
    catalog: tab.catalog,
    schema: tab.schema,
    table_schemas: lab.tables
      .filter((t) => t.tab_id === tab.tab_id)
      .map((t) => ({ ...t, tab_state_id: t.tab_id, schema: t.schema ?? '', description: asRecord(t.description) })),
    sql: tab.sql,
    query_limit: tab.query_limit,
    latest_query: tab.latest_query_id ? { id: tab.latest_query_id } : null,
    autorun: tab.autorun,
    template_params: tab.template_params,
    hide_left_bar: tab.hide_left_bar,
    saved_query: tab.saved_query_id === null ? null : { id: tab.saved_query_id },
    extra_json: tab.extra_json,
  };
}

const asRecord = (value: unknown) =>
  value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : null;

export interface PastSqlLabState {
  editor: SqlLabState;
  /** The query history tab: the runs of the log, newest first. */
  history: QueryHistoryState;
}

/**
 * The replayed user's SQL Lab (sqlLabAt) as the page's state: their tabs, the active one shown, its
 * tables and each run with its recorded status, row count and error (rows are never in the log).
 */
export function pastSqlLabState(lab: ReplaySqlLab): PastSqlLabState {
  const runs = Object.entries(lab.runs).flatMap(([id, run]) => {
    const row = runToServerQuery(id, run);
    // The log keeps the errors the server raised (StrataError), typed loosely on the event.
    return row ? [{ row, errors: run.errors as unknown as EditorQuery['errors'] }] : [];
  });
  const dicts = lab.tabs.map((tab) => tabStateDict(lab, tab));
  const activeId = lab.active ? String(lab.active.tab_id) : null;
  const rows = runs.map((r) => r.row).sort((a, b) => (b.startDttm ?? 0) - (a.startDttm ?? 0));
  const filters = queryHistoryFold.initialState().filters;
  return {
    editor: {
      ...initialSqlLabState(),
      queryEditors: dicts.map(tabStateToQueryEditor),
      tables: dicts.flatMap(tabStateToTables),
      queries: Object.fromEntries(
        runs.map(({ row, errors }) => [row.id, { ...serverQueryToEditorQuery(row), errors }]),
      ),
      tabHistory: activeId ? [activeId] : [],
      lastUpdatedActiveTab: activeId,
    },
    history: queryHistoryFold.evolve(queryHistoryFold.initialState(), {
      type: 'queryHistory/listLoaded',
      data: { filters, page: 0, rows, count: rows.length },
    }),
  };
}
