/**
 * The state machine of one run (sqllab-and-platform §4, REFERENCE §1.3): created pending (async) or running (sync);
 * pending -> running on the first progress; running -> success | failed | timed_out; any unfinished
 * state -> stopped. A Stop before the start is kept, and the start then ends stopped at once. Once stopped, a late success, failure or timeout is ignored (no events), so the
 * user's Stop always wins over a worker that finishes at the same moment.
 */
import { DomainError, type Decider } from '@strata/events';
import { leaveUnchanged, unknownCommand } from '../../shared/exhaustive';
import type { QueryColumn, QueryError, QueryRunEvent, QueryStartedData, QueryStatus } from './query-run.events';
import type { LimitingFactor } from '../query-limits/limits';

export interface QueryRunState {
  started: QueryStartedData | null;
  status: QueryStatus | null;
  progress: number;
  progressMessage: string | null;
  rows: number | null;
  limitingFactor: LimitingFactor | null;
  resultsKey: string | null;
  columns: QueryColumn[];
  executedSql: string | null;
  errors: QueryError[];
  errorMessage: string | null;
  startRunningDttm: number | null;
  endDttm: number | null;
  /** The server process holding the run, when one does (QueryStartedData.runner). */
  runner: string | null;
  /**
   * Stops that overtook the run's start, each for whose run it is (a user id, or null: anyone's, an
   * admin's). Only one that the run's owner may have sent stops the run.
   */
  keptStops: (number | null)[];
}

export type QueryRunCommand =
  /**
   * `statementCount` on a run that starts `running` (sync) also reports its first statement's progress
   * in the same batch: one transaction fewer per run.
   */
  | { type: 'StartQuery'; query: QueryStartedData; statementCount?: number }
  | { type: 'ReportProgress'; statement: number; statementCount: number; at: number; runner?: string }
  | {
      type: 'CompleteQuery';
      rows: number;
      limitingFactor: LimitingFactor;
      resultsKey: string | null;
      columns: QueryColumn[];
      executedSql: string;
      tempTable: string | null;
      tempSchema: string | null;
      selectSql: string | null;
      at: number;
    }
  | { type: 'FailQuery'; errors: QueryError[]; executedSql: string | null; at: number }
  /** `onlyFor`: the stopper may stop only this user's runs (not an admin). */
  | { type: 'StopQuery'; at: number; onlyFor?: number }
  | { type: 'TimeOutQuery'; message: string; errorType: string; at: number };

export const IN_PROGRESS: readonly QueryStatus[] = ['pending', 'running'];
export const isInProgress = (s: QueryStatus | null): boolean => s !== null && IN_PROGRESS.includes(s);

export const progressMessage = (statement: number, statementCount: number) =>
  `Running statement ${statement} out of ${statementCount}`;

export function initialQueryRunState(): QueryRunState {
  return {
    started: null,
    status: null,
    progress: 0,
    progressMessage: null,
    rows: null,
    limitingFactor: null,
    resultsKey: null,
    columns: [],
    executedSql: null,
    errors: [],
    errorMessage: null,
    startRunningDttm: null,
    endDttm: null,
    runner: null,
    keptStops: [],
  };
}

export function evolveQueryRun(state: QueryRunState, event: QueryRunEvent): QueryRunState {
  switch (event.type) {
    case 'sqllab/queryStarted':
      if (state.started) return state;
      return {
        ...state,
        started: event.data,
        status: event.data.status,
        limitingFactor: event.data.limitingFactor,
        startRunningDttm: event.data.status === 'running' ? event.data.startDttm : null,
        runner: event.data.runner ?? null,
      };
    case 'sqllab/queryProgressed':
      if (!isInProgress(state.status)) return state;
      return {
        ...state,
        status: 'running',
        progress: event.data.progress,
        progressMessage: event.data.message,
        startRunningDttm: state.startRunningDttm ?? event.data.at,
        runner: event.data.runner ?? state.runner,
      };
    case 'sqllab/querySucceeded':
      if (!isInProgress(state.status)) return state;
      return {
        ...state,
        status: 'success',
        progress: 100,
        rows: event.data.rows,
        limitingFactor: event.data.limitingFactor,
        resultsKey: event.data.resultsKey,
        columns: event.data.columns,
        executedSql: event.data.executedSql,
        errors: [],
        errorMessage: null,
        endDttm: event.data.endDttm,
      };
    case 'sqllab/queryFailed':
      if (!isInProgress(state.status)) return state;
      return {
        ...state,
        status: 'failed',
        errors: event.data.errors,
        errorMessage: event.data.errorMessage,
        executedSql: event.data.executedSql ?? state.executedSql,
        endDttm: event.data.endDttm,
      };
    case 'sqllab/queryStopped':
      // A Stop before the run's start is kept: a start it applies to ends stopped at once.
      if (!state.started)
        return { ...state, endDttm: event.data.endDttm, keptStops: [...state.keptStops, event.data.onlyFor ?? null] };
      if (!isInProgress(state.status)) return state;
      return { ...state, status: 'stopped', endDttm: event.data.endDttm };
    case 'sqllab/queryTimedOut':
      if (!isInProgress(state.status)) return state;
      return {
        ...state,
        status: 'timed_out',
        errors: event.data.errors,
        errorMessage: event.data.errorMessage,
        endDttm: event.data.endDttm,
      };
    default:
      return leaveUnchanged(event, state);
  }
}

const notRunning = (status: QueryStatus | null) =>
  new DomainError(
    'query_not_running',
    status === null ? 'This query does not exist.' : `This query is ${status}, not running.`,
  );

/** Progress counts finished statements: statement i starting means i - 1 of n are done. */
const progressed = (statement: number, statementCount: number, at: number, runner?: string): QueryRunEvent => ({
  type: 'sqllab/queryProgressed',
  data: {
    statement,
    statementCount,
    progress: Math.floor(((statement - 1) / statementCount) * 100),
    message: progressMessage(statement, statementCount),
    at,
    ...(runner ? { runner } : {}),
  },
});

export function decideQueryRun(command: QueryRunCommand, state: QueryRunState): QueryRunEvent[] {
  switch (command.type) {
    case 'StartQuery':
      if (state.started) throw new DomainError('query_exists', 'A query with this client id already exists.');
      // Stopped before it started (the Stop overtook the execute request): it starts and stops, never runs.
      // A kept Stop of someone who may not stop this user's runs does not count.
      if (state.keptStops.some((onlyFor) => onlyFor === null || onlyFor === command.query.userId))
        return [
          { type: 'sqllab/queryStarted', data: command.query },
          { type: 'sqllab/queryStopped', data: { endDttm: command.query.startDttm } },
        ];
      if (command.query.status !== 'running' || !command.statementCount)
        return [{ type: 'sqllab/queryStarted', data: command.query }];
      return [
        { type: 'sqllab/queryStarted', data: command.query },
        progressed(1, command.statementCount, command.query.startDttm, command.query.runner ?? undefined),
      ];
    case 'ReportProgress': {
      if (state.status === 'stopped') throw new DomainError('query_stopped', 'The query was stopped.');
      if (!isInProgress(state.status)) throw notRunning(state.status);
      return [progressed(command.statement, command.statementCount, command.at, command.runner)];
    }
    case 'CompleteQuery': {
      if (state.status === 'stopped') return [];
      if (!isInProgress(state.status)) throw notRunning(state.status);
      const { type: _type, at, ...data } = command;
      return [{ type: 'sqllab/querySucceeded', data: { ...data, endDttm: at } }];
    }
    case 'FailQuery':
      if (state.status === 'stopped') return [];
      if (!isInProgress(state.status)) throw notRunning(state.status);
      return [
        {
          type: 'sqllab/queryFailed',
          data: {
            errors: command.errors,
            errorMessage: command.errors[0]?.message ?? 'The query failed.',
            executedSql: command.executedSql,
            endDttm: command.at,
          },
        },
      ];
    case 'StopQuery':
      // A Stop may overtake its run's execute request (sent at once, the run still on its way): it is
      // recorded, and the run starts stopped (sqllab-and-platform §4: a Stop is never dropped).
      if (!state.started) {
        const onlyFor = command.onlyFor ?? null;
        // Kept once per stopper: a double click records nothing more.
        if (state.keptStops.includes(onlyFor)) return [];
        return [
          {
            type: 'sqllab/queryStopped',
            data: { endDttm: command.at, ...(onlyFor !== null ? { onlyFor } : {}) },
          },
        ];
      }
      // Stopping a finished query changes nothing (a double click, a race with completion).
      if (!isInProgress(state.status)) return [];
      return [{ type: 'sqllab/queryStopped', data: { endDttm: command.at } }];
    case 'TimeOutQuery':
      if (state.status === 'stopped') return [];
      if (!isInProgress(state.status)) throw notRunning(state.status);
      return [
        {
          type: 'sqllab/queryTimedOut',
          data: {
            errors: [{ message: command.message, error_type: command.errorType, level: 'error' }],
            errorMessage: command.message,
            endDttm: command.at,
          },
        },
      ];
    default:
      return unknownCommand(command);
  }
}

export const queryRunDecider: Decider<QueryRunState, QueryRunEvent, QueryRunCommand> = {
  initialState: initialQueryRunState,
  evolve: evolveQueryRun,
  decide: (command, state) => decideQueryRun(command, state),
};
