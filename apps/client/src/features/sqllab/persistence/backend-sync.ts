import { debounceTime, distinctUntilChanged, filter, map, type Subscription } from 'rxjs';
import {
  activeQueryEditor,
  DATABASES_LOADED,
  EDITOR_AUTOSAVE_DEBOUNCE_MS,
  EditorErrorMessages,
  mergeBrowserState,
  tabStateToQueryEditor,
  tabStateToTables,
  tabSyncPlan,
  TAB_SYNC_INTERVAL_MS,
  type BrowserSqlLabState,
} from '@strata/domain';
import type { BootstrapResult, SqlLabApi } from '../api/sqllab-api';
import type { SqlLabCore } from '../sqllab.feature';
import { statusOf as status } from '../../api/api-error';
import { serverState } from './server-state';
import { tabAutosave } from './tab-autosave';
import { tabMigration } from './tab-migration';
import { MAY_LAND_IN_PAST } from '../../../shared/feature-store';

/** Quiet time after a tab is opened, closed or switched to before the server is told. */
export const TAB_CHANGE_SYNC_MS = 250;

/**
 * sqllab-and-platform §4 Persistence, server side (feature SQLLAB_BACKEND_PERSISTENCE): the bootstrap merged with
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
  leavingApi: SqlLabApi = core.api,
) {
  const { api, toasts } = core;
  const save = tabAutosave(core);
  // The same writes through the same endpoints, sent so that they outlive the page (see `leave`).
  const leavingCore: SqlLabCore = { ...core, api: leavingApi };
  const saveLeaving = tabAutosave(leavingCore);
  const staying = { api, ...tabMigration(core) };
  const leaving = { api: leavingApi, ...tabMigration(leavingCore) };
  let busy = false;
  let again = false;
  let leaveSent: Promise<unknown> | null = null;

  /**
   * The server's tabs merged with what browser storage kept (the tabs changed since the last save,
   * local-only tabs, closed tabs still to delete): the page shows no tab before this, so nothing
   * typed can be overwritten.
   */
  function load(boot: BootstrapResult, stored: BrowserSqlLabState | null): void {
    core.catalog.store.record(
      [{ type: DATABASES_LOADED, data: { databases: Object.values(boot.databases) } }],
      MAY_LAND_IN_PAST,
    );
    const { state } = mergeBrowserState(serverState(boot), stored);
    core.execute(
      { type: 'RestoreEditorState', data: { state } },
      { undoable: false, silent: true, whilePast: 'allowed' },
    );
  }

  async function sync(via = staying): Promise<void> {
    const { api: server, migrateTab, migrateTablesAndQueries } = via;
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
          if (/^\d+$/.test(id)) await server.deleteTabState(id);
        } catch (thrown) {
          if (status(thrown) !== 404) throw thrown;
        }
        core.execute(
          { type: 'ClearDestroyedTab', data: { queryEditorId: id } },
          { silent: true, whilePast: 'allowed' },
        );
      }
      for (const id of plan.migrate) await migrateTab(id);
      await migrateTablesAndQueries(core.store.getState());
      const activate = tabSyncPlan(core.store.getState()).activate;
      if (activate) {
        await server.activateTabState(activate);
        core.execute(
          { type: 'RecordActiveTabSynced', data: { queryEditorId: activate } },
          { silent: true, whilePast: 'allowed' },
        );
      }
      if (core.store.getState().offline)
        core.execute({ type: 'GoOnline', data: {} }, { silent: true, whilePast: 'allowed' });
    } catch (thrown) {
      if (status(thrown) === 0) core.execute({ type: 'GoOffline', data: {} }, { silent: true, whilePast: 'allowed' });
      else toasts.warning(EditorErrorMessages.BACKEND_STORE_FAILED, { noDuplicate: true });
    } finally {
      busy = false;
    }
    if (again) {
      again = false;
      await sync();
    }
  }

  /**
   * The user leaves SQL Lab (another page of the app, a reload, a closed or hidden tab): the edits and
   * tab changes still waiting for their quiet time are sent now, keepalive, so they reach the server
   * (and the audit) even when the page is gone before the answers. Once until those requests settle:
   * visibilitychange, beforeunload and pagehide all come with one reload.
   */
  function leave(): void {
    if (leaveSent || !core.showsOwnLog()) return;
    const sent = Promise.allSettled([saveLeaving(), sync(leaving)]).finally(() => {
      if (leaveSent === sent) leaveSent = null;
    });
    leaveSent = sent;
  }

  async function fetchStub(id: string) {
    try {
      const dict = await api.tabState(id);
      core.execute(
        { type: 'RecordTabLoaded', data: { queryEditor: tabStateToQueryEditor(dict), tables: tabStateToTables(dict) } },
        { silent: true, whilePast: 'allowed' },
      );
    } catch (thrown) {
      if (status(thrown) === 404)
        core.execute({ type: 'DropTab', data: { queryEditorId: id } }, { silent: true, whilePast: 'allowed' });
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

  return { load, start, sync, save, leave };
}
