import { debounceTime, type Subscription } from 'rxjs';
import {
  browserStorageState,
  formatMessage,
  initialSqlLabState,
  isBrowserStorageNearlyFull,
  mergeBrowserState,
  serializeBrowserState,
  BROWSER_STORAGE_MAX_USAGE_KB,
  SQLLAB_BROWSER_STORAGE_KEY,
  SqlLabMessages,
  type BrowserSqlLabState,
  type SqlLabState,
} from '@strata/domain';
import type { SqlLabCore } from '../sqllab.feature';

/** Writes wait this long after the last change: typing must not serialize the state per key. */
export const BROWSER_WRITE_QUIET_MS = 300;

/** The stored editor state, or null when there is none or it cannot be read. */
export function readBrowserState(storage: Storage): BrowserSqlLabState | null {
  try {
    const text = storage.getItem(SQLLAB_BROWSER_STORAGE_KEY);
    if (!text) return null;
    const parsed = JSON.parse(text) as { sqlLab?: BrowserSqlLabState };
    return parsed.sqlLab && Array.isArray(parsed.sqlLab.queryEditors) ? parsed.sqlLab : null;
  } catch {
    // Corrupt or foreign content under the key: start fresh rather than break the page.
    return null;
  }
}

/**
 * sqllab-and-platform §4 Persistence, browser side: on start the stored state (key 'redux') is merged into the store
 * as one restore (never an undo step); afterwards every change is written back, without result rows
 * (the domain's storage rules), with a warning when browser storage is nearly full.
 */
export function restoreFromBrowser(
  core: SqlLabCore,
  storage: Storage,
  server: SqlLabState = initialSqlLabState(),
): void {
  const { state, removeStored } = mergeBrowserState(server, readBrowserState(storage));
  if (removeStored) storage.removeItem(SQLLAB_BROWSER_STORAGE_KEY);
  if (state.queryEditors.length > 0)
    core.execute(
      { type: 'RestoreEditorState', data: { state } },
      { undoable: false, silent: true, whilePast: 'allowed' },
    );
}

/**
 * Every change written back (after BROWSER_WRITE_QUIET_MS), and `writeNow` for when the page is left and
 * the quiet time will not end.
 */
export function writeToBrowser(
  core: SqlLabCore,
  storage: Storage,
  options: { backendPersistence: () => boolean },
): { subscription: Subscription; writeNow(): void } {
  let warnedAt = 0;
  const writeNow = () => {
    if (!core.showsOwnLog()) return;
    const state = core.store.getState();
    const stored = browserStorageState(state, { backendPersistence: options.backendPersistence(), now: core.now() });
    const { json, sizeKb } = serializeBrowserState(stored);
    try {
      storage.setItem(SQLLAB_BROWSER_STORAGE_KEY, json);
    } catch {
      // Quota exceeded: the warning below tells the user what to do.
    }
    if (isBrowserStorageNearlyFull(sizeKb) && core.now() - warnedAt > 8000) {
      warnedAt = core.now();
      core.toasts.danger(
        formatMessage(SqlLabMessages.BROWSER_STORAGE_NEARLY_FULL, sizeKb, BROWSER_STORAGE_MAX_USAGE_KB),
        { noDuplicate: true },
      );
    }
  };
  return { subscription: core.changed$.pipe(debounceTime(BROWSER_WRITE_QUIET_MS)).subscribe(writeNow), writeNow };
}
