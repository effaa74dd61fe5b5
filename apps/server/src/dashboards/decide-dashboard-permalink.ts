/** A dashboard permalink (`dashboard_permalink:<key>`, written once) as a command on the Nest CommandBus. */
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { dashboardPermalinkDecider, dashboardPermalinkStream, type CreateDashboardPermalink } from '@strata/domain';
import type { AppendResult } from '../event-store/event-store.port';
import { DecideOn } from '../event-store/decide-command';
import { DecisionRunner } from '../event-store/load-decide-append';

export class DecideDashboardPermalink extends DecideOn<string, CreateDashboardPermalink> {}

@CommandHandler(DecideDashboardPermalink)
export class DecideDashboardPermalinkHandler implements ICommandHandler<DecideDashboardPermalink> {
  constructor(private readonly runner: DecisionRunner) {}

  execute({ id: key, command, meta }: DecideDashboardPermalink): Promise<AppendResult> {
    return this.runner.loadDecideAppend(
      dashboardPermalinkStream(key),
      dashboardPermalinkDecider,
      command,
      undefined,
      meta,
    );
  }
}
