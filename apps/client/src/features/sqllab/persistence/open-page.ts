import type { Subscription } from 'rxjs';
import { FeatureFlag, isFeatureEnabled, DATABASES_LOADED } from '@strata/domain';
import type { BootstrapResult } from '../api/sqllab-api';
import type { AsyncEvents } from '../async/async-events';
import type { SqlLabCore } from '../sqllab.feature';
import type { backendSync } from './backend-sync';
import { readBrowserState, restoreFromBrowser } from './browser-persistence';
import { MAY_LAND_IN_PAST } from '../../../shared/feature-store';

/** sqllab-and-platform §6 SQLLAB_BACKEND_PERSISTENCE: unset until the server's bootstrap (or the caller) decides. */
export interface BackendPersistence {
  value: boolean | undefined;
}

/**
 * The page opened with backend persistence possible: the bootstrap decides, then the tabs load from the
 * server (merged with what browser storage holds that the server may not have yet) or from the browser.
 * Offline, the tabs restored from browser storage are shown and the sync retries.
 */
export async function openWithServer(
  core: SqlLabCore,
  sync: ReturnType<typeof backendSync>,
  options: {
    storage: Storage | null;
    asyncEvents: AsyncEvents;
    persistence: BackendPersistence;
    subscriptions: Subscription[];
  },
): Promise<void> {
  const { storage, asyncEvents, persistence, subscriptions } = options;
  const { api, catalog } = core;
  const stored = storage ? readBrowserState(storage) : null;
  let boot: BootstrapResult;
  try {
    boot = await api.bootstrap();
  } catch {
    if (storage) restoreFromBrowser(core, storage);
    core.execute({ type: 'GoOffline', data: {} }, { silent: true, whilePast: 'allowed' });
    await catalog.loadDatabases();
    subscriptions.push(...sync.start());
    return;
  }
  persistence.value ??= isFeatureEnabled(boot.feature_flags, FeatureFlag.SQLLAB_BACKEND_PERSISTENCE);
  // WHY open the push channel now when runs may be async: opened at the first run, the socket can join
  // the user's room after a fast job already ended, and its end would only come by polling.
  const mayRunAsync =
    (boot.feature_flags as Record<string, unknown> | undefined)?.['SQLLAB_FORCE_RUN_ASYNC'] === true ||
    Object.values(boot.databases ?? {}).some((db) => db.allow_run_async === true);
  if (mayRunAsync) asyncEvents.open();
  if (persistence.value) {
    sync.load(boot, stored);
    subscriptions.push(...sync.start());
    return;
  }
  catalog.store.record(
    [{ type: DATABASES_LOADED, data: { databases: Object.values(boot.databases) } }],
    MAY_LAND_IN_PAST,
  );
  if (storage) restoreFromBrowser(core, storage);
}
