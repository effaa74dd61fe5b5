import type { EventLike } from '@strata/events';
import { unchanged } from '../../../shared/exhaustive';
import type { ChartRecord } from '../../explore/api/explore-api';

/** The chart list page's query (search, owner, ordering) and the server's answer. */
export interface ChartListQueryState {
  search: string;
  /** null: every owner; a user id: that owner's charts. */
  ownerId: number | null;
  orderColumn: 'changed_on_delta_humanized' | 'slice_name' | 'viz_type';
  orderDirection: 'asc' | 'desc';
}

export type ChartListEvent =
  | EventLike<'chartList/queried', { requestId: string; query: ChartListQueryState }>
  | EventLike<
      'chartList/loaded',
      { requestId: string; charts: ChartRecord[]; count: number; favorites: Record<number, boolean> }
    >
  | EventLike<'chartList/failed', { requestId: string; message: string }>
  | EventLike<'chartList/starToggled', { id: number; isStarred: boolean }>;

export interface ChartListState {
  query: ChartListQueryState;
  requestId: string | null;
  loading: boolean;
  charts: ChartRecord[];
  count: number;
  favorites: Record<number, boolean>;
  error: string | null;
}

export const chartListFold = {
  initialState: (): ChartListState => ({
    query: { search: '', ownerId: null, orderColumn: 'changed_on_delta_humanized', orderDirection: 'desc' },
    requestId: null,
    loading: false,
    charts: [],
    count: 0,
    favorites: {},
    error: null,
  }),
  evolve(state: ChartListState, event: ChartListEvent): ChartListState {
    switch (event.type) {
      case 'chartList/queried':
        return { ...state, query: event.data.query, requestId: event.data.requestId, loading: true, error: null };
      case 'chartList/loaded':
        // Only the latest query's answer: typing in the search box sends several.
        if (event.data.requestId !== state.requestId) return state;
        return {
          ...state,
          loading: false,
          charts: event.data.charts,
          count: event.data.count,
          favorites: event.data.favorites,
        };
      case 'chartList/failed':
        if (event.data.requestId !== state.requestId) return state;
        return { ...state, loading: false, error: event.data.message };
      case 'chartList/starToggled':
        return { ...state, favorites: { ...state.favorites, [event.data.id]: event.data.isStarred } };
      default:
        return unchanged(event, state);
    }
  },
};
