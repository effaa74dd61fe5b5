/**
 * sqllab-and-platform §3 Query (a run) as the editor holds it, and sqllab-and-platform §4 Query states. The server's own view of a
 * run lives in ../query-limits (its stream `query:<client_id>`); this is the client-side fold.
 */
import type { StrataError } from '../../platform/error-types';

/** sqllab-and-platform §4 Query states. */
export const QueryState = {
  STARTED: 'started',
  STOPPED: 'stopped',
  FAILED: 'failed',
  PENDING: 'pending',
  RUNNING: 'running',
  SCHEDULED: 'scheduled',
  SUCCESS: 'success',
  FETCHING: 'fetching',
  TIMED_OUT: 'timed_out',
} as const;
export type QueryState = (typeof QueryState)[keyof typeof QueryState];

/** sqllab-and-platform §4: states of a run still going on. */
export const QUERY_IN_PROGRESS_STATES: readonly QueryState[] = [
  'running',
  'started',
  'pending',
  'fetching',
  'scheduled',
];
/** sqllab-and-platform §4: states of a run that is over. */
export const QUERY_FINISHED_STATES: readonly QueryState[] = ['stopped', 'failed', 'success', 'timed_out'];

export const isQueryInProgress = (state: QueryState): boolean => QUERY_IN_PROGRESS_STATES.includes(state);
export const isQueryFinished = (state: QueryState): boolean => QUERY_FINISHED_STATES.includes(state);

export type BadgeType = 'danger' | 'info' | 'warning' | 'success';
/** What a badge shows: any query state, or the editor being offline. */
export type BadgeState = QueryState | 'offline';

/** sqllab-and-platform §4 Badges. States the spec gives no colour keep the neutral info badge. */
export function queryStateBadge(state: BadgeState): BadgeType {
  switch (state) {
    case 'offline':
    case 'failed':
    case 'stopped':
    case 'timed_out':
      return 'danger';
    case 'pending':
    case 'fetching':
    case 'started':
    case 'scheduled':
      return 'info';
    case 'running':
      return 'warning';
    case 'success':
      return 'success';
    default: {
      const unknown: never = state;
      return unknown;
    }
  }
}

export type CtasMethodName = 'TABLE' | 'VIEW';

export interface ResultColumn {
  column_name: string;
  name?: string;
  type: string | null;
  is_dttm: boolean;
  type_generic?: number;
}

/** The execute / results payload as the editor keeps it (REFERENCE §1.2). */
export interface QueryResults {
  status: QueryState;
  data: readonly Record<string, unknown>[];
  columns: readonly ResultColumn[];
  selected_columns?: readonly ResultColumn[];
  expanded_columns?: readonly ResultColumn[];
  displayLimitReached?: boolean;
  /** The server's Query.to_dict() of the run (rows, limitingFactor, resultsKey, temp table...). */
  query?: Partial<ServerQuery> | null;
}

/** The fields of the server's Query.to_dict() the editor reads (REFERENCE §1.2). */
export interface ServerQuery {
  id: string;
  dbId: number;
  state: QueryState;
  sql: string;
  executedSql: string | null;
  rows: number | null;
  limitingFactor: string | null;
  resultsKey: string | null;
  tempSchema: string | null;
  tempTable: string | null;
  progress: number;
  startDttm: number | string;
  endDttm: number | string | null;
  errorMessage: string | null;
  trackingUrl: string | null;
  changed_on: string;
  extra: Record<string, unknown>;
}

/** sqllab-and-platform §3 Query (a run), client side. */
export interface EditorQuery {
  /** Client-generated, 11 characters. */
  id: string;
  dbId: number;
  sql: string;
  sqlEditorId: string | null;
  tab: string | null;
  catalog: string | null;
  schema: string | null;
  tempTable: string | null;
  tempSchema: string | null;
  ctas: boolean;
  ctas_method: CtasMethodName;
  runAsync: boolean;
  templateParams: string | null;
  queryLimit: number | null;
  limitingFactor: string | null;
  progress: number;
  startDttm: number;
  endDttm: number | null;
  duration?: string;
  state: QueryState;
  cached: boolean;
  resultsKey: string | null;
  results: QueryResults | null;
  rows: number | null;
  isDataPreview: boolean;
  errors: readonly StrataError[];
  errorMessage: string | null;
  link: string | null;
  trackingUrl: string | null;
  executedSql: string | null;
  columns?: readonly ResultColumn[];
  userId?: number;
  type?: string;
  changed_on?: string;
  extra: Record<string, unknown>;
  /** True until the server knows this run under its tab (migration of local-only tabs). */
  inLocalStorage?: boolean;
}

/** What the caller supplies to start a run; the rest is the spec's start values. */
export type QueryRunRequest = Pick<EditorQuery, 'id' | 'dbId' | 'sql' | 'sqlEditorId' | 'runAsync' | 'startDttm'> &
  Partial<
    Pick<
      EditorQuery,
      | 'tab'
      | 'catalog'
      | 'schema'
      | 'tempTable'
      | 'ctas'
      | 'ctas_method'
      | 'templateParams'
      | 'queryLimit'
      | 'isDataPreview'
    >
  >;

/** sqllab-and-platform §4: a new run is pending when asynchronous, otherwise running; progress 0; cached false. */
export function newEditorQuery(request: QueryRunRequest): EditorQuery {
  return {
    id: request.id,
    dbId: request.dbId,
    sql: request.sql,
    sqlEditorId: request.sqlEditorId,
    tab: request.tab ?? null,
    catalog: request.catalog ?? null,
    schema: request.schema ?? null,
    tempTable: request.tempTable ?? null,
    tempSchema: null,
    ctas: request.ctas ?? false,
    ctas_method: request.ctas_method ?? 'TABLE',
    runAsync: request.runAsync,
    templateParams: request.templateParams ?? null,
    queryLimit: request.queryLimit ?? null,
    limitingFactor: null,
    progress: 0,
    startDttm: request.startDttm,
    endDttm: null,
    state: request.runAsync ? QueryState.PENDING : QueryState.RUNNING,
    cached: false,
    resultsKey: null,
    results: null,
    rows: null,
    isDataPreview: request.isDataPreview ?? false,
    errors: [],
    errorMessage: null,
    link: null,
    trackingUrl: null,
    executedSql: null,
    extra: {},
  };
}
