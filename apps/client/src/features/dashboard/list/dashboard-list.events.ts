import type { EventLike } from '@strata/events';
import { unchanged } from '../../../shared/exhaustive';
import type { DashboardListQuery } from '../api/dashboard-api';
import type { DashboardRecord } from '../api/types';

/** The page is part of the query: 0-based, of DASHBOARD_LIST_PAGE_SIZE rows. */
export type DashboardListQueryState = Omit<DashboardListQuery, 'pageSize' | 'page'> & { page: number };

export type DashboardListEvent =
  | EventLike<'dashboardList/queried', { requestId: string; query: DashboardListQueryState }>
  | EventLike<
      'dashboardList/loaded',
      { requestId: string; dashboards: DashboardRecord[]; count: number; favorites: Record<number, boolean> }
    >
  | EventLike<'dashboardList/failed', { requestId: string; message: string }>
  | EventLike<'dashboardList/starToggled', { id: number; isStarred: boolean }>
  | EventLike<'dashboardList/deleted', { id: number }>;

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
    query: {
      search: '',
      ownerId: null,
      favoritesOnly: false,
      orderColumn: 'changed_on_delta_humanized',
      orderDirection: 'desc',
      page: 0,
    },
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
        return {
          ...state,
          loading: false,
          dashboards: event.data.dashboards,
          count: event.data.count,
          favorites: event.data.favorites,
        };
      case 'dashboardList/failed':
        if (event.data.requestId !== state.requestId) return state;
        return { ...state, loading: false, error: event.data.message };
      case 'dashboardList/starToggled':
        return { ...state, favorites: { ...state.favorites, [event.data.id]: event.data.isStarred } };
      case 'dashboardList/deleted': {
        const dashboards = state.dashboards.filter((d) => d.id !== event.data.id);
        return {
          ...state,
          dashboards,
          count: Math.max(0, state.count - (state.dashboards.length - dashboards.length)),
        };
      }
      default:
        return unchanged(event, state);
    }
  },
};
