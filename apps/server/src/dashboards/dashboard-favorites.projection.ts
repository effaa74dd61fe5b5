/**
 * `dashboard_favorites` as the fold of the `dashboard-favorites:<id>` streams (projections/CONTEXT.md): one
 * row per star, from when it was given; an unstar removes it.
 */
import { DASHBOARD_FAVORITE_EVENTS, type DashboardFavoriteEvent } from '@strata/domain';
import type { EnvelopeOf } from '@strata/events';
import { streamNumber } from '../event-store/envelope-ids';
import { foldProjection, type FoldProjection } from '../projections/fold-projection';

type FavoriteEnvelope = EnvelopeOf<DashboardFavoriteEvent>;

export interface DashboardFavoriteRow {
  dashboard_id: number;
  user_id: DashboardFavoriteEvent['data']['userId'];
  created_on: string;
}

export const dashboardFavoritesFold: FoldProjection<DashboardFavoriteRow, FavoriteEnvelope> = {
  name: 'dashboard_favorites',
  table: 'dashboard_favorites',
  key: ['dashboard_id', 'user_id'],
  handles: DASHBOARD_FAVORITE_EVENTS,
  rowsOf: (event) => ({ dashboard_id: streamNumber(event.stream), user_id: event.data.userId }),
  evolve(row, event) {
    if (event.type === 'dashboard/unfavorited') return null;
    // A star given again keeps the time it was first given.
    return row ?? { dashboard_id: streamNumber(event.stream), user_id: event.data.userId, created_on: event.meta.at };
  },
};

export const dashboardFavoritesProjection = () => foldProjection(dashboardFavoritesFold);
