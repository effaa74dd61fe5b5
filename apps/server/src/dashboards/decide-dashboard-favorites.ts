/** A user's star on a dashboard (`dashboard-favorites:<id>`) as a command on the Nest CommandBus. */
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AppendResult } from '../event-store/event-store.port';
import { DecisionRunner, type DecisionMeta } from '../event-store/load-decide-append';
import { dashboardFavoritesDecider, type FavoriteDashboard } from './dashboard-favorites.decider';
import { dashboardFavoritesStream } from './dashboard.events';

export class DecideDashboardFavorites extends Command<AppendResult> {
  constructor(
    readonly dashboardId: number,
    readonly command: FavoriteDashboard,
    readonly meta: DecisionMeta,
  ) {
    super();
  }
}

@CommandHandler(DecideDashboardFavorites)
export class DecideDashboardFavoritesHandler implements ICommandHandler<DecideDashboardFavorites> {
  constructor(private readonly runner: DecisionRunner) {}

  execute({ dashboardId, command, meta }: DecideDashboardFavorites): Promise<AppendResult> {
    return this.runner.loadDecideAppend(dashboardFavoritesStream(dashboardId), dashboardFavoritesDecider, command, undefined, meta);
  }
}
