import { debounceTime, Subject, type Subscription } from 'rxjs';
import type { SqlLabCommand, SqlLabEvent, SqlLabState } from '@strata/domain';
import type { FeatureStore } from '../../../shared/feature-store';
import type { ExecuteOptions } from '../sqllab.feature';

/** Quiet time after typing before the SQL is recorded: one pause, one undo step. */
export const SQL_EDIT_QUIET_MS = 400;

/**
 * The editor's keystrokes on their way into the log: typed SQL is held until a pause in typing (one
 * pause, one undo step), or until something needs it recorded now (a run, a switch, a save). Tabs the
 * server adopted keep answering to their first id, so a keystroke handled before the page re-rendered
 * still reaches its tab.
 */
export interface SqlTyping {
  /** The tab's id now: a local id the server replaced answers to the server's. */
  current(id: string): string;
  /** Records typed SQL now instead of after the quiet time. */
  flush(): void;
  edit(tabId: string, sql: string, immediate?: boolean): void;
  /** True when the tab's SQL is what the editor itself typed (an echo of its own edit). */
  isTypedEcho(tabId: string, sql: string): boolean;
  /** The id a tab had first on this page. */
  editorKey(tabId: string): string;
  /** The tab's SQL comes from somewhere else than typing (a command, undo): the editor must take it. */
  forget(tabId: string): void;
  forgetAll(): void;
  readonly subscriptions: Subscription[];
}

export function sqlTyping(
  store: FeatureStore<SqlLabState, SqlLabEvent>,
  record: (command: SqlLabCommand, options?: ExecuteOptions) => boolean,
  now: () => number,
): SqlTyping {
  const pendingSql = new Map<string, string>();
  const renamed = new Map<string, string>();
  const current = (id: string) => renamed.get(id) ?? id;
  const firstIds = new Map<string, string>();
  // The last SQL recorded from typing, per tab.
  const typedSql = new Map<string, string>();
  const typed$ = new Subject<void>();

  const flush = () => {
    const edits = [...pendingSql];
    pendingSql.clear();
    for (const [oldId, sql] of edits) {
      const queryEditorId = current(oldId);
      if (!store.getState().queryEditors.some((qe) => qe.id === queryEditorId)) continue;
      record({ type: 'SetSql', data: { queryEditorId, sql, at: now() } });
      typedSql.set(queryEditorId, sql);
    }
  };

  return {
    current,
    flush,
    edit(tabId, sql, immediate = false) {
      pendingSql.set(current(tabId), sql);
      if (!immediate) {
        typed$.next();
        return;
      }
      // Not typed in the editor (select star, history): the editor must take it.
      flush();
      typedSql.delete(current(tabId));
    },
    isTypedEcho: (tabId, sql) => typedSql.get(current(tabId)) === sql,
    editorKey: (tabId) => firstIds.get(tabId) ?? tabId,
    forget: (tabId) => void typedSql.delete(current(tabId)),
    forgetAll: () => typedSql.clear(),
    subscriptions: [
      store.recorded$.subscribe((e) => {
        if (e.type !== 'sqllab/tabMigrated') return;
        renamed.set(e.data.localId, e.data.remoteId);
        firstIds.set(e.data.remoteId, firstIds.get(e.data.localId) ?? e.data.localId);
        const typed = typedSql.get(e.data.localId);
        if (typed !== undefined) typedSql.set(e.data.remoteId, typed);
      }),
      typed$.pipe(debounceTime(SQL_EDIT_QUIET_MS)).subscribe(flush),
    ],
  };
}
