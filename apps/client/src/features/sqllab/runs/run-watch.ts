import {
  DISPLAY_MAX_ROW,
  isQueryInProgress,
  QUERY_UPDATE_BUFFER_MS,
  QUERY_UPDATE_FREQ_MS,
  type EditorQuery,
  type QueryResults,
  type QueryState,
} from '@strata/domain';
import { ApiError } from '../../api/api-error';
import { withDisplayRows, type ExecuteResult, type ServerQuery } from '../api/sqllab-api';
import { AsyncJobError, type AsyncEvents } from '../async/async-events';
import type { SqlLabCore } from '../sqllab.feature';
import type { RunOutcomes } from './run-outcomes';

export interface RunWatch {
  /** Follows an in-progress run's state and progress as the server reports them (display only). */
  followProgress(queryId: string, since: number): void;
  /** A synchronous run whose request was lost with the previous page: the server tells how it ended. */
  watchServer(queryId: string): void;
  /** The async run's end, through the async event channel. */
  awaitCompletion(queryId: string, completion: Promise<ExecuteResult>): void;
  /** Listens for the run's async event (before its request is sent: a quick job's event can beat the 202). */
  listen(queryId: string): Promise<ExecuteResult>;
  stopPolling(queryId: string): void;
  isPolled(queryId: string): boolean;
  dispose(): void;
}

/**
 * Watching runs in progress: the server's progress polls, the reload-lost synchronous runs and the async
 * jobs listened for on the page-wide async-event listener, all forgotten when SQL Lab goes away.
 */
export function runWatch(core: SqlLabCore, asyncEvents: AsyncEvents, outcomes: RunOutcomes): RunWatch {
  const { api } = core;
  const { succeed, fail, fetchResults } = outcomes;
  const polls = new Map<string, ReturnType<typeof setInterval>>();
  const query = (id: string): EditorQuery | undefined => core.store.getState().queries[id];

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
            { silent: true, undoable: false, whilePast: 'allowed' },
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
        core.execute(
          { type: 'RecordQuerySuccess', data: { queryId, results, at: core.now() } },
          { silent: true, whilePast: 'allowed' },
        );
        return;
      }
      const errorMessage = server.errorMessage ?? `The query ${server.state.replace('_', ' ')}.`;
      core.execute(
        { type: 'RecordQueryFailure', data: { queryId, errorMessage, at: core.now() } },
        { silent: true, whilePast: 'allowed' },
      );
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
          { silent: true, whilePast: 'allowed' },
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

  return {
    followProgress,
    watchServer,
    awaitCompletion,
    listen,
    stopPolling,
    isPolled: (queryId) => polls.has(queryId),
    dispose: () => {
      [...polls.keys()].forEach(stopPolling);
      listening.forEach((queryId) => asyncEvents.forget(queryId));
      listening.clear();
    },
  };
}
