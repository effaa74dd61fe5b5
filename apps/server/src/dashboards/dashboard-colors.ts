/**
 * A dashboard's label colours pushed by the page (charts-dashboards-reports §4 colour sync), as a command
 * on the Nest CommandBus against `dashboard-colors:<id>`, decided by the domain's dashboardColorsDecider
 * (a push of what is already stored appends nothing).
 */
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  dashboardColorsDecider,
  dashboardColorsStream,
  type DashboardColorFields,
  type SyncDashboardColorsCommand,
} from '@strata/domain';
import type { AppendResult } from '../event-store/event-store.port';
import { DecisionRunner, type DecisionMeta } from '../event-store/load-decide-append';

export class SyncDashboardColors extends Command<AppendResult> {
  constructor(
    readonly dashboardId: number,
    readonly colors: DashboardColorFields,
    readonly markUpdated: boolean,
    readonly meta: DecisionMeta,
  ) {
    super();
  }
}

@CommandHandler(SyncDashboardColors)
export class SyncDashboardColorsHandler implements ICommandHandler<SyncDashboardColors> {
  constructor(private readonly runner: DecisionRunner) {}

  execute({ dashboardId, colors, markUpdated, meta }: SyncDashboardColors): Promise<AppendResult> {
    const command: SyncDashboardColorsCommand = { type: 'SyncDashboardColors', data: { colors, markUpdated } };
    return this.runner.loadDecideAppend(
      dashboardColorsStream(dashboardId),
      dashboardColorsDecider,
      command,
      undefined,
      meta,
    );
  }
}
