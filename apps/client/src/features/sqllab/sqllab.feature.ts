import { BehaviorSubject, distinctUntilChanged, map, merge, startWith, Subject, type Observable } from 'rxjs';
import { DomainError } from '@strata/events';
import {
  activeQueryEditor,
  initialSqlLabState,
  isUndoableSqlLabBatch,
  queryEditorById,
  sqlLabDecider,
  type NewTabFields,
  type QueryEditor,
  type SqlLabCommand,
  type SqlLabEvent,
  type SqlLabState,
} from '@strata/domain';
import {
  createFeatureStore,
  type ClientContext,
  type FeatureStore,
  type RecordOptions,
} from '../../shared/feature-store';
import type { ErrorsFeature } from '../errors/errors.feature';
import type { ToastsFeature } from '../toasts/toasts.feature';
import type { HttpClient } from '../api/http-client';
import { sqlLabApi, type ServerQuery, type SqlLabApi } from './api/sqllab-api';
import { createQueryHistory, type QueryHistoryFeature } from './history/query-history.feature';
import { createCatalog, type CatalogFeature } from './catalog/catalog.feature';
import { catalogEffects } from './catalog/catalog-effects';
import { editorActions, type EditorActions } from './editor/editor-actions';
import { createSaveDialog, type SaveDialogFeature } from './editor/save-dialog.feature';
import { sqlTyping } from './editor/typing';
import { runActions, type RunActions } from './runs/runs';
import { datasetActions, type DatasetActions } from './results/dataset-actions';
import type { PushTransport } from './async/async-events';
import { pageAsyncEvents } from './async/page-async-events';
import { tableActions, type TableActions } from './leftbar/table-actions';
import { restoreFromBrowser, writeToBrowser } from './persistence/browser-persistence';
import { backendSync, type BackendSyncTiming } from './persistence/backend-sync';
import { openWithServer, type BackendPersistence } from './persistence/open-page';

export { SQL_EDIT_QUIET_MS } from './editor/typing';

export interface ExecuteOptions {
  undoable?: boolean;
  silent?: boolean;
  /** A load, a server answer or a timer's fact may land while the page shows the past (RecordOptions). */
  whilePast?: RecordOptions['whilePast'];
}

/** The core every SQL Lab effect module builds on. */
export interface SqlLabCore {
  readonly store: FeatureStore<SqlLabState, SqlLabEvent>;
  readonly catalog: CatalogFeature;
  readonly api: SqlLabApi;
  readonly toasts: ToastsFeature;
  readonly errors: ErrorsFeature;
  readonly context: ClientContext;
  /**
   * Decides a command on the live state and records its events as one batch. A refusal is toasted,
   * unless `silent` (server answers arriving after a stop, which the domain ignores).
   */
  execute(command: SqlLabCommand, options?: ExecuteOptions): boolean;
  /** Records typed SQL now instead of after the quiet time (before a run, a switch, a save). */
  flushSql(): void;
  now(): number;
  tab(id: string): QueryEditor | undefined;
  /**
   * What this page changed: its recorded batches and its undo/redo. Saving reacts to this, never to
   * the log itself, so an imported bug-report log is never written to storage or the server.
   */
  readonly changed$: Observable<unknown>;
  /** False right after a log was imported (time travel): its state is looked at, not synced. */
  showsOwnLog(): boolean;
}

export interface SqlLabFeature
  extends SqlLabCore, EditorActions, TableActions, DatasetActions, Omit<RunActions, 'dispose' | 'resume'> {
  /** The server's list of past runs (the south pane's history tab). */
  readonly history: QueryHistoryFeature;
  /** The save dialog: which tab's is open, its description, a save under way. */
  readonly saveDialog: SaveDialogFeature;
  /** A past run's SQL into the tab's editor, on the run's database and schema. */
  insertSql(tabId: string, query: Pick<ServerQuery, 'sql' | 'dbId' | 'schema'>): void;
  addTab(fields?: NewTabFields, options?: { undoable?: boolean }): string;
  newTabId(): string;
  /** The editor's text: recorded after a pause in typing, or at once. */
  editSql(tabId: string, sql: string, immediate?: boolean): void;
  /**
   * True when the tab's SQL is what the editor itself typed (an echo of its own edit): the editor
   * must not write it back, keystrokes made since would be lost. Undo, format, select star are not.
   */
  isTypedEcho(tabId: string, sql: string): boolean;
  /** The id a tab had first on this page: the server adopting a tab renames it, the editor must not see a new tab. */
  editorKey(tabId: string): string;
  undo(): void;
  redo(): void;
  readonly history$: Observable<{ canUndo: boolean; canRedo: boolean }>;
  /** The page opened: load the databases and the server's tabs (once per page load). */
  open(): void;
  /** False while the saved tabs are still being restored: the page must not open a first tab yet. */
  readonly ready$: Observable<boolean>;
  /**
   * The user leaves SQL Lab (another page of the app, a reload, a closed or hidden browser tab): typed
   * SQL is recorded and what waits for a quiet time is stored and sent now (issue 13, "Nothing lost").
   */
  leave(): void;
  dispose(): void;
}

export interface SqlLabDeps {
  context: ClientContext;
  http: HttpClient;
  toasts: ToastsFeature;
  errors: ErrorsFeature;
  /** Where the editor state is kept between page loads (key 'redux'); none in tests that do not care. */
  storage?: Storage | null;
  /**
   * sqllab-and-platform §6 feature SQLLAB_BACKEND_PERSISTENCE (tabs live on the server too): by default what the
   * server's bootstrap says (on unless it says otherwise); tests may decide.
   */
  backendPersistence?: boolean;
  /** The spec's 5 s tab sync and autosave; shorter in tests. */
  backendTiming?: BackendSyncTiming;
  /**
   * The push channel of async events, opened at the first async run: by default the server's socket
   * (at the HttpClient's base url); null polls the event list only.
   */
  openPush?: (() => PushTransport) | null;
  /** sqllab-and-platform §9 async polling delay (500 ms); shorter in tests. */
  asyncPollDelayMs?: number;
}

/**
 * SQL Lab's editor store: the domain's decider folded by RxJS. Intents become commands, the domain
 * decides, the events are recorded as one batch (undo steps as the domain says). Effects load what
 * the pickers and autocomplete need for the active tab.
 */
export function createSqlLab(deps: SqlLabDeps): SqlLabFeature {
  const { context, http, toasts, errors, storage = browserStorage(), backendTiming } = deps;
  const store = createFeatureStore<SqlLabState, SqlLabEvent>(
    'sqllab',
    { initialState: initialSqlLabState, evolve: sqlLabDecider.evolve },
    context,
  );
  const api = sqlLabApi(http);
  const catalog = createCatalog(context, api, toasts);
  const now = () => Date.parse(context.now());
  const historyMoved$ = new Subject<void>();

  const record = (command: SqlLabCommand, options: ExecuteOptions = {}): boolean => {
    try {
      const events = sqlLabDecider.decide(command, store.getState());
      store.record(events, {
        undoable: options.undoable ?? isUndoableSqlLabBatch(events),
        ...(options.whilePast ? { whilePast: options.whilePast } : {}),
      });
      return true;
    } catch (thrown) {
      if (!(thrown instanceof DomainError)) throw thrown;
      if (!options.silent) toasts.warning(thrown.message);
      return false;
    }
  };
  const typing = sqlTyping(store, record, now);
  const execute = (command: SqlLabCommand, options: ExecuteOptions = {}) => {
    typing.flush();
    const data = (command as { data?: { queryEditorId?: unknown } }).data;
    const id = typeof data?.queryEditorId === 'string' ? data.queryEditorId : null;
    const named =
      id !== null && typing.current(id) !== id
        ? ({ ...command, data: { ...data, queryEditorId: typing.current(id) } } as SqlLabCommand)
        : command;
    if (command.type === 'SetSql' && id !== null) typing.forget(id);
    return record(named, options);
  };

  const core: SqlLabCore = {
    store,
    catalog,
    api,
    toasts,
    errors,
    context,
    execute,
    flushSql: typing.flush,
    now,
    tab: (id) => queryEditorById(store.getState(), typing.current(id)),
    changed$: merge(store.recorded$, historyMoved$),
    showsOwnLog: () => {
      // Undo and redo markers carry no session: the last batch that does tells whose log this is.
      const log = store.store.log$.value;
      for (let i = log.length - 1; i >= 0; i -= 1) {
        const session = log[i]!.meta.sessionId;
        if (session !== undefined) return session === context.sessionId;
      }
      return true;
    },
  };

  const subscriptions = [...typing.subscriptions, ...catalogEffects(catalog, store.liveState$, () => store.getState())];
  const { asyncEvents, owned: ownListener } = pageAsyncEvents({
    api,
    http,
    context,
    storage,
    openPush: deps.openPush,
    asyncPollDelayMs: deps.asyncPollDelayMs,
  });
  const runs = runActions(core, asyncEvents);
  // sqllab-and-platform §6 SQLLAB_BACKEND_PERSISTENCE: as the server's bootstrap says, unless the caller decided.
  const persistence: BackendPersistence = { value: deps.backendPersistence };
  // With backend persistence, browser storage holds only what the server may not have yet: it is
  // merged into the server's state once that arrives (open), never shown alone unless offline.
  if (storage && persistence.value === false) restoreFromBrowser(core, storage);
  const browser = storage
    ? writeToBrowser(core, storage, { backendPersistence: () => persistence.value !== false })
    : null;
  if (browser) subscriptions.push(browser.subscription);
  const backend =
    persistence.value === false ? null : backendSync(core, backendTiming, sqlLabApi(http, { keepalive: true }));
  // The latest run of the tab shown, restored without its rows: they are fetched from the results
  // backend once (never run again by themselves).
  const fetched = new Set<string>();
  subscriptions.push(
    store.liveState$.pipe(map((s) => activeQueryEditor(s))).subscribe((tab) => {
      const latest = tab?.latestQueryId ? store.getState().queries[tab.latestQueryId] : undefined;
      if (!latest || fetched.has(latest.id) || latest.state !== 'success' || !latest.resultsKey) return;
      if ((latest.rows ?? 0) === 0 || (latest.results?.data.length ?? 0) > 0) return;
      fetched.add(latest.id);
      runs.refetch(latest.id);
    }),
  );

  const ready$ = new BehaviorSubject(false);
  let opened = false;
  const editor = editorActions(core);
  const history = createQueryHistory(context, api, now);
  const saveDialog = createSaveDialog(context, editor);

  return {
    ...core,
    ...editor,
    ...datasetActions(core),
    ...tableActions(core, runs),
    run: runs.run,
    start: runs.start,
    stop: runs.stop,
    refetch: runs.refetch,
    remove: runs.remove,
    addTab(fields = {}, options = {}) {
      const id = context.newId();
      execute({ type: 'AddTab', data: { id, at: now(), ...fields } }, options);
      return id;
    },
    newTabId: () => context.newId(),
    editSql: typing.edit,
    history,
    saveDialog,
    insertSql(tabId, query) {
      const tab = core.tab(tabId);
      if (!tab) return;
      if (tab.dbId !== query.dbId) editor.selectDatabase(tabId, query.dbId);
      if (query.schema && core.tab(tabId)?.schema !== query.schema) {
        execute(
          { type: 'SetSchema', data: { queryEditorId: typing.current(tabId), schema: query.schema, at: now() } },
          { undoable: false },
        );
      }
      typing.edit(tabId, query.sql, true);
    },
    isTypedEcho: typing.isTypedEcho,
    editorKey: typing.editorKey,
    undo: () => {
      typing.flush();
      typing.forgetAll();
      if (store.store.undo(context.actor())) historyMoved$.next();
    },
    redo: () => {
      typing.forgetAll();
      if (store.store.redo(context.actor())) historyMoved$.next();
    },
    // Per signed-in actor, read at each change: the page may be created before the login.
    history$: store.store.log$.pipe(
      startWith(null),
      map(() => ({
        canUndo: store.store.log.canUndo(context.actor()),
        canRedo: store.store.log.canRedo(context.actor()),
      })),
      distinctUntilChanged((a, b) => a.canUndo === b.canUndo && a.canRedo === b.canRedo),
    ),
    open() {
      if (opened) return;
      opened = true;
      if (!backend) {
        void catalog.loadDatabases();
        runs.resume();
        ready$.next(true);
        return;
      }
      void openWithServer(core, backend, { storage, asyncEvents, persistence, subscriptions }).finally(() => {
        runs.resume();
        ready$.next(true);
      });
    },
    ready$: ready$.pipe(distinctUntilChanged()),
    leave() {
      typing.flush();
      // A log imported for a look, or the past shown by time travel, is never stored nor sent. Before the
      // saved tabs are restored nothing was typed, and storage still holds what the restore must read.
      if (!ready$.value || !core.showsOwnLog() || store.store.cursor$.value !== null) return;
      browser?.writeNow();
      if (persistence.value === true) backend?.leave();
    },
    dispose: () => {
      typing.flush();
      runs.dispose();
      // The page's shared listener outlives SQL Lab (charts use it); runs.dispose forgot SQL Lab's jobs.
      if (ownListener) asyncEvents.dispose();
      subscriptions.forEach((s) => s.unsubscribe());
    },
  };
}

function browserStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage disabled by the browser's privacy settings: the editor still works, without memory.
    return null;
  }
}
