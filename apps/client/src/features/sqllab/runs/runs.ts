import {
  MAX_QUERY_AGE_TO_POLL_MS,
  EditorErrorMessages,
  executePayload,
  newClientQueryId,
  runRequestFromTab,
  SOUTH_PANE_RESULTS,
  type CtasMethodName,
  type EditorQuery,
  type QueryRunRequest,
} from '@strata/domain';
import type { ExecuteResult, ServerQuery } from '../api/sqllab-api';
import type { AsyncEvents } from '../async/async-events';
import type { SqlLabCore } from '../sqllab.feature';
import { runOutcomes, type FailedPayload } from './run-outcomes';
import { runWatch } from './run-watch';

export type RunMode = 'all' | 'selection' | 'auto';
/** CREATE TABLE AS (TABLE) or CREATE VIEW AS (VIEW) the result, under a name or the server's default. */
export interface CtasOption {
  method: CtasMethodName;
  tableName: string | null;
}

export interface RunActions {
  /** Runs the tab's SQL ('all'), its selection, or the selection if there is one ('auto'). */
  run(tabId: string, mode: RunMode, ctas?: CtasOption | null): string | null;
  /** Starts a run of `sql` (a data preview, a re-run); returns its client id. */
  start(request: Omit<QueryRunRequest, 'id' | 'startDttm' | 'runAsync'>, replaces?: string): string | null;
  stop(queryId: string): Promise<void>;
  /**
   * Brings back the rows of a finished run whose rows were not kept (browser storage never holds
   * them): from the results backend when the server stored them, else by running it again.
   */
  refetch(queryId: string): void;
  /**
   * Removes a past run from its tab (sqllab-and-platform §7 DELETE /tabstateview/{tabId}/query/{queryId}); a tab the
   * server keeps is told first. Resolves to whether it was removed.
   */
  remove(queryId: string, tabId: string): Promise<boolean>;
  /**
   * After the tabs are restored: runs stuck without progress for longer than the async time limit are
   * dropped (sqllab-and-platform §4 clearing inactive queries), and async runs still in progress are waited for again.
   */
  resume(): void;
  dispose(): void;
}

/** sqllab-and-platform §4 "the interval value is not shown": the async limit (REFERENCE §1.4), past which no run is alive. */
export const INACTIVE_QUERY_INTERVAL_MS = MAX_QUERY_AGE_TO_POLL_MS;

type ExecuteAnswer = ExecuteResult | { query: ServerQuery } | FailedPayload;
const isSync = (answer: ExecuteAnswer): answer is ExecuteResult => Array.isArray((answer as ExecuteResult).data);
const isFailedPayload = (answer: ExecuteAnswer): answer is FailedPayload =>
  !isSync(answer) && ['failed', 'timed_out', 'stopped'].includes(String((answer as FailedPayload).status));

export function randomQueryId(): string {
  return newClientQueryId(globalThis.crypto.getRandomValues(new Uint8Array(11)));
}

/**
 * Running queries: start (pending when the database runs async, else running), send to execute, record
 * the result or failure. An async run finishes through the async event channel (the socket, or polling
 * the event list while it is down), which hands over its stored results; meanwhile the server's state
 * and progress are followed for display only. Stop records the stop at once and asks the server to
 * cancel the query in the database.
 */
export function runActions(core: SqlLabCore, asyncEvents: AsyncEvents): RunActions {
  const { api, catalog } = core;
  const outcomes = runOutcomes(core);
  const { succeed, failPayload, fail, fetchResults } = outcomes;
  const { followProgress, watchServer, awaitCompletion, listen, stopPolling, isPolled, dispose } = runWatch(
    core,
    asyncEvents,
    outcomes,
  );
  const query = (id: string): EditorQuery | undefined => core.store.getState().queries[id];

  const runsAsync = (dbId: number) =>
    Boolean(catalog.store.getState().databases?.find((db) => db.id === dbId)?.allow_run_async);

  function start(request: Omit<QueryRunRequest, 'id' | 'startDttm' | 'runAsync'>, replaces?: string): string | null {
    return send(
      { ...request, id: randomQueryId(), runAsync: runsAsync(request.dbId), startDttm: core.now() },
      replaces,
    );
  }

  function send(full: QueryRunRequest, replaces?: string): string | null {
    const id = full.id;
    const started = replaces
      ? core.execute({ type: 'ReRunDataPreview', data: { oldQueryId: replaces, request: full } })
      : core.execute({ type: 'StartQuery', data: full });
    const query = core.store.getState().queries[id];
    if (!started || !query) return null;
    // Listening starts before the request: a quick job's event can beat the 202 answer.
    const completion = full.runAsync ? listen(id) : null;
    void api.execute(executePayload(query)).then(
      (answer) => {
        if (isFailedPayload(answer) || isSync(answer)) asyncEvents.forget(id);
        if (isFailedPayload(answer)) failPayload(id, answer);
        else if (isSync(answer)) succeed(id, answer);
        else {
          // Queued although not asked to be (the server may force async): unmatched events wait a little.
          awaitCompletion(id, completion ?? listen(id));
          followProgress(id, full.startDttm);
        }
      },
      (thrown: unknown) => {
        asyncEvents.forget(id);
        fail(id, thrown);
      },
    );
    return id;
  }

  return {
    start,
    run(tabId, mode, ctas = null) {
      core.flushSql();
      const tab = core.tab(tabId);
      if (!tab || tab.dbId === null) return null;
      const selectionOnly = mode === 'selection' || (mode === 'auto' && Boolean(tab.selectedText?.trim()));
      const request = runRequestFromTab(tab, {
        id: randomQueryId(),
        startDttm: core.now(),
        runAsync: runsAsync(tab.dbId),
        selectionOnly,
        ctas,
      });
      if (request === null) return null;
      core.execute({ type: 'SelectSouthPaneTab', data: { tab: SOUTH_PANE_RESULTS } }, { silent: true });
      return send(request);
    },
    async stop(queryId) {
      stopPolling(queryId);
      asyncEvents.forget(queryId);
      core.execute({ type: 'StopQuery', data: { queryId, at: core.now() } });
      try {
        await api.stop(queryId);
      } catch {
        core.toasts.danger(EditorErrorMessages.STOP_FAILED);
      }
    },
    refetch(queryId) {
      const q = query(queryId);
      if (!q) return;
      const key = q.resultsKey ?? q.results?.query?.resultsKey ?? null;
      if (key) {
        void fetchResults(queryId, key);
        return;
      }
      const { dbId, sql, sqlEditorId, tab, catalog, schema, queryLimit, templateParams, isDataPreview } = q;
      start(
        { dbId, sql, sqlEditorId, tab, catalog, schema, queryLimit, templateParams, isDataPreview },
        isDataPreview ? queryId : undefined,
      );
    },
    async remove(queryId, tabId) {
      const tab = core.tab(tabId);
      if (tab && !tab.inLocalStorage && /^\d+$/.test(tab.id)) {
        try {
          await api.removeTabQuery(tab.id, queryId);
        } catch {
          core.toasts.danger(EditorErrorMessages.QUERY_REMOVE_FAILED);
          return false;
        }
      }
      if (query(queryId)) core.execute({ type: 'RemoveQuery', data: { queryId } }, { silent: true });
      return true;
    },
    resume() {
      const now = core.now();
      core.execute(
        { type: 'ClearInactiveQueries', data: { now, interval: INACTIVE_QUERY_INTERVAL_MS } },
        { silent: true, undoable: false, whilePast: 'allowed' },
      );
      for (const q of Object.values(core.store.getState().queries)) {
        if (isPolled(q.id) || (q.state !== 'pending' && q.state !== 'running')) continue;
        if (q.runAsync) {
          awaitCompletion(q.id, listen(q.id));
          followProgress(q.id, q.startDttm);
        } else {
          watchServer(q.id);
        }
      }
    },
    dispose,
  };
}
