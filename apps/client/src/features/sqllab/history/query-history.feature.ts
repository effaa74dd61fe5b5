import {
  HISTORY_PERIODS,
  queryHistoryFold,
  type HistoryFilters,
  type QueryHistoryEvent,
  type QueryHistoryState,
} from '@strata/domain';
import {
  MAY_LAND_IN_PAST,
  createFeatureStore,
  type ClientContext,
  type FeatureStore,
} from '../../../shared/feature-store';
import { toClientError } from '../../api/api-error';
import type { QueryListFilter, SqlLabApi } from '../api/sqllab-api';
import type { ReadableState } from '../page-store';

export const HISTORY_PAGE_SIZE = 25;

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

/** What the history tab binds to: the live list, or a replay's runs from the log (loads do nothing). */
export type QueryHistoryView = Pick<QueryHistoryFeature, 'load' | 'reload'> & {
  readonly store: ReadableState<QueryHistoryState>;
};

/** The query history tab: the server's list of past runs (every tab, every page load), filtered and paged. */
export function createQueryHistory(context: ClientContext, api: SqlLabApi, now: () => number): QueryHistoryFeature {
  const store = createFeatureStore<QueryHistoryState, QueryHistoryEvent>('sqllab-history', queryHistoryFold, context);
  async function load(filters: HistoryFilters, page: number) {
    store.record([{ type: 'queryHistory/listRequested', data: { filters, page } }], MAY_LAND_IN_PAST);
    try {
      const { result, count } = await api.queries(historyListFilters(filters, now()), page, HISTORY_PAGE_SIZE);
      store.record(
        [{ type: 'queryHistory/listLoaded', data: { filters, page, rows: result, count } }],
        MAY_LAND_IN_PAST,
      );
    } catch (thrown) {
      store.record(
        [{ type: 'queryHistory/listLoadFailed', data: { filters, page, message: toClientError(thrown).message } }],
        MAY_LAND_IN_PAST,
      );
    }
  }
  return {
    store,
    load,
    reload: () => load(store.getState().filters, store.getState().page),
  };
}
