/** The favourite star of the title bar (charts-dashboards-reports §4 favourite star). */
import { toClientError } from '../../api/api-error';
import type { DashboardCore } from '../dashboard-core';
import { MAY_LAND_IN_PAST } from '../../../shared/feature-store';

export interface FavoriteActions {
  toggleStar(): Promise<void>;
}

export function favoriteActions({ store, api, toasts }: DashboardCore): FavoriteActions {
  return {
    async toggleStar() {
      const state = store.getState();
      if (!state.dashboard) return;
      const favorite = !state.isStarred;
      try {
        await api.setFavorite(state.dashboard.id, favorite);
        // charts-dashboards-reports §4: the favourite star toggles on success of the call.
        store.record(
          [{ type: favorite ? 'dashboardPage/favorited' : 'dashboardPage/unfavorited', data: {} }],
          MAY_LAND_IN_PAST,
        );
      } catch (error) {
        toasts.danger(`An error occurred while starring this dashboard: ${toClientError(error).message}`);
      }
    },
  };
}
