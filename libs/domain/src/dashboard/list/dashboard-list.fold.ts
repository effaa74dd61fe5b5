/** The dashboard list page as a fold: the query, its latest answer, the stars shown. */
import { leaveUnchanged } from '../../shared/exhaustive';
import type { DashboardRecord } from '../page/records';
import type { DashboardListEvent, DashboardListQueryState } from './dashboard-list.events';

export interface DashboardListState {
  query: DashboardListQueryState;
  requestId: string | null;
  loading: boolean;
  dashboards: DashboardRecord[];
  count: number;
  favorites: Record<number, boolean>;
  error: string | null;
}

export const initialDashboardList = (): DashboardListState => ({
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
});

export function evolveDashboardList(state: DashboardListState, event: DashboardListEvent): DashboardListState {
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
    case 'dashboardList/favorited':
      return { ...state, favorites: { ...state.favorites, [event.data.id]: true } };
    case 'dashboardList/unfavorited':
      return { ...state, favorites: { ...state.favorites, [event.data.id]: false } };
    case 'dashboardList/deleted': {
      const dashboards = state.dashboards.filter((d) => d.id !== event.data.id);
      return {
        ...state,
        dashboards,
        count: Math.max(0, state.count - (state.dashboards.length - dashboards.length)),
      };
    }
    default:
      return leaveUnchanged(event, state);
  }
}

export const dashboardListFold = { initialState: initialDashboardList, evolve: evolveDashboardList };
