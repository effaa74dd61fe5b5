import type { EventLike } from '@strata/events';
import { unchanged } from '../../../shared/exhaustive';
import { createFeatureStore, type ClientContext, type FeatureStore } from '../../../shared/feature-store';
import { toClientError } from '../../api/api-error';
import type { SavedQueryRow, SqlLabApi } from '../api/sqllab-api';

export const SAVED_PAGE_SIZE = 25;

export type SavedQueriesEvent =
  | EventLike<'savedQueries/listRequested', { search: string; page: number }>
  | EventLike<'savedQueries/listLoaded', { search: string; page: number; rows: SavedQueryRow[]; count: number }>
  | EventLike<'savedQueries/listLoadFailed', { message: string }>;

export interface SavedQueriesState {
  search: string;
  page: number;
  rows: readonly SavedQueryRow[] | null;
  count: number;
  loading: boolean;
  error: string | null;
}

export const savedQueriesFold = {
  initialState: (): SavedQueriesState => ({ search: '', page: 0, rows: null, count: 0, loading: false, error: null }),
  evolve(state: SavedQueriesState, event: SavedQueriesEvent): SavedQueriesState {
    switch (event.type) {
      case 'savedQueries/listRequested':
        return { ...state, search: event.data.search, page: event.data.page, loading: true };
      case 'savedQueries/listLoaded':
        // An answer to an older search (typed over) is not the list asked for now.
        if (event.data.search !== state.search || event.data.page !== state.page) return state;
        return { ...state, rows: event.data.rows, count: event.data.count, loading: false, error: null };
      case 'savedQueries/listLoadFailed':
        return { ...state, loading: false, error: event.data.message };
      default:
        return unchanged(event, state);
    }
  },
};

export interface SavedQueriesFeature {
  readonly store: FeatureStore<SavedQueriesState, SavedQueriesEvent>;
  load(search: string, page: number): Promise<void>;
}

/** The saved queries list: search by label, pages of 25, newest change first. */
export function createSavedQueries(context: ClientContext, api: SqlLabApi): SavedQueriesFeature {
  const store = createFeatureStore<SavedQueriesState, SavedQueriesEvent>('saved-queries', savedQueriesFold, context);
  return {
    store,
    async load(search, page) {
      store.record([{ type: 'savedQueries/listRequested', data: { search, page } }]);
      try {
        const { result, count } = await api.savedQueries(search, page, SAVED_PAGE_SIZE);
        store.record([{ type: 'savedQueries/listLoaded', data: { search, page, rows: result, count } }]);
      } catch (thrown) {
        store.record([{ type: 'savedQueries/listLoadFailed', data: { message: toClientError(thrown).message } }]);
      }
    },
  };
}
