/** A user's star on a dashboard (`dashboard-favorites:<id>`) as a command on the Nest CommandBus. */
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { dashboardFavoritesDecider, dashboardFavoritesStream, type FavoriteDashboard } from '@strata/domain';
import type { AppendResult } from '../event-store/event-store.port';
import { DecideOn } from '../event-store/decide-command';
import { DecisionRunner } from '../event-store/load-decide-append';

export class DecideDashboardFavorites extends DecideOn<number, FavoriteDashboard> {}

@CommandHandler(DecideDashboardFavorites)
export class DecideDashboardFavoritesHandler implements ICommandHandler<DecideDashboardFavorites> {
  constructor(private readonly runner: DecisionRunner) {}

  execute({ id: dashboardId, command, meta }: DecideDashboardFavorites): Promise<AppendResult> {
    return this.runner.loadDecideAppend(
      dashboardFavoritesStream(dashboardId),
      dashboardFavoritesDecider,
      command,
      undefined,
      meta,
    );
  }
}
