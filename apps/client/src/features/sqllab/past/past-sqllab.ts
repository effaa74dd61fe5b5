import { combineLatest, distinctUntilChanged, map, of, shareReplay, type Observable } from 'rxjs';
import { queryEditorById, tablesKey, type CatalogState, type SqlLabState } from '@strata/domain';
import { currentValue } from '../../../shared/use-store-state';
import type { DatabaseOption } from '../api/sqllab-api';
import type { ReadableState, SqlLabPageStore } from '../page-store';
import type { PastSqlLabState } from './past-state';

/** SQL Lab at one past moment. */
export interface PastMoment {
  state: PastSqlLabState;
  /** The moment (epoch ms): the clock of a run still going then stands still here. */
  at: number;
}

export interface PastSqlLab {
  /** The moment shown, as it changes (a replay's steps); replays its latest value. */
  moment$: Observable<PastMoment>;
  /** The databases SQL Lab offers (the left bar names the tab's); null while they load. */
  databases$: Observable<readonly DatabaseOption[] | null>;
  /** Why a run's rows are not shown. */
  rowsNote: string;
}

/** A part of the moment as a store's state: computed once per change, shared by every reader. */
function part<S>(source$: Observable<S>): ReadableState<S> {
  const state$ = source$.pipe(distinctUntilChanged(), shareReplay({ bufferSize: 1, refCount: true }));
  return { state$, getState: () => currentValue(state$) };
}

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
 * A SQL Lab store without effects (a session replay): its state is a fold of the log, following the
 * moment shown; it never syncs, never loads the catalog from a database and never runs a query. Every
 * intent does nothing; the page showing it is also guarded (guardReadOnly), so they are not even asked.
 */
export function createPastSqlLab({ moment$, databases$, rowsNote }: PastSqlLab): SqlLabPageStore {
  const moment = part(moment$);
  const editor = part(moment$.pipe(map((m) => m.state.editor)));
  return {
    store: editor,
    catalog: {
      store: part(combineLatest([editor.state$, databases$]).pipe(map(([state, dbs]) => pastCatalog(state, dbs)))),
    },
    saveDialog: { store: part(of({ open: null })), open: nothing, close: nothing, save: no },
    history: { store: part(moment$.pipe(map((m) => m.state.history))), load: done, reload: done },
    toasts: { success: nothing, danger: nothing },
    api: { exportUrl: () => '' },
    past: { rowsNote },
    now: () => moment.getState().at,
    tab: (id) => queryEditorById(editor.getState(), id),
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
    openPastQuery: done,
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
