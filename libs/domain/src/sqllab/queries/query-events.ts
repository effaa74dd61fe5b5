/** Events of query runs as the editor sees them (sqllab-and-platform §4 Query states). */
import type { EventLike } from '@strata/events';
import type { StrataError } from '../../platform/error-types';
import type { EditorQuery, QueryResults, QueryRunRequest } from './query';

type OnQuery<T = object> = { queryId: string } & T;

export type QueryEvent =
  /** A run began: pending when async, else running. It becomes its tab's latest query. */
  | EventLike<'sqllab/runStarted', { query: EditorQuery }>
  | EventLike<'sqllab/runStopped', OnQuery<{ endDttm: number }>>
  /** Stored results were requested (state fetching). */
  | EventLike<'sqllab/resultsFetchStarted', OnQuery>
  | EventLike<'sqllab/runSucceeded', OnQuery<{ results: QueryResults; endDttm: number }>>
  | EventLike<
      'sqllab/runFailed',
      OnQuery<{ errors: readonly StrataError[]; errorMessage: string; link: string | null; endDttm: number }>
    >
  /** The server's view of runs that changed (polling); merged by the spec's rules. */
  | EventLike<'sqllab/runsRefreshed', { alteredQueries: Readonly<Record<string, Partial<EditorQuery>>> }>
  | EventLike<'sqllab/inactiveRunsCleared', { now: number; interval: number }>
  | EventLike<'sqllab/runResultsCleared', OnQuery>
  /** A table's data preview ran again: the old run is replaced by the new one. */
  | EventLike<'sqllab/dataPreviewReplaced', { oldQueryId: string; query: EditorQuery }>
  | EventLike<'sqllab/runRemoved', OnQuery>;

export type QueryEventType = QueryEvent['type'];

export const QUERY_EVENT_TYPES = {
  'sqllab/runStarted': true,
  'sqllab/runStopped': true,
  'sqllab/resultsFetchStarted': true,
  'sqllab/runSucceeded': true,
  'sqllab/runFailed': true,
  'sqllab/runsRefreshed': true,
  'sqllab/inactiveRunsCleared': true,
  'sqllab/runResultsCleared': true,
  'sqllab/dataPreviewReplaced': true,
  'sqllab/runRemoved': true,
} as const satisfies Record<QueryEventType, true>;

export type QueryCommand =
  | { type: 'StartQuery'; data: QueryRunRequest }
  | { type: 'StopQuery'; data: OnQuery<{ at: number }> }
  | { type: 'FetchQueryResults'; data: OnQuery }
  | { type: 'RecordQuerySuccess'; data: OnQuery<{ results: QueryResults; at: number }> }
  | {
      type: 'RecordQueryFailure';
      data: OnQuery<{ errors?: readonly StrataError[]; errorMessage: string; link?: string | null; at: number }>;
    }
  | { type: 'RefreshQueries'; data: { alteredQueries: Readonly<Record<string, Partial<EditorQuery>>> } }
  | { type: 'ClearInactiveQueries'; data: { now: number; interval: number } }
  | { type: 'ClearQueryResults'; data: OnQuery }
  | { type: 'ReRunDataPreview'; data: { oldQueryId: string; request: QueryRunRequest } }
  | { type: 'RemoveQuery'; data: OnQuery };

export type QueryCommandType = QueryCommand['type'];

export const QUERY_COMMAND_TYPES = {
  StartQuery: true,
  StopQuery: true,
  FetchQueryResults: true,
  RecordQuerySuccess: true,
  RecordQueryFailure: true,
  RefreshQueries: true,
  ClearInactiveQueries: true,
  ClearQueryResults: true,
  ReRunDataPreview: true,
  RemoveQuery: true,
} as const satisfies Record<QueryCommandType, true>;
