import { createFeatureStore, type ClientContext, type FeatureStore } from '../../../shared/feature-store';
import { toClientError } from '../../api/api-error';
import type { HttpClient } from '../../api/http-client';
import type { ToastsFeature } from '../../toasts/toasts.feature';
import { dashboardApi } from '../api/dashboard-api';
import { dashboardListFold, type DashboardListEvent, type DashboardListQueryState, type DashboardListState } from './dashboard-list.events';

export interface DashboardListFeature {
  readonly store: FeatureStore<DashboardListState, DashboardListEvent>;
  load(query: Partial<DashboardListQueryState>): Promise<void>;
  toggleStar(id: number): Promise<void>;
}

/** The list page size (as charts, spec §9: 200). */
export const DASHBOARD_LIST_PAGE_SIZE = 200;

/** GET /api/v1/dashboard/?q= (title or slug search, owner, favourites, ordering) and the favourite stars. */
export function createDashboardList(context: ClientContext, http: HttpClient, toasts: ToastsFeature): DashboardListFeature {
  const store = createFeatureStore<DashboardListState, DashboardListEvent>('dashboard-list', dashboardListFold, context);
  const api = dashboardApi(http);
  return {
    store,
    async load(patch) {
      const query = { ...store.getState().query, ...patch };
      const requestId = context.newId();
      store.record([{ type: 'dashboardList/queried', data: { requestId, query } }]);
      try {
        const { result, count } = await api.list({ ...query, search: query.search.trim(), pageSize: DASHBOARD_LIST_PAGE_SIZE });
        const favorites = result.length ? await api.favoriteStatus(result.map((d) => d.id)).catch(() => ({})) : {};
        store.record([{ type: 'dashboardList/loaded', data: { requestId, dashboards: result, count, favorites } }]);
      } catch (error) {
        const message = `There was an issue fetching dashboards: ${toClientError(error).message}`;
        store.record([{ type: 'dashboardList/failed', data: { requestId, message } }]);
      }
    },
    async toggleStar(id) {
      const isStarred = !store.getState().favorites[id];
      try {
        await api.setFavorite(id, isStarred);
        store.record([{ type: 'dashboardList/starToggled', data: { id, isStarred } }]);
      } catch {
        toasts.danger('An error occurred while starring this dashboard');
      }
    },
  };
}
