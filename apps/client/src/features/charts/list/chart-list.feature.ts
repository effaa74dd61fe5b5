import { CHART_LIST_PAGE_SIZE, ExploreMessages } from '@strata/domain';
import { createFeatureStore, type ClientContext, type FeatureStore } from '../../../shared/feature-store';
import { toClientError } from '../../api/api-error';
import type { HttpClient } from '../../api/http-client';
import type { ToastsFeature } from '../../toasts/toasts.feature';
import { exploreApi } from '../../explore/api/explore-api';
import { chartListFold, type ChartListEvent, type ChartListQueryState, type ChartListState } from './chart-list.events';

export interface ChartListFeature {
  readonly store: FeatureStore<ChartListState, ChartListEvent>;
  load(query: Partial<ChartListQueryState>): Promise<void>;
  toggleStar(id: number): Promise<void>;
}

/** GET /api/v1/chart/?q= (spec §7: filters on name and owners, ordering, page size 200) and favourites. */
export function createChartList(context: ClientContext, http: HttpClient, toasts: ToastsFeature): ChartListFeature {
  const store = createFeatureStore<ChartListState, ChartListEvent>('chart-list', chartListFold, context);
  const api = exploreApi(http);
  return {
    store,
    async load(patch) {
      const query = { ...store.getState().query, ...patch };
      const requestId = context.newId();
      store.record([{ type: 'chartList/queried', data: { requestId, query } }]);
      try {
        const { result, count } = await api.listCharts({
          ...query,
          search: query.search.trim(),
          pageSize: CHART_LIST_PAGE_SIZE,
        });
        const favorites = result.length ? await api.favoriteStatus(result.map((c) => c.id)).catch(() => ({})) : {};
        store.record([{ type: 'chartList/loaded', data: { requestId, charts: result, count, favorites } }]);
      } catch (error) {
        const message = `${ExploreMessages.SAVED_CHARTS_ERROR}${toClientError(error).message}`;
        store.record([{ type: 'chartList/failed', data: { requestId, message } }]);
        toasts.danger(ExploreMessages.SAVED_CHARTS_FAILED);
      }
    },
    async toggleStar(id) {
      const isStarred = !store.getState().favorites[id];
      try {
        await api.setFavorite(id, isStarred);
        store.record([{ type: 'chartList/starToggled', data: { id, isStarred } }]);
      } catch {
        toasts.danger(ExploreMessages.STAR_FAILED);
      }
    },
  };
}
