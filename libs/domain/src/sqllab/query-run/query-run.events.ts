/**
 * One SQL Lab run as events on the stream `query:<client_id>` (sqllab-and-platform §4 Query states). Times are epoch
 * milliseconds and come in on the command, never from evolve.
 */
import type { EventLike } from '@strata/events';
import type { LimitingFactor } from '../query-limits/limits';

export type QueryStatus = 'pending' | 'running' | 'success' | 'failed' | 'stopped' | 'timed_out';
export type CtasMethod = 'TABLE' | 'VIEW';

export const queryStream = (clientId: string) => `query:${clientId}`;

export interface QueryError {
  message: string;
  error_type: string;
  level?: 'error' | 'warning' | 'info';
  extra?: Record<string, unknown>;
}

export interface QueryColumn {
  column_name: string;
  name: string;
  type: string;
  type_generic: number;
  is_dttm: boolean;
}

export interface QueryStartedData {
  clientId: string;
  userId: number;
  databaseId: number;
  /** The SQL as typed. */
  sql: string;
  /** After template rendering: what the run executes (before CTAS wrapping and limits). */
  renderedSql: string;
  sqlEditorId: string | null;
  tab: string | null;
  catalog: string | null;
  schema: string | null;
  limit: number;
  limitingFactor: LimitingFactor;
  selectAsCta: boolean;
  ctasMethod: CtasMethod;
  tmpTableName: string | null;
  tmpSchemaName: string | null;
  runAsync: boolean;
  status: 'pending' | 'running';
  startDttm: number;
  /**
   * The server process holding the run (sync, or queued in that process's memory); null while it waits
   * on a shared queue. A process that finds its holder dead at boot fails the run (recovery).
   */
  runner?: string | null;
  /** expand_data: JSON object columns are expanded into one column per key (REFERENCE §1.2 expanded_columns). */
  expandData?: boolean;
}

export type QueryRunEvent =
  | EventLike<'sqllab/queryStarted', QueryStartedData>
  | EventLike<
      'sqllab/queryProgressed',
      { statement: number; statementCount: number; progress: number; message: string; at: number; runner?: string }
    >
  | EventLike<
      'sqllab/querySucceeded',
      {
        rows: number;
        limitingFactor: LimitingFactor;
        resultsKey: string | null;
        columns: QueryColumn[];
        executedSql: string;
        tempTable: string | null;
        tempSchema: string | null;
        selectSql: string | null;
        endDttm: number;
      }
    >
  | EventLike<
      'sqllab/queryFailed',
      { errors: QueryError[]; errorMessage: string; executedSql: string | null; endDttm: number }
    >
  | EventLike<
      'sqllab/queryStopped',
      {
        endDttm: number;
        /**
         * A Stop kept before its run started, sent by a user who may stop only their own runs: it stops
         * the run only if that user starts it (an admin's kept Stop has none: it stops whoever's run).
         */
        onlyFor?: number;
      }
    >
  | EventLike<'sqllab/queryTimedOut', { errors: QueryError[]; errorMessage: string; endDttm: number }>;

export type QueryRunEventType = QueryRunEvent['type'];

export const QUERY_RUN_EVENT_TYPES: readonly QueryRunEventType[] = [
  'sqllab/queryStarted',
  'sqllab/queryProgressed',
  'sqllab/querySucceeded',
  'sqllab/queryFailed',
  'sqllab/queryStopped',
  'sqllab/queryTimedOut',
];
