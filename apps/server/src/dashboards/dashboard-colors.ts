/**
 * A dashboard's label colours pushed by the page (spec §4 "Colour sync flags ... cleared once pushed to
 * the server"), as a command on the Nest CommandBus against `dashboard-colors:<id>`. The decider keeps
 * the last colours so that a push of what is already stored appends nothing.
 */
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Decider } from '@strata/events';
import type { AppendResult } from '../event-store/event-store.port';
import { DecisionRunner, type DecisionMeta } from '../event-store/load-decide-append';
import { dashboardColorsStream, type DashboardColorFields, type DashboardColorsSynced } from './dashboard.events';

export interface SyncColors {
  type: 'SyncDashboardColors';
  data: { colors: DashboardColorFields; markUpdated: boolean };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export const dashboardColorsDecider: Decider<DashboardColorFields, DashboardColorsSynced, SyncColors, void> = {
  initialState: () => ({}),
  evolve: (state, event) => ({ ...state, ...event.data.colors }),
  decide(command, state) {
    const { colors, markUpdated } = command.data;
    const changed = (Object.keys(colors) as (keyof DashboardColorFields)[]).some((k) => !same(colors[k], state[k]));
    return changed || markUpdated ? [{ type: 'dashboard/colorsSynced', data: { colors, markUpdated } }] : [];
  },
};

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
    const command: SyncColors = { type: 'SyncDashboardColors', data: { colors, markUpdated } };
    return this.runner.loadDecideAppend(
      dashboardColorsStream(dashboardId),
      dashboardColorsDecider,
      command,
      undefined,
      meta,
    );
  }
}
