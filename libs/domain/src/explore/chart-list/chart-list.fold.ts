import type { Fold } from '@strata/events';
import { leaveUnchanged } from '../../shared/exhaustive';
import type { ChartListEvent, ChartListQueryState, ChartRecord } from './chart-list.events';

export interface ChartListState {
  query: ChartListQueryState;
  requestId: string | null;
  loading: boolean;
  charts: ChartRecord[];
  count: number;
  favorites: Record<number, boolean>;
  error: string | null;
}

const initialState = (): ChartListState => ({
  query: { search: '', ownerId: null, orderColumn: 'changed_on_delta_humanized', orderDirection: 'desc' },
  requestId: null,
  loading: false,
  charts: [],
  count: 0,
  favorites: {},
  error: null,
});

function evolve(state: ChartListState, event: ChartListEvent): ChartListState {
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
    case 'chartList/chartFavorited':
      return { ...state, favorites: { ...state.favorites, [event.data.id]: true } };
    case 'chartList/chartUnfavorited':
      return { ...state, favorites: { ...state.favorites, [event.data.id]: false } };
    default:
      return leaveUnchanged(event, state);
  }
}

/** The client's `chart-list` store folds this. */
export const chartListFold: Fold<ChartListState, ChartListEvent> = { initialState, evolve };
