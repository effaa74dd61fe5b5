import { of } from 'rxjs';
import { queryEditorById, tablesKey, type CatalogState, type SqlLabState } from '@strata/domain';
import type { DatabaseOption } from '../api/sqllab-api';
import type { ReadableState, SqlLabPageStore } from '../page-store';
import type { PastSqlLabState } from './past-state';

export interface PastSqlLab {
  state: PastSqlLabState;
  /** The databases SQL Lab offers (the left bar names the tab's); null while they load. */
  databases: readonly DatabaseOption[] | null;
  /** The moment shown (epoch ms): the clock of a run still going then stands still here. */
  at: number;
  /** Why a run's rows are not shown. */
  rowsNote: string;
}

const readable = <S>(state: S): ReadableState<S> => ({ state$: of(state), getState: () => state });
const nothing = () => undefined;
const done = async () => undefined;
const no = async () => false;

/**
 * What the pickers offer, from what the log says the tabs used: each tab's schema and the tables of
 * its left bar. Never loaded from a database: a replay asks no database anything.
 */
function pastCatalog(state: SqlLabState, databases: readonly DatabaseOption[] | null): CatalogState {
  const schemas: Record<string, string[]> = {};
  const tables: Record<string, { value: string }[]> = {};
  const use = (dbId: number | null, schema: string | null) => {
    if (dbId === null || !schema) return;
    const known = (schemas[String(dbId)] ??= []);
    if (!known.includes(schema)) known.push(schema);
    tables[tablesKey(dbId, schema)] ??= [];
  };
  state.queryEditors.forEach((tab) => use(tab.dbId, tab.schema));
  for (const table of state.tables) {
    use(table.dbId, table.schema);
    tables[tablesKey(table.dbId, table.schema)]!.push({ value: table.name });
  }
  return { databases, schemas, tables, metadata: {}, lastError: null };
}

/**
 * A SQL Lab store without effects (a session replay): its state is a fold of the log, it never syncs,
 * never loads the catalog from a database and never runs a query. Every intent does nothing; the page
 * showing it is also guarded (guardReadOnly), so they are not even asked for.
 */
export function createPastSqlLab({ state, databases, at, rowsNote }: PastSqlLab): SqlLabPageStore {
  const editor = state.editor;
  return {
    store: readable(editor),
    catalog: { store: readable(pastCatalog(editor, databases)) },
    saveDialog: { store: readable({ open: null }), open: nothing, close: nothing, save: no },
    history: { store: readable(state.history), load: done, reload: done },
    toasts: { success: nothing, danger: nothing },
    api: { exportUrl: () => '' },
    past: { rowsNote },
    now: () => at,
    tab: (id) => queryEditorById(editor, id),
    history$: of({ canUndo: false, canRedo: false }),
    ready$: of(true),
    open: nothing,
    execute: () => false,
    addTab: () => '',
    newTabId: () => '',
    editSql: nothing,
    isTypedEcho: () => false,
    editorKey: (id) => id,
    insertSql: nothing,
    undo: nothing,
    redo: nothing,
    selectDatabase: nothing,
    refreshCatalog: nothing,
    format: done,
    estimate: done,
    copyPermalink: done,
    openPermalink: done,
    openSavedQuery: done,
    openOnDataset: done,
    addTable: nothing,
    toggleTable: nothing,
    removeTable: nothing,
    previewTable: nothing,
    createDataset: async () => null,
    run: () => null,
    stop: done,
    refetch: nothing,
    remove: no,
  };
}
