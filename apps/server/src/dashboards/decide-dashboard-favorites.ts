/** A user's star on a dashboard (`dashboard-favorites:<id>`) as a command on the Nest CommandBus. */
import { dashboardFavoritesDecider, dashboardFavoritesStream, type FavoriteDashboard } from '@strata/domain';
import { decisionHandler, DecideOn } from '../event-store/decide-command';

export class DecideDashboardFavorites extends DecideOn<number, FavoriteDashboard> {}

export const DecideDashboardFavoritesHandler = decisionHandler(
  DecideDashboardFavorites,
  dashboardFavoritesStream,
  dashboardFavoritesDecider,
);
