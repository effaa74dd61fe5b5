/**
 * The query history tab (sqllab-and-platform §2 Query history: past runs of every tab and page load,
 * filtered by database, state, user, text and time, in pages) as the client folds it: what was asked and
 * the server's answer. Client-only facts, never undo steps.
 */
import type { EventLike } from '@strata/events';

/** How far back the history looks, in ms; 'any' is no time filter. */
export const HISTORY_PERIODS = {
  any: 0,
  hour: 3_600_000,
  day: 86_400_000,
  week: 7 * 86_400_000,
  month: 30 * 86_400_000,
} as const;
export type HistoryPeriod = keyof typeof HISTORY_PERIODS;

export interface HistoryFilters {
  dbId: number | null;
  state: string | null;
  userId: number | null;
  /** Text the SQL contains. */
  search: string;
  period: HistoryPeriod;
}

export const NO_HISTORY_FILTERS: HistoryFilters = { dbId: null, state: null, userId: null, search: '', period: 'any' };

/** One past run of GET /api/v1/query/ (Query.to_dict(), REFERENCE §1.2): the fields the client reads. */
export interface QueryHistoryRow {
  id: string;
  queryId?: number;
  dbId: number;
  sql: string;
  sqlEditorId?: string | null;
  state: string;
  progress?: number;
  rows?: number | null;
  limit?: number | null;
  limitingFactor?: 'QUERY' | 'DROPDOWN' | 'QUERY_AND_DROPDOWN' | 'NOT_LIMITED' | 'UNKNOWN' | null;
  startDttm?: number | null;
  endDttm?: number | null;
  errorMessage?: string | null;
  resultsKey?: string | null;
  executedSql?: string | null;
  tempTable?: string | null;
  tempSchema?: string | null;
  ctas?: boolean;
  extra?: { progress?: string | null; errors?: unknown[] } | null;
  changed_on?: string;
  schema?: string | null;
  catalog?: string | null;
  /** The database's name and the user's display name (the history lists them). */
  db?: string | null;
  userId?: number;
  user?: string | null;
}

/** Each request carries the whole filter set it was sent with (not a patch): answers are matched to it. */
export type QueryHistoryEvent =
  | EventLike<'queryHistory/listRequested', { filters: HistoryFilters; page: number }>
  | EventLike<
      'queryHistory/listLoaded',
      { filters: HistoryFilters; page: number; rows: QueryHistoryRow[]; count: number }
    >
  | EventLike<'queryHistory/listLoadFailed', { filters: HistoryFilters; page: number; message: string }>;

export type QueryHistoryEventType = QueryHistoryEvent['type'];
