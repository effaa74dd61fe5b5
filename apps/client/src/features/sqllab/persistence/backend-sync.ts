import { debounceTime, distinctUntilChanged, filter, map, type Subscription } from 'rxjs';
import {
  activeQueryEditor,
  changedQueryEditors,
  EDITOR_AUTOSAVE_DEBOUNCE_MS,
  EditorErrorMessages,
  initialSqlLabState,
  mergeBrowserState,
  newEditorQuery,
  newTabStatePayload,
  tabStateToQueryEditor,
  tabStateToTables,
  tabStateUpdate,
  tabStubToQueryEditor,
  tabSyncPlan,
  TAB_SYNC_INTERVAL_MS,
  type BrowserSqlLabState,
  type EditorQuery,
  type QueryState,
  type SqlLabState,
} from '@strata/domain';
import { ApiError } from '../../api/api-error';
import { DATABASES_LOADED } from '@strata/domain';
import type { BootstrapResult, ServerQuery } from '../api/sqllab-api';
import type { SqlLabCore } from '../sqllab.feature';

/** Quiet time after a tab is opened, closed or switched to before the server is told. */
export const TAB_CHANGE_SYNC_MS = 250;

const status = (thrown: unknown) => (thrown instanceof ApiError ? thrown.error.status : 0);

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

/**
 * spec §4 Persistence, server side (feature SQLLAB_BACKEND_PERSISTENCE): the bootstrap merged with
 * browser storage on load; every 5 s the active tab is activated, local-only tabs (with their tables
 * and queries) migrated and closed tabs deleted; edits saved 5 s after the last one; a tab known only
 * by name is fetched when it becomes active (404: it is gone).
 */
export interface BackendSyncTiming {
  syncIntervalMs: number;
  autosaveMs: number;
}

export function backendSync(
  core: SqlLabCore,
  timing: BackendSyncTiming = { syncIntervalMs: TAB_SYNC_INTERVAL_MS, autosaveMs: EDITOR_AUTOSAVE_DEBOUNCE_MS },
) {
  const { api, toasts } = core;
  let busy = false;
  let again = false;

  /**
   * The server's tabs merged with what browser storage kept (the tabs changed since the last save,
   * local-only tabs, closed tabs still to delete): the page shows no tab before this, so nothing
   * typed can be overwritten.
   */
  function load(boot: BootstrapResult, stored: BrowserSqlLabState | null): void {
    core.catalog.store.record([{ type: DATABASES_LOADED, data: { databases: Object.values(boot.databases) } }]);
    const { state } = mergeBrowserState(serverState(boot), stored);
    core.execute({ type: 'RestoreEditorState', data: { state } }, { undoable: false, silent: true });
  }

  async function migrateTab(localId: string) {
    const tab = core.tab(localId);
    if (!tab) return;
    const remoteId = String(await api.createTabState(newTabStatePayload(tab)));
    core.execute({ type: 'RecordTabMigrated', data: { localId, remoteId } }, { silent: true });
    // An edit made while the tab was being created is not in what was sent, and an autosave in the
    // meantime skipped the tab as local-only while counting its edits as stored: send it now.
    const now = core.tab(remoteId);
    if (now && now.updatedAt !== tab.updatedAt) await api.saveTabState(remoteId, tabStateUpdate(now));
  }

  async function migrateTablesAndQueries(state: SqlLabState) {
    for (const table of state.tables) {
      const tab = state.queryEditors.find((qe) => qe.id === table.queryEditorId);
      if (!table.inLocalStorage || !tab || tab.inLocalStorage) continue;
      const { isMetadataLoading: _l, isExtraMetadataLoading: _x, ...stored } = table;
      const remoteId = String(await api.addTableSchema({ ...stored, queryEditorId: Number(tab.id) }));
      core.execute({ type: 'RecordTableMigrated', data: { localId: table.id, remoteId } }, { silent: true });
    }
    for (const query of Object.values(state.queries)) {
      const tab = state.queryEditors.find((qe) => qe.id === query.sqlEditorId);
      if (!query.inLocalStorage || query.isDataPreview || !tab || tab.inLocalStorage) continue;
      try {
        await api.migrateQuery(tab.id, query.id);
      } catch (thrown) {
        if (status(thrown) !== 404 && status(thrown) !== 400) throw thrown;
        // The server never stored this run (refused before it started): nothing to move.
      }
      core.execute({ type: 'RecordQueryMigrated', data: { queryId: query.id } }, { silent: true });
    }
  }

  async function sync(): Promise<void> {
    if (!core.showsOwnLog()) return;
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    try {
      const plan = tabSyncPlan(core.store.getState());
      for (const id of plan.deleteRemote) {
        try {
          if (/^\d+$/.test(id)) await api.deleteTabState(id);
        } catch (thrown) {
          if (status(thrown) !== 404) throw thrown;
        }
        core.execute({ type: 'ClearDestroyedTab', data: { queryEditorId: id } }, { silent: true });
      }
      for (const id of plan.migrate) await migrateTab(id);
      await migrateTablesAndQueries(core.store.getState());
      const activate = tabSyncPlan(core.store.getState()).activate;
      if (activate) {
        await api.activateTabState(activate);
        core.execute({ type: 'RecordActiveTabSynced', data: { queryEditorId: activate } }, { silent: true });
      }
      if (core.store.getState().offline) core.execute({ type: 'GoOnline', data: {} }, { silent: true });
    } catch (thrown) {
      if (status(thrown) === 0) core.execute({ type: 'GoOffline', data: {} }, { silent: true });
      else toasts.warning(EditorErrorMessages.BACKEND_STORE_FAILED, { noDuplicate: true });
    } finally {
      busy = false;
    }
    if (again) {
      again = false;
      await sync();
    }
  }

  async function save() {
    if (!core.showsOwnLog()) return;
    const at = core.now();
    const tabs = changedQueryEditors(core.store.getState()).filter((qe) => !qe.inLocalStorage && qe.loaded);
    if (tabs.length === 0) return;
    try {
      for (const tab of tabs) {
        const update = tabStateUpdate(tab);
        try {
          await api.saveTabState(tab.id, update);
        } catch (thrown) {
          // The server no longer has the tab (closed elsewhere, or its close undone here): the user
          // still has it open, so it is stored again under a new id rather than lost.
          if (status(thrown) === 404) {
            const remoteId = String(await api.createTabState(newTabStatePayload(tab)));
            core.execute({ type: 'RecordTabMigrated', data: { localId: tab.id, remoteId } }, { silent: true });
            continue;
          }
          // A latest query the server never stored (refused before it ran) must not block the rest.
          if (status(thrown) !== 400 || update.latest_query_id === null) throw thrown;
          const { latest_query_id: _dropped, ...rest } = update;
          await api.saveTabState(tab.id, rest);
        }
      }
      core.execute({ type: 'RecordEditorStateSaved', data: { at } }, { silent: true });
    } catch {
      toasts.warning(EditorErrorMessages.EDITOR_STATE_SAVE_FAILED, { noDuplicate: true });
    }
  }

  async function fetchStub(id: string) {
    try {
      const dict = await api.tabState(id);
      core.execute(
        { type: 'RecordTabLoaded', data: { queryEditor: tabStateToQueryEditor(dict), tables: tabStateToTables(dict) } },
        { silent: true },
      );
    } catch (thrown) {
      if (status(thrown) === 404) core.execute({ type: 'DropTab', data: { queryEditorId: id } }, { silent: true });
      else toasts.danger(EditorErrorMessages.TAB_STATE_FETCH_FAILED);
    }
  }

  /** Expanding, collapsing and removing a table the server knows is told to it at once. */
  async function tableChanged(type: string, tableId: string) {
    if (!/^\d+$/.test(tableId)) return; // still local: the migration sends its current state
    try {
      if (type === 'sqllab/tableRemoved') await api.deleteTableSchema(tableId);
      else await api.expandTableSchema(tableId, type === 'sqllab/tableExpanded');
    } catch {
      toasts.danger(
        type === 'sqllab/tableRemoved'
          ? EditorErrorMessages.TABLE_SCHEMA_REMOVE_FAILED
          : type === 'sqllab/tableExpanded'
            ? EditorErrorMessages.TABLE_SCHEMA_EXPAND_FAILED
            : EditorErrorMessages.TABLE_SCHEMA_COLLAPSE_FAILED,
      );
    }
  }

  function start(): Subscription[] {
    const timer = setInterval(() => void sync(), timing.syncIntervalMs);
    return [
      { unsubscribe: () => clearInterval(timer) } as Subscription,
      core.changed$.pipe(debounceTime(timing.autosaveMs)).subscribe(() => void save()),
      core.store.liveState$
        .pipe(
          map((s) => activeQueryEditor(s)),
          map((tab) => (tab && !tab.loaded ? tab.id : null)),
          distinctUntilChanged(),
        )
        .subscribe((id) => id && void fetchStub(id)),
      // A tab opened, closed or switched to is told to the server soon, not at the next 5 s tick: a
      // reload right after must come back on the same tab.
      core.store.recorded$
        .pipe(
          filter(
            (e) => e.type === 'sqllab/tabSwitched' || e.type === 'sqllab/tabAdded' || e.type === 'sqllab/tabClosed',
          ),
          debounceTime(TAB_CHANGE_SYNC_MS),
        )
        .subscribe(() => void sync()),
      core.store.recorded$.subscribe((envelope) => {
        if (
          envelope.type === 'sqllab/tableExpanded' ||
          envelope.type === 'sqllab/tableCollapsed' ||
          envelope.type === 'sqllab/tableRemoved'
        ) {
          void tableChanged(envelope.type, envelope.data.tableId);
        }
      }),
    ];
  }

  return { load, start, sync, save };
}
