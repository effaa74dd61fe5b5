import type { EventLike } from '@strata/events';
import { unchanged } from '../../../shared/exhaustive';
import { createFeatureStore, type ClientContext, type FeatureStore } from '../../../shared/feature-store';
import { toClientError } from '../../api/api-error';
import type { QueryListFilter, ServerQuery, SqlLabApi } from '../api/sqllab-api';

export const HISTORY_PAGE_SIZE = 25;

/** How far back the history looks; 'any' is no time filter. */
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

export type QueryHistoryEvent =
  | EventLike<'queryHistory/listRequested', { filters: HistoryFilters; page: number }>
  | EventLike<'queryHistory/listLoaded', { filters: HistoryFilters; page: number; rows: ServerQuery[]; count: number }>
  | EventLike<'queryHistory/listLoadFailed', { filters: HistoryFilters; page: number; message: string }>;

export interface QueryHistoryState {
  filters: HistoryFilters;
  page: number;
  rows: readonly ServerQuery[] | null;
  count: number;
  loading: boolean;
  error: string | null;
  /** Users seen in the lists so far, for the user filter (the list names them, no user API needed). */
  users: Readonly<Record<string, string>>;
}

const sameAsked = (state: QueryHistoryState, data: { filters: HistoryFilters; page: number }) =>
  JSON.stringify(state.filters) === JSON.stringify(data.filters) && state.page === data.page;

export const queryHistoryFold = {
  initialState: (): QueryHistoryState => ({
    filters: NO_HISTORY_FILTERS,
    page: 0,
    rows: null,
    count: 0,
    loading: false,
    error: null,
    users: {},
  }),
  evolve(state: QueryHistoryState, event: QueryHistoryEvent): QueryHistoryState {
    switch (event.type) {
      case 'queryHistory/listRequested':
        return { ...state, filters: event.data.filters, page: event.data.page, loading: true };
      case 'queryHistory/listLoaded': {
        // An answer to filters changed since is not the list asked for now.
        if (!sameAsked(state, event.data)) return state;
        const users = { ...state.users };
        for (const row of event.data.rows)
          if (row.userId !== undefined) users[String(row.userId)] = row.user ?? `User ${row.userId}`;
        return { ...state, rows: event.data.rows, count: event.data.count, loading: false, error: null, users };
      }
      case 'queryHistory/listLoadFailed':
        return sameAsked(state, event.data) ? { ...state, loading: false, error: event.data.message } : state;
      default:
        return unchanged(event, state);
    }
  },
};

/** The filters as the server's list takes them; the period counts back from `now`. */
export function historyListFilters(filters: HistoryFilters, now: number): QueryListFilter[] {
  const list: QueryListFilter[] = [];
  if (filters.dbId !== null) list.push({ col: 'database_id', opr: 'eq', value: filters.dbId });
  if (filters.state) list.push({ col: 'status', opr: 'eq', value: filters.state });
  if (filters.userId !== null) list.push({ col: 'user_id', opr: 'eq', value: filters.userId });
  if (filters.search.trim()) list.push({ col: 'sql', opr: 'ct', value: filters.search.trim() });
  if (filters.period !== 'any')
    list.push({ col: 'start_time', opr: 'gt', value: now - HISTORY_PERIODS[filters.period] });
  return list;
}

export interface QueryHistoryFeature {
  readonly store: FeatureStore<QueryHistoryState, QueryHistoryEvent>;
  load(filters: HistoryFilters, page: number): Promise<void>;
  /** The same list again (a run finished, or the user asked). */
  reload(): Promise<void>;
}

/** The query history tab: the server's list of past runs (every tab, every page load), filtered and paged. */
export function createQueryHistory(context: ClientContext, api: SqlLabApi, now: () => number): QueryHistoryFeature {
  const store = createFeatureStore<QueryHistoryState, QueryHistoryEvent>('sqllab-history', queryHistoryFold, context);
  async function load(filters: HistoryFilters, page: number) {
    store.record([{ type: 'queryHistory/listRequested', data: { filters, page } }]);
    try {
      const { result, count } = await api.queries(historyListFilters(filters, now()), page, HISTORY_PAGE_SIZE);
      store.record([{ type: 'queryHistory/listLoaded', data: { filters, page, rows: result, count } }]);
    } catch (thrown) {
      store.record([
        { type: 'queryHistory/listLoadFailed', data: { filters, page, message: toClientError(thrown).message } },
      ]);
    }
  }
  return {
    store,
    load,
    reload: () => load(store.getState().filters, store.getState().page),
  };
}
