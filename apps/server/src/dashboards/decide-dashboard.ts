/**
 * Every change to a dashboard (`dashboard:<id>`) that a user or the chart save flow asks for, creation
 * included, as one command on the Nest CommandBus. A chart added or removed by the chart save flow is
 * carried into the dashboard's open edit session in the same transaction (draft-carry.ts); a concurrent
 * edit on either stream is decided again, since it is no reason to refuse a chart save.
 */
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventStore, type AppendResult } from '../event-store/event-store.port';
import { DecideOn } from '../event-store/decide-command';
import { DecisionRunner, type DecisionOptions } from '../event-store/load-decide-append';
import { dashboardDecider, type DashboardCommand } from './dashboard.decider';
import { dashboardStream } from './dashboard.events';
import { carryIntoDraft, draftChangeOf } from './draft-carry';

export class DecideDashboard extends DecideOn<number, DashboardCommand> {}

@CommandHandler(DecideDashboard)
export class DecideDashboardHandler implements ICommandHandler<DecideDashboard> {
  constructor(
    private readonly runner: DecisionRunner,
    private readonly store: EventStore,
  ) {}

  execute({ id: dashboardId, command, meta }: DecideDashboard): Promise<AppendResult> {
    const change = draftChangeOf(command);
    const options: DecisionOptions = change
      ? { alongside: (tx) => carryIntoDraft(this.store, tx, dashboardId, change, meta.actor, meta.sessionId) }
      : {};
    return this.runner.loadDecideAppend(
      dashboardStream(dashboardId),
      dashboardDecider,
      command,
      undefined,
      meta,
      options,
    );
  }
}
