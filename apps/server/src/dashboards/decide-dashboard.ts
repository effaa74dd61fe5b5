/**
 * Every change to a saved dashboard (`dashboard:<id>`) that a user or the chart save flow asks for,
 * creation included, as one command on the Nest CommandBus, decided by the domain's savedDashboardDecider.
 * A chart added or removed by the chart save flow is carried into the dashboard's open edit session in the
 * same transaction (draft-carry.ts); a concurrent edit on either stream is decided again, since it is no
 * reason to refuse a chart save.
 */
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { dashboardStream, draftChangeOf, savedDashboardDecider, type DashboardCommand } from '@strata/domain';
import type { AppendResult } from '../event-store/event-store.port';
import { DecideOn } from '../event-store/decide-command';
import { DecisionRunner, type DecisionOptions } from '../event-store/load-decide-append';
import { carryIntoDraft } from './draft-carry';

export class DecideDashboard extends DecideOn<number, DashboardCommand> {}

@CommandHandler(DecideDashboard)
export class DecideDashboardHandler implements ICommandHandler<DecideDashboard> {
  constructor(private readonly runner: DecisionRunner) {}

  execute({ id: dashboardId, command, meta }: DecideDashboard): Promise<AppendResult> {
    const change = draftChangeOf(command);
    const options: DecisionOptions = change
      ? { alongside: (tx) => carryIntoDraft(this.runner, tx, dashboardId, change, meta) }
      : {};
    return this.runner.loadDecideAppend(
      dashboardStream(dashboardId),
      savedDashboardDecider,
      command,
      undefined,
      meta,
      options,
    );
  }
}
