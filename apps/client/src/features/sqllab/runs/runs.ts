import {
  DISPLAY_MAX_ROW,
  MAX_QUERY_AGE_TO_POLL_MS,
  EditorErrorMessages,
  ErrorType,
  executePayload,
  isQueryInProgress,
  newClientQueryId,
  runRequestFromTab,
  QUERY_UPDATE_BUFFER_MS,
  QUERY_UPDATE_FREQ_MS,
  SOUTH_PANE_RESULTS,
  type CtasMethodName,
  type EditorQuery,
  type QueryResults,
  type QueryRunRequest,
  type QueryState,
  type StrataError,
} from '@strata/domain';
import { ApiError, toClientError } from '../../api/api-error';
import { withDisplayRows, type ExecuteResult, type ServerQuery } from '../api/sqllab-api';
import { AsyncJobError, type AsyncEvents } from '../async/async-events';
import type { SqlLabCore } from '../sqllab.feature';

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
   * Removes a past run from its tab (spec §7 DELETE /tabstateview/{tabId}/query/{queryId}); a tab the
   * server keeps is told first. Resolves to whether it was removed.
   */
  remove(queryId: string, tabId: string): Promise<boolean>;
  /**
   * After the tabs are restored: runs stuck without progress for longer than the async time limit are
   * dropped (spec §4 clearing inactive queries), and async runs still in progress are waited for again.
   */
  resume(): void;
  dispose(): void;
}

/** spec §4 "the interval value is not shown": the async limit (REFERENCE §1.4), past which no run is alive. */
export const INACTIVE_QUERY_INTERVAL_MS = MAX_QUERY_AGE_TO_POLL_MS;

type ExecuteAnswer = ExecuteResult | { query: ServerQuery } | FailedPayload;
interface FailedPayload {
  status: 'failed' | 'timed_out' | 'stopped';
  error?: string;
  errors?: StrataError[];
  link?: string;
}
const isSync = (answer: ExecuteAnswer): answer is ExecuteResult => Array.isArray((answer as ExecuteResult).data);
const isFailedPayload = (answer: ExecuteAnswer): answer is FailedPayload =>
  !isSync(answer) && ['failed', 'timed_out', 'stopped'].includes(String((answer as FailedPayload).status));

export function randomQueryId(): string {
  return newClientQueryId(globalThis.crypto.getRandomValues(new Uint8Array(11)));
}

/** The errors of a failed request as the query keeps them. */
function failure(thrown: unknown): { errors: StrataError[]; errorMessage: string; link: string | null } {
  const error = toClientError(thrown);
  return { errors: [...error.errors], errorMessage: error.message, link: error.link ?? null };
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
  const polls = new Map<string, ReturnType<typeof setInterval>>();
  const query = (id: string): EditorQuery | undefined => core.store.getState().queries[id];

  const succeed = (queryId: string, answer: ExecuteResult) => {
    const results: QueryResults = {
      status: 'success',
      data: answer.data,
      columns: answer.columns.map((c) => ({
        column_name: c.column_name ?? c.name ?? '',
        name: c.name,
        type: c.type ?? null,
        is_dttm: c.is_dttm ?? false,
      })),
      displayLimitReached: answer.displayLimitReached ?? false,
      query: answer.query as QueryResults['query'],
    };
    core.execute({ type: 'RecordQuerySuccess', data: { queryId, results, at: core.now() } }, { silent: true });
  };
  // REFERENCE §1.2: a run that failed inside execution may answer with a failed payload.
  const failPayload = (queryId: string, answer: FailedPayload) => {
    const errors = answer.errors ?? [];
    const errorMessage = answer.error ?? errors[0]?.message ?? 'The query failed.';
    core.execute(
      {
        type: 'RecordQueryFailure',
        data: { queryId, errors, errorMessage, link: answer.link ?? null, at: core.now() },
      },
      { silent: true },
    );
  };
  const fail = (queryId: string, thrown: unknown) => {
    const recorded = failure(thrown);
    // spec §8: an async run the job queue refused was never scheduled; the toast says so wherever the user is.
    if (recorded.errors.some((e) => e.error_type === ErrorType.ASYNC_WORKERS_ERROR))
      core.toasts.danger(EditorErrorMessages.QUERY_NOT_SCHEDULED);
    core.execute({ type: 'RecordQueryFailure', data: { queryId, ...recorded, at: core.now() } }, { silent: true });
  };

  async function fetchResults(queryId: string, resultsKey: string) {
    core.execute({ type: 'FetchQueryResults', data: { queryId } }, { silent: true });
    try {
      succeed(queryId, await api.results(resultsKey, DISPLAY_MAX_ROW));
    } catch (thrown) {
      fail(queryId, thrown);
    }
  }

  // REFERENCE §1.2: while a run is in progress its state and progress ("Running statement i out of n")
  // are shown as the server reports them. Finishing is the async event's job, never this poll's.
  function followProgress(queryId: string, since: number) {
    const timer = setInterval(() => {
      void api.updatedSince(since - QUERY_UPDATE_BUFFER_MS).then(
        ({ result }) => {
          const local = query(queryId);
          if (!local || !isQueryInProgress(local.state) || local.state === 'fetching') return stopPolling(queryId);
          const server = result.find((q) => q.id === queryId);
          if (!server || !isQueryInProgress(server.state as QueryState)) return;
          core.execute(
            {
              type: 'RefreshQueries',
              data: {
                alteredQueries: {
                  [queryId]: {
                    state: server.state as QueryState,
                    progress: server.progress ?? 0,
                    extra: server.extra ?? {},
                  },
                },
              },
            },
            { silent: true, undoable: false },
          );
        },
        () => undefined, // A failed poll is retried at the next tick.
      );
    }, QUERY_UPDATE_FREQ_MS);
    polls.set(queryId, timer);
  }

  /**
   * A synchronous run whose request was lost with the previous page (a reload while it ran): the
   * server's record of it tells how it ended. Its rows come back from the results backend when the
   * server kept them; otherwise the results pane offers to run it again.
   */
  function watchServer(queryId: string) {
    const check = async () => {
      let server: ServerQuery;
      try {
        server = await api.query(queryId);
      } catch (thrown) {
        // Never stored by the server (refused before it started): it did not run.
        if (thrown instanceof ApiError && thrown.error.status === 404) {
          stopPolling(queryId);
          fail(queryId, thrown);
        }
        return; // Offline: asked again at the next tick.
      }
      if (!query(queryId) || !isQueryInProgress(query(queryId)!.state)) return stopPolling(queryId);
      if (isQueryInProgress(server.state as QueryState)) return;
      stopPolling(queryId);
      if (server.state === 'success' && server.resultsKey) return void fetchResults(queryId, server.resultsKey);
      if (server.state === 'success') {
        const results: QueryResults = {
          status: 'success',
          data: [],
          columns: [],
          displayLimitReached: false,
          query: server as QueryResults['query'],
        };
        core.execute({ type: 'RecordQuerySuccess', data: { queryId, results, at: core.now() } }, { silent: true });
        return;
      }
      const errorMessage = server.errorMessage ?? `The query ${server.state.replace('_', ' ')}.`;
      core.execute({ type: 'RecordQueryFailure', data: { queryId, errorMessage, at: core.now() } }, { silent: true });
    };
    polls.set(
      queryId,
      setInterval(() => void check(), QUERY_UPDATE_FREQ_MS),
    );
    void check();
  }

  /** The async run's end: its stored rows (fetched with the display limit), or its errors. */
  function awaitCompletion(queryId: string, completion: Promise<ExecuteResult>) {
    completion.then(
      (answer) => {
        stopPolling(queryId);
        succeed(queryId, answer);
      },
      (thrown: unknown) => {
        stopPolling(queryId);
        if (!(thrown instanceof AsyncJobError)) return fail(queryId, thrown);
        core.execute(
          {
            type: 'RecordQueryFailure',
            data: { queryId, errors: [...thrown.errors], errorMessage: thrown.message, at: core.now() },
          },
          { silent: true },
        );
      },
    );
  }
  // Jobs listened for on the (page-wide) async-event listener, forgotten when SQL Lab goes away.
  const listening = new Set<string>();
  const listen = (queryId: string) => {
    listening.add(queryId);
    return asyncEvents
      .listen(queryId, (url) => api.resultsAt(withDisplayRows(url, DISPLAY_MAX_ROW)))
      .finally(() => listening.delete(queryId));
  };
  const stopPolling = (queryId: string) => {
    clearInterval(polls.get(queryId));
    polls.delete(queryId);
  };

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
        { silent: true, undoable: false },
      );
      for (const q of Object.values(core.store.getState().queries)) {
        if (polls.has(q.id) || (q.state !== 'pending' && q.state !== 'running')) continue;
        if (q.runAsync) {
          awaitCompletion(q.id, listen(q.id));
          followProgress(q.id, q.startDttm);
        } else {
          watchServer(q.id);
        }
      }
    },
    dispose: () => {
      [...polls.keys()].forEach(stopPolling);
      listening.forEach((queryId) => asyncEvents.forget(queryId));
      listening.clear();
    },
  };
}
