/** Who starred a dashboard (stream `dashboard-favorites:<id>`): set once per user, pure. */
import type { Decider } from '@strata/events';
import type { DashboardFavoriteEvent } from './dashboard.events';

export interface FavoriteDashboard {
  type: 'FavoriteDashboard';
  data: { userId: number; favorite: boolean };
}

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
