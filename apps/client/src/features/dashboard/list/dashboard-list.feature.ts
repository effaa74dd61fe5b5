import {
  DashboardMessages,
  dashboardListFold,
  type DashboardListEvent,
  type DashboardListQueryState,
  type DashboardListState,
} from '@strata/domain';
import {
  MAY_LAND_IN_PAST,
  createFeatureStore,
  type ClientContext,
  type FeatureStore,
} from '../../../shared/feature-store';
import { hasStatus, toClientError } from '../../api/api-error';
import type { HttpClient } from '../../api/http-client';
import type { ToastsFeature } from '../../toasts/toasts.feature';
import { dashboardApi } from '../api/dashboard-api';

export interface DashboardListFeature {
  readonly store: FeatureStore<DashboardListState, DashboardListEvent>;
  /** A new search, owner, favourites or order starts at the first page; `page` alone turns the page. */
  load(query: Partial<DashboardListQueryState>): Promise<void>;
  toggleStar(id: number): Promise<void>;
  /** charts-dashboards-reports §7 POST with '[ untitled dashboard ]': the new dashboard's id, or null (the user is told why). */
  create(): Promise<number | null>;
  /** DELETE, then the page is read again (the next rows move up); false when refused (the user is told why). */
  remove(id: number): Promise<boolean>;
}

/** Rows per page (as Superset's list views). */
export const DASHBOARD_LIST_PAGE_SIZE = 25;

/** GET /api/v1/dashboard/?q= (title or slug search, owner, favourites, ordering, paging) and the favourite stars. */
export function createDashboardList(
  context: ClientContext,
  http: HttpClient,
  toasts: ToastsFeature,
): DashboardListFeature {
  const store = createFeatureStore<DashboardListState, DashboardListEvent>(
    'dashboard-list',
    dashboardListFold,
    context,
  );
  const api = dashboardApi(http);
  const messageOf = (error: unknown) =>
    hasStatus(error, 403) ? DashboardMessages.NO_PERMISSION_TO_SAVE : toClientError(error).message;

  const load = async (patch: Partial<DashboardListQueryState>) => {
    const filtersChanged = Object.keys(patch).some((key) => key !== 'page');
    const query = {
      ...store.getState().query,
      ...patch,
      ...(filtersChanged && patch.page === undefined ? { page: 0 } : {}),
    };
    const requestId = context.newId();
    store.record([{ type: 'dashboardList/queried', data: { requestId, query } }], MAY_LAND_IN_PAST);
    try {
      const { result, count } = await api.list({
        ...query,
        search: query.search.trim(),
        pageSize: DASHBOARD_LIST_PAGE_SIZE,
      });
      // A page past the end (its last rows deleted, by us or others): the last page there is.
      if (result.length === 0 && query.page > 0 && count > 0)
        return load({ page: Math.ceil(count / DASHBOARD_LIST_PAGE_SIZE) - 1 });
      const favorites = result.length ? await api.favoriteStatus(result.map((d) => d.id)).catch(() => ({})) : {};
      store.record(
        [{ type: 'dashboardList/loaded', data: { requestId, dashboards: result, count, favorites } }],
        MAY_LAND_IN_PAST,
      );
    } catch (error) {
      const message = `There was an issue fetching dashboards: ${toClientError(error).message}`;
      store.record([{ type: 'dashboardList/failed', data: { requestId, message } }], MAY_LAND_IN_PAST);
    }
  };

  return {
    store,
    load,
    async toggleStar(id) {
      const favorite = !store.getState().favorites[id];
      try {
        await api.setFavorite(id, favorite);
        store.record(
          [{ type: favorite ? 'dashboardList/favorited' : 'dashboardList/unfavorited', data: { id } }],
          MAY_LAND_IN_PAST,
        );
      } catch {
        toasts.danger('An error occurred while starring this dashboard');
      }
    },
    async create() {
      try {
        return (await api.create({ dashboard_title: DashboardMessages.UNTITLED_DASHBOARD })).id;
      } catch (error) {
        toasts.danger(`The dashboard could not be created: ${messageOf(error)}`);
        return null;
      }
    },
    async remove(id) {
      const title = store.getState().dashboards.find((d) => d.id === id)?.dashboard_title ?? `#${id}`;
      try {
        await api.remove(id);
        store.record([{ type: 'dashboardList/deleted', data: { id } }], MAY_LAND_IN_PAST);
        toasts.success(`Deleted: ${title}`);
        await load({ page: store.getState().query.page });
        return true;
      } catch (error) {
        toasts.danger(`There was an issue deleting ${title}: ${messageOf(error)}`);
        return false;
      }
    },
  };
}
