import type { EventLike } from '@strata/events';
import { unchanged } from '../../../shared/exhaustive';
import type { DashboardListQuery } from '../api/dashboard-api';
import type { DashboardRecord } from '../api/types';

export type DashboardListQueryState = Omit<DashboardListQuery, 'pageSize'>;

export type DashboardListEvent =
  | EventLike<'dashboardList/queried', { requestId: string; query: DashboardListQueryState }>
  | EventLike<'dashboardList/loaded', { requestId: string; dashboards: DashboardRecord[]; count: number; favorites: Record<number, boolean> }>
  | EventLike<'dashboardList/failed', { requestId: string; message: string }>
  | EventLike<'dashboardList/starToggled', { id: number; isStarred: boolean }>;

export interface DashboardListState {
  query: DashboardListQueryState;
  requestId: string | null;
  loading: boolean;
  dashboards: DashboardRecord[];
  count: number;
  favorites: Record<number, boolean>;
  error: string | null;
}

export const dashboardListFold = {
  initialState: (): DashboardListState => ({
    query: { search: '', ownerId: null, favoritesOnly: false, orderColumn: 'changed_on_delta_humanized', orderDirection: 'desc' },
    requestId: null,
    loading: false,
    dashboards: [],
    count: 0,
    favorites: {},
    error: null,
  }),
  evolve(state: DashboardListState, event: DashboardListEvent): DashboardListState {
    switch (event.type) {
      case 'dashboardList/queried':
        return { ...state, query: event.data.query, requestId: event.data.requestId, loading: true, error: null };
      case 'dashboardList/loaded':
        // Only the latest query's answer: typing in the search box sends several.
        if (event.data.requestId !== state.requestId) return state;
        return { ...state, loading: false, dashboards: event.data.dashboards, count: event.data.count, favorites: event.data.favorites };
      case 'dashboardList/failed':
        if (event.data.requestId !== state.requestId) return state;
        return { ...state, loading: false, error: event.data.message };
      case 'dashboardList/starToggled':
        return { ...state, favorites: { ...state.favorites, [event.data.id]: event.data.isStarred } };
      default:
        return unchanged(event, state);
    }
  },
};
