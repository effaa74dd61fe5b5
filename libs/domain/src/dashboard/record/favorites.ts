/**
 * Who starred a dashboard (charts-dashboards-reports §7 favourites), on stream `dashboard-favorites:<id>`
 * so a star never makes an editor's `version` stale. A star is a view preference: never an undo step.
 */
import type { Decider, EventLike } from '@strata/events';

export type DashboardFavoriteEvent =
  EventLike<'dashboard/favorited', { userId: number }> | EventLike<'dashboard/unfavorited', { userId: number }>;
export const DASHBOARD_FAVORITE_EVENTS = [
  'dashboard/favorited',
  'dashboard/unfavorited',
] as const satisfies readonly DashboardFavoriteEvent['type'][];
export const dashboardFavoritesStream = (id: number) => `dashboard-favorites:${id}`;

/** The star the user asks for (POST or DELETE .../favorites/); asking for what is already so appends nothing. */
export interface FavoriteDashboard {
  type: 'FavoriteDashboard';
  data: { userId: number; favorite: boolean };
}

/** State: the users who starred it. */
export const dashboardFavoritesDecider: Decider<number[], DashboardFavoriteEvent, FavoriteDashboard, void> = {
  initialState: () => [],
  evolve(state, event) {
    if (event.type === 'dashboard/favorited')
      return state.includes(event.data.userId) ? state : [...state, event.data.userId];
    return state.filter((u) => u !== event.data.userId);
  },
  decide(command, state) {
    const { userId, favorite } = command.data;
    if (favorite === state.includes(userId)) return [];
    return [
      favorite
        ? { type: 'dashboard/favorited', data: { userId } }
        : { type: 'dashboard/unfavorited', data: { userId } },
    ];
  },
};
