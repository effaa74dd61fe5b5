/**
 * sqllab-and-platform §4 Persistence: what the editor keeps in browser storage (key 'redux'), the size rules for
 * stored results, and the merge of stored state with the server's on load. Never result rows
 * (REFERENCE "Known pains": large results in browser storage froze SQL Lab).
 */
import {
  BROWSER_STORAGE_MAX_QUERY_AGE_MS,
  BROWSER_STORAGE_MAX_QUERY_RESULTS_KB,
  BROWSER_STORAGE_MAX_USAGE_KB,
  BROWSER_STORAGE_WARNING_THRESHOLD,
  BYTES_PER_CHAR,
  KB_STORAGE,
} from '../constants';
import { activeTabId, visibleQueryEditors, type QueryEditor, type SqlLabState, type TableEntry } from '../editor/model';
import { collapseHistory } from '../editor/tab-state';
import type { EditorQuery } from '../queries/query';

/** The editor state as written to browser storage. */
export interface BrowserSqlLabState {
  queryEditors: QueryEditor[];
  tabHistory?: string[];
  tables?: TableEntry[];
  queries?: Record<string, EditorQuery>;
  lastUpdatedActiveTab?: string | null;
  destroyedQueryEditors?: Record<string, number>;
}

/** The size estimate of stored text: 2 bytes per character, in KB rounded to 2 decimals. */
export function storageSizeKb(json: string): number {
  return Math.round(((json.length * BYTES_PER_CHAR) / KB_STORAGE) * 100) / 100;
}

/** sqllab-and-platform §9: warn when browser storage use passes 90% of 5120 KB. */
export function isBrowserStorageNearlyFull(sizeKb: number): boolean {
  return sizeKb > BROWSER_STORAGE_MAX_USAGE_KB * BROWSER_STORAGE_WARNING_THRESHOLD;
}

/** sqllab-and-platform §4: results are dropped when the run started over a day ago or their size estimate is over 1024 KB. */
export function shouldEmptyQueryResults(query: EditorQuery, now: number): boolean {
  if (now - query.startDttm > BROWSER_STORAGE_MAX_QUERY_AGE_MS) return true;
  return query.results !== null && storageSizeKb(JSON.stringify(query.results)) > BROWSER_STORAGE_MAX_QUERY_RESULTS_KB;
}

/** A run as stored: never its rows; no results at all when they are too old or too large. */
export function storableQuery(query: EditorQuery, now: number): EditorQuery {
  if (query.results === null) return query;
  if (shouldEmptyQueryResults(query, now)) return { ...query, results: null };
  return { ...query, results: { ...query.results, data: [] } };
}

export function storableQueries(
  queries: Readonly<Record<string, EditorQuery>>,
  now: number,
  keep: (q: EditorQuery) => boolean = () => true,
): Record<string, EditorQuery> {
  const out: Record<string, EditorQuery> = {};
  for (const [id, q] of Object.entries(queries)) if (keep(q)) out[id] = storableQuery(q, now);
  return out;
}

/** Tabs with their unsaved edits, changed since the last save to the server. */
export function changedQueryEditors(state: SqlLabState): QueryEditor[] {
  return visibleQueryEditors(state).filter(
    (qe) => qe.updatedAt !== null && qe.updatedAt > state.editorTabLastUpdatedAt,
  );
}

/**
 * sqllab-and-platform §4: with backend persistence on, only changed tabs, the history, local-only tables and queries
 * (not data previews) and destroyed tabs are written; without it, every tab, table and query.
 */
export function browserStorageState(
  state: SqlLabState,
  options: { backendPersistence: boolean; now: number },
): BrowserSqlLabState {
  const { backendPersistence, now } = options;
  const withUnsaved = visibleQueryEditors(state);
  const hasDestroyed = Object.keys(state.destroyedQueryEditors).length > 0;
  const destroyed = hasDestroyed ? { destroyedQueryEditors: { ...state.destroyedQueryEditors } } : {};
  if (!backendPersistence) {
    return {
      queryEditors: withUnsaved,
      tabHistory: [...state.tabHistory],
      tables: [...state.tables],
      queries: storableQueries(state.queries, now),
      ...destroyed,
    };
  }
  const queryEditors = changedQueryEditors(state);
  const migrated = queryEditors.every((qe) => !qe.inLocalStorage);
  const active = activeTabId(state);
  return {
    queryEditors,
    ...(!migrated && {
      tabHistory: [...state.tabHistory],
      tables: state.tables.filter((t) => t.inLocalStorage),
      queries: storableQueries(state.queries, now, (q) => q.inLocalStorage === true && !q.isDataPreview),
    }),
    ...(state.lastUpdatedActiveTab !== active && { lastUpdatedActiveTab: state.lastUpdatedActiveTab }),
    ...destroyed,
  };
}

/** The JSON text stored under 'redux', and its size in KB. */
export function serializeBrowserState(stored: BrowserSqlLabState): { json: string; sizeKb: number } {
  const json = JSON.stringify({ sqlLab: stored });
  return { json, sizeKb: storageSizeKb(json) };
}

export interface MergedLoad {
  state: SqlLabState;
  /** An empty stored tab list removes the stored state. */
  removeStored: boolean;
}

/**
 * sqllab-and-platform §4: on load, browser-stored state is merged with the server's: local entries win when newer or
 * unknown to the server; destroyed tabs are removed from the list.
 */
export function mergeBrowserState(server: SqlLabState, stored: BrowserSqlLabState | null): MergedLoad {
  if (!stored) return { state: server, removeStored: false };
  if (stored.queryEditors.length === 0) return { state: server, removeStored: true };
  const editors = new Map(server.queryEditors.map((qe) => [qe.id, qe] as const));
  for (const local of stored.queryEditors) {
    const remote = editors.get(local.id);
    const newer = local.updatedAt !== null && (remote?.updatedAt == null || local.updatedAt > remote.updatedAt);
    if (!remote) editors.set(local.id, { ...local, inLocalStorage: true });
    else if (newer) editors.set(local.id, { ...remote, ...local, inLocalStorage: false });
  }
  const destroyed = stored.destroyedQueryEditors ?? {};
  const destroyedQueryEditors: Record<string, number> = { ...server.destroyedQueryEditors };
  for (const [id, at] of Object.entries(destroyed)) {
    if (editors.delete(id)) destroyedQueryEditors[id] = at;
  }
  const queryEditors = [...editors.values()];
  const ids = new Set(queryEditors.map((qe) => qe.id));
  const tables = [...server.tables];
  for (const t of stored.tables ?? []) {
    if (!ids.has(t.queryEditorId)) continue;
    const at = tables.findIndex((x) => x.id === t.id);
    const merged = { ...(at >= 0 ? tables[at] : {}), ...t, inLocalStorage: true };
    if (at >= 0) tables[at] = merged;
    else tables.push(merged);
  }
  const queries: Record<string, EditorQuery> = { ...server.queries };
  for (const q of Object.values(stored.queries ?? {})) queries[q.id] = { ...q, inLocalStorage: true };
  const history = collapseHistory([...server.tabHistory, ...(stored.tabHistory ?? [])].filter((id) => ids.has(id)));
  const tabHistory =
    history.length === 0 && queryEditors.length > 0 ? [queryEditors[queryEditors.length - 1]!.id] : history;
  return {
    state: {
      ...server,
      queryEditors,
      tabHistory,
      tables,
      queries,
      destroyedQueryEditors,
      unsavedQueryEditor: null,
      lastUpdatedActiveTab:
        stored.lastUpdatedActiveTab ?? tabHistory[tabHistory.length - 1] ?? server.lastUpdatedActiveTab,
    },
    removeStored: false,
  };
}

/** sqllab-and-platform §4: what the 5-second tab sync must do now. */
export interface TabSyncPlan {
  /** The active tab to activate on the server, if it changed and exists there. */
  activate: string | null;
  /** Local-only tabs to push to the server. */
  migrate: string[];
  /** Destroyed tabs to delete on the server. */
  deleteRemote: string[];
}

export function tabSyncPlan(state: SqlLabState): TabSyncPlan {
  const active = activeTabId(state);
  const activeTab = state.queryEditors.find((qe) => qe.id === active);
  return {
    activate: activeTab && !activeTab.inLocalStorage && active !== state.lastUpdatedActiveTab ? active : null,
    migrate: state.queryEditors.filter((qe) => qe.inLocalStorage).map((qe) => qe.id),
    deleteRemote: Object.keys(state.destroyedQueryEditors),
  };
}
