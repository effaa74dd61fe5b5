import { DISPLAY_MAX_ROW, EditorErrorMessages, ErrorType, type QueryResults, type StrataError } from '@strata/domain';
import { toClientError } from '../../api/api-error';
import type { ExecuteResult } from '../api/sqllab-api';
import type { SqlLabCore } from '../sqllab.feature';

/** REFERENCE §1.2: a run that failed inside execution may answer with a failed payload. */
export interface FailedPayload {
  status: 'failed' | 'timed_out' | 'stopped';
  error?: string;
  errors?: StrataError[];
  link?: string;
}

export interface RunOutcomes {
  succeed(queryId: string, answer: ExecuteResult): void;
  failPayload(queryId: string, answer: FailedPayload): void;
  fail(queryId: string, thrown: unknown): void;
  /** The stored rows of a finished run, fetched with the display limit. */
  fetchResults(queryId: string, resultsKey: string): Promise<void>;
}

/** The errors of a failed request as the query keeps them. */
function failure(thrown: unknown): { errors: StrataError[]; errorMessage: string; link: string | null } {
  const error = toClientError(thrown);
  return { errors: [...error.errors], errorMessage: error.message, link: error.link ?? null };
}

/**
 * How a run ends, recorded as the domain's commands: its rows, its failed payload, or the error of its
 * request. Silent: an answer arriving after a Stop is ignored by the domain, never toasted.
 */
export function runOutcomes(core: SqlLabCore): RunOutcomes {
  const { api } = core;
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
    core.execute(
      { type: 'RecordQuerySuccess', data: { queryId, results, at: core.now() } },
      { silent: true, whilePast: 'allowed' },
    );
  };
  const failPayload = (queryId: string, answer: FailedPayload) => {
    const errors = answer.errors ?? [];
    const errorMessage = answer.error ?? errors[0]?.message ?? 'The query failed.';
    core.execute(
      {
        type: 'RecordQueryFailure',
        data: { queryId, errors, errorMessage, link: answer.link ?? null, at: core.now() },
      },
      { silent: true, whilePast: 'allowed' },
    );
  };
  const fail = (queryId: string, thrown: unknown) => {
    const recorded = failure(thrown);
    // sqllab-and-platform §8: an async run the job queue refused was never scheduled; the toast says so wherever the user is.
    if (recorded.errors.some((e) => e.error_type === ErrorType.ASYNC_WORKERS_ERROR))
      core.toasts.danger(EditorErrorMessages.QUERY_NOT_SCHEDULED);
    core.execute(
      { type: 'RecordQueryFailure', data: { queryId, ...recorded, at: core.now() } },
      { silent: true, whilePast: 'allowed' },
    );
  };

  const fetchResults = async (queryId: string, resultsKey: string) => {
    core.execute({ type: 'FetchQueryResults', data: { queryId } }, { silent: true, whilePast: 'allowed' });
    try {
      succeed(queryId, await api.results(resultsKey, DISPLAY_MAX_ROW));
    } catch (thrown) {
      fail(queryId, thrown);
    }
  };

  return { succeed, failPayload, fail, fetchResults };
}
