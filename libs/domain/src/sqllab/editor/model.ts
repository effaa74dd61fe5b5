/**
 * sqllab-and-platform §3 Query editor tab, Table entry and Editor-wide state: the shape the client folds SQL Lab's
 * editor events into. Times are epoch milliseconds and always arrive on the command.
 */
import type { EditorQuery } from '../queries/query';

export interface CursorPosition {
  row: number;
  column: number;
}

/** sqllab-and-platform §3 Query editor tab. */
export interface QueryEditor {
  version: 1;
  id: string;
  /** False for a tab known only by id and name until its full state is fetched. */
  loaded: boolean;
  name: string;
  sql: string;
  selectedText: string | null;
  dbId: number | null;
  catalog: string | null;
  schema: string | null;
  autorun: boolean;
  queryLimit: number | null;
  maxRow: number | null;
  /** JSON text, as the user typed it. */
  templateParams: string | null;
  /** Id of the saved query this tab was saved as. */
  remoteId: number | null;
  latestQueryId: string | null;
  hideLeftBar: boolean;
  updatedAt: number | null;
  cursorPosition: CursorPosition | null;
  functionNames: readonly string[];
  height: number | null;
  northPercent: number;
  southPercent: number;
  /** True until the tab exists on the server (backend persistence). */
  inLocalStorage: boolean;
}

/** The properties an edit may change; id and version never change. */
export type QueryEditorPatch = Partial<Omit<QueryEditor, 'id' | 'version'>>;

/** Uncommitted edits of the active tab (sqllab-and-platform §3 unsavedQueryEditor). */
export type UnsavedQueryEditor = { id: string } & QueryEditorPatch;

export interface TableColumn {
  name: string;
  type: string;
  longType?: string;
  keys?: readonly { type: string; column_names?: readonly string[] }[];
  comment?: string | null;
}

/** sqllab-and-platform §3 Table entry (in the editor). */
export interface TableEntry {
  id: string;
  dbId: number;
  queryEditorId: string;
  catalog: string | null;
  schema: string;
  name: string;
  expanded: boolean;
  dataPreviewQueryId: string | null;
  columns: readonly TableColumn[];
  selectStar: string | null;
  primaryKey: unknown;
  foreignKeys: readonly unknown[];
  indexes: readonly unknown[];
  isMetadataLoading: boolean;
  isExtraMetadataLoading: boolean;
  initialized: boolean;
  /** What the server keeps in the table schema's description (backend persistence). */
  persistData: Record<string, unknown> | null;
  inLocalStorage: boolean;
}

/** sqllab-and-platform §3 Cost estimate per query (keyed by the tab id). */
export interface CostEstimate {
  completed: boolean;
  /** The server's figures: one entry per statement (REFERENCE §1.1). */
  cost: readonly Record<string, unknown>[] | null;
  error: string | null;
}

/** The dataset created from a query (sqllab-and-platform §4 Dataset creation). */
export interface CreatedDatasource {
  id: number;
  /** Datasource key `{id}__table` (sqllab-and-platform §3 Datasource key). */
  key: string;
  name: string;
}

export const SOUTH_PANE_RESULTS = 'Results';
export const SOUTH_PANE_HISTORY = 'History';

/** sqllab-and-platform §3 Editor-wide state. */
export interface SqlLabState {
  queryEditors: readonly QueryEditor[];
  unsavedQueryEditor: UnsavedQueryEditor | null;
  /** Tab ids, the last one is the active tab; adjacent duplicates never occur. */
  tabHistory: readonly string[];
  tables: readonly TableEntry[];
  queries: Readonly<Record<string, EditorQuery>>;
  queryCostEstimates: Readonly<Record<string, CostEstimate>>;
  /** Tab id to the time it was closed: still to be deleted on the server. */
  destroyedQueryEditors: Readonly<Record<string, number>>;
  /** 'Results', 'History' or the id of a query run without a tab. */
  activeSouthPaneTab: string;
  offline: boolean;
  editorTabLastUpdatedAt: number;
  lastUpdatedActiveTab: string | null;
  queriesLastUpdate: number;
  isDatasourceLoading: boolean;
  errorMessage: string | null;
  datasource: CreatedDatasource | null;
}

export function initialSqlLabState(): SqlLabState {
  return {
    queryEditors: [],
    unsavedQueryEditor: null,
    tabHistory: [],
    tables: [],
    queries: {},
    queryCostEstimates: {},
    destroyedQueryEditors: {},
    activeSouthPaneTab: SOUTH_PANE_RESULTS,
    offline: false,
    editorTabLastUpdatedAt: 0,
    lastUpdatedActiveTab: null,
    queriesLastUpdate: 0,
    isDatasourceLoading: false,
    errorMessage: null,
    datasource: null,
  };
}

/** The active tab's id: the last history entry. */
export function activeTabId(state: SqlLabState): string | null {
  return state.tabHistory.length > 0 ? state.tabHistory[state.tabHistory.length - 1]! : null;
}

/** A tab as the user sees it: the stored tab with the unsaved edits on top when it is the active one. */
export function queryEditorById(state: SqlLabState, id: string): QueryEditor | undefined {
  const stored = state.queryEditors.find((qe) => qe.id === id);
  if (!stored) return undefined;
  const unsaved = state.unsavedQueryEditor;
  return unsaved && unsaved.id === id ? { ...stored, ...unsaved } : stored;
}

export function activeQueryEditor(state: SqlLabState): QueryEditor | undefined {
  const id = activeTabId(state);
  return id === null ? undefined : queryEditorById(state, id);
}

/** Every tab with its unsaved edits applied, in tab order. */
export function visibleQueryEditors(state: SqlLabState): QueryEditor[] {
  return state.queryEditors.map((qe) => queryEditorById(state, qe.id)!);
}

export function tablesOfTab(state: SqlLabState, queryEditorId: string): TableEntry[] {
  return state.tables.filter((t) => t.queryEditorId === queryEditorId);
}
