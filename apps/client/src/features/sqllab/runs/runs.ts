import { DISPLAY_MAX_ROW, EditorErrorMessages, executePayload, newClientQueryId, runRequestFromTab, QUERY_UPDATE_BUFFER_MS, QUERY_UPDATE_FREQ_MS, SOUTH_PANE_RESULTS, type CtasMethodName, type EditorQuery, type QueryResults, type QueryRunRequest, type QueryState, type StrataError } from '@strata/domain';
import { toClientError } from '../../api/api-error';
import type { ExecuteResult, ServerQuery } from '../api/sqllab-api';
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
  dispose(): void;
}

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
 * the result or failure; an async run is polled until it finishes, then its stored results fetched.
 * Stop records the stop at once and asks the server to cancel the query in the database.
 */
export function runActions(core: SqlLabCore): RunActions {
  const { api, catalog } = core;
  const polls = new Map<string, ReturnType<typeof setInterval>>();
  const query = (id: string): EditorQuery | undefined => core.store.getState().queries[id];

  const succeed = (queryId: string, answer: ExecuteResult) => {
    const results: QueryResults = {
      status: 'success',
      data: answer.data,
      columns: answer.columns.map((c) => ({ column_name: c.column_name ?? c.name ?? '', name: c.name, type: c.type ?? null, is_dttm: c.is_dttm ?? false })),
      displayLimitReached: answer.displayLimitReached ?? false,
      query: answer.query as QueryResults['query'],
    };
    core.execute({ type: 'RecordQuerySuccess', data: { queryId, results, at: core.now() } }, { silent: true });
  };
  // REFERENCE §1.2: a run that failed inside execution may answer with a failed payload.
  const failPayload = (queryId: string, answer: FailedPayload) => {
    const errors = answer.errors ?? [];
    const errorMessage = answer.error ?? errors[0]?.message ?? 'The query failed.';
    core.execute({ type: 'RecordQueryFailure', data: { queryId, errors, errorMessage, link: answer.link ?? null, at: core.now() } }, { silent: true });
  };
  const fail = (queryId: string, thrown: unknown) => {
    core.execute({ type: 'RecordQueryFailure', data: { queryId, ...failure(thrown), at: core.now() } }, { silent: true });
  };

  async function fetchResults(queryId: string, resultsKey: string) {
    core.execute({ type: 'FetchQueryResults', data: { queryId } }, { silent: true });
    try {
      succeed(queryId, await api.results(resultsKey, DISPLAY_MAX_ROW));
    } catch (thrown) {
      fail(queryId, thrown);
    }
  }

  function poll(queryId: string, since: number) {
    const timer = setInterval(() => {
      void api.updatedSince(since - QUERY_UPDATE_BUFFER_MS).then(
        ({ result }) => {
          const server = result.find((q) => q.id === queryId);
          const local = query(queryId);
          if (!local || ['stopped', 'failed', 'success', 'timed_out'].includes(local.state)) return stopPolling(queryId);
          if (!server) return;
          if (server.state === 'success' && server.resultsKey) {
            stopPolling(queryId);
            void fetchResults(queryId, server.resultsKey);
          } else if (server.state === 'failed' || server.state === 'timed_out' || server.state === 'stopped') {
            stopPolling(queryId);
            const message = server.errorMessage ?? `The query ${server.state.replace('_', ' ')}.`;
            core.execute({ type: 'RecordQueryFailure', data: { queryId, errorMessage: message, at: core.now() } }, { silent: true });
          } else {
            core.execute({ type: 'RefreshQueries', data: { alteredQueries: { [queryId]: { state: server.state as QueryState, progress: server.progress ?? 0, extra: server.extra ?? {} } } } }, { silent: true, undoable: false });
          }
        },
        () => undefined, // A failed poll is retried at the next tick; the offline badge tells the user.
      );
    }, QUERY_UPDATE_FREQ_MS);
    polls.set(queryId, timer);
  }
  const stopPolling = (queryId: string) => {
    clearInterval(polls.get(queryId));
    polls.delete(queryId);
  };

  const runsAsync = (dbId: number) => Boolean(catalog.store.getState().databases?.find((db) => db.id === dbId)?.allow_run_async);

  function start(request: Omit<QueryRunRequest, 'id' | 'startDttm' | 'runAsync'>, replaces?: string): string | null {
    return send({ ...request, id: randomQueryId(), runAsync: runsAsync(request.dbId), startDttm: core.now() }, replaces);
  }

  function send(full: QueryRunRequest, replaces?: string): string | null {
    const id = full.id;
    const started = replaces
      ? core.execute({ type: 'ReRunDataPreview', data: { oldQueryId: replaces, request: full } })
      : core.execute({ type: 'StartQuery', data: full });
    const query = core.store.getState().queries[id];
    if (!started || !query) return null;
    void api
      .execute(executePayload(query))
      .then(
        (answer) => {
          if (isFailedPayload(answer)) failPayload(id, answer);
          else if (isSync(answer)) succeed(id, answer);
          else poll(id, full.startDttm);
        },
        (thrown: unknown) => fail(id, thrown),
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
      const request = runRequestFromTab(tab, { id: randomQueryId(), startDttm: core.now(), runAsync: runsAsync(tab.dbId), selectionOnly, ctas });
      if (request === null) return null;
      core.execute({ type: 'SelectSouthPaneTab', data: { tab: SOUTH_PANE_RESULTS } }, { silent: true });
      return send(request);
    },
    async stop(queryId) {
      stopPolling(queryId);
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
      start({ dbId, sql, sqlEditorId, tab, catalog, schema, queryLimit, templateParams, isDataPreview }, isDataPreview ? queryId : undefined);
    },
    dispose: () => [...polls.keys()].forEach(stopPolling),
  };
}
