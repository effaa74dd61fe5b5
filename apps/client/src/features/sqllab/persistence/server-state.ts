import {
  initialSqlLabState,
  newEditorQuery,
  tabStateToQueryEditor,
  tabStateToTables,
  tabStubToQueryEditor,
  type EditorQuery,
  type QueryState,
  type SqlLabState,
} from '@strata/domain';
import type { BootstrapResult, ServerQuery } from '../api/sqllab-api';

const epochMs = (value: number | string | null | undefined): number | null => {
  if (value === null || value === undefined) return null;
  const ms = typeof value === 'number' ? value : Date.parse(value);
  return Number.isFinite(ms) ? ms : null;
};

/** A run the server knows (Query.to_dict), as the editor holds it: without rows, which stay on the server. */
export function serverQueryToEditorQuery(q: ServerQuery): EditorQuery {
  const base = newEditorQuery({
    id: q.id,
    dbId: q.dbId,
    sql: q.sql,
    sqlEditorId: q.sqlEditorId ?? null,
    runAsync: false,
    startDttm: epochMs(q.startDttm) ?? 0,
  });
  return {
    ...base,
    state: q.state as QueryState,
    progress: q.progress ?? 0,
    rows: q.rows ?? null,
    limitingFactor: q.limitingFactor ?? null,
    resultsKey: q.resultsKey ?? null,
    endDttm: epochMs(q.endDttm),
    errorMessage: q.errorMessage ?? null,
    executedSql: q.executedSql ?? null,
    tempTable: q.tempTable ?? null,
    tempSchema: q.tempSchema ?? null,
    ctas: q.ctas ?? false,
    queryLimit: q.limit ?? null,
    extra: q.extra ?? {},
  };
}

/** The editor state the server holds: its tabs (the active one in full, the others by name), their tables and runs. */
export function serverState(boot: BootstrapResult): SqlLabState {
  const active = boot.active_tab;
  const queryEditors = boot.tab_state_ids.map(([id, label]) =>
    active && active.id === id ? tabStateToQueryEditor(active) : tabStubToQueryEditor(id, label),
  );
  if (active && !boot.tab_state_ids.some(([id]) => id === active.id)) queryEditors.push(tabStateToQueryEditor(active));
  const activeId = active ? String(active.id) : null;
  const tabIds = new Set(queryEditors.map((qe) => qe.id));
  const runs = [...Object.values(boot.queries), ...(active?.latest_query ? [active.latest_query as ServerQuery] : [])];
  const queries = Object.fromEntries(
    runs
      .filter((q) => q.id && q.sqlEditorId && tabIds.has(q.sqlEditorId))
      .map((q) => [q.id, serverQueryToEditorQuery(q)]),
  );
  return {
    ...initialSqlLabState(),
    queryEditors,
    queries,
    tables: active ? tabStateToTables(active) : [],
    tabHistory: activeId ? [activeId] : [],
    lastUpdatedActiveTab: activeId,
  };
}
