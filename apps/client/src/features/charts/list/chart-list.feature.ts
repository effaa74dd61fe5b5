import {
  CHART_LIST_PAGE_SIZE,
  chartListFold,
  ExploreMessages,
  type ChartListEvent,
  type ChartListQueryState,
  type ChartListState,
} from '@strata/domain';
import {
  MAY_LAND_IN_PAST,
  createFeatureStore,
  type ClientContext,
  type FeatureStore,
} from '../../../shared/feature-store';
import { toClientError } from '../../api/api-error';
import type { HttpClient } from '../../api/http-client';
import type { ToastsFeature } from '../../toasts/toasts.feature';
import { exploreApi } from '../../explore/api/explore-api';

export interface ChartListFeature {
  readonly store: FeatureStore<ChartListState, ChartListEvent>;
  load(query: Partial<ChartListQueryState>): Promise<void>;
  toggleStar(id: number): Promise<void>;
}

/** GET /api/v1/chart/?q= (charts-dashboards-reports §7: filters on name and owners, ordering, page size 200) and favourites. */
export function createChartList(context: ClientContext, http: HttpClient, toasts: ToastsFeature): ChartListFeature {
  const store = createFeatureStore<ChartListState, ChartListEvent>('chart-list', chartListFold, context);
  const api = exploreApi(http);
  return {
    store,
    async load(patch) {
      const query = { ...store.getState().query, ...patch };
      const requestId = context.newId();
      store.record([{ type: 'chartList/queried', data: { requestId, query } }], MAY_LAND_IN_PAST);
      try {
        const { result, count } = await api.listCharts({
          ...query,
          search: query.search.trim(),
          pageSize: CHART_LIST_PAGE_SIZE,
        });
        const favorites = result.length ? await api.favoriteStatus(result.map((c) => c.id)).catch(() => ({})) : {};
        store.record(
          [{ type: 'chartList/loaded', data: { requestId, charts: result, count, favorites } }],
          MAY_LAND_IN_PAST,
        );
      } catch (error) {
        const message = `${ExploreMessages.SAVED_CHARTS_ERROR}${toClientError(error).message}`;
        store.record([{ type: 'chartList/failed', data: { requestId, message } }], MAY_LAND_IN_PAST);
        toasts.danger(ExploreMessages.SAVED_CHARTS_FAILED);
      }
    },
    async toggleStar(id) {
      const favorite = !store.getState().favorites[id];
      try {
        await api.setFavorite(id, favorite);
        // The star changes once the server said yes (charts-dashboards-reports §4).
        store.record(
          [{ type: favorite ? 'chartList/chartFavorited' : 'chartList/chartUnfavorited', data: { id } }],
          MAY_LAND_IN_PAST,
        );
      } catch {
        toasts.danger(ExploreMessages.STAR_FAILED);
      }
    },
  };
}
