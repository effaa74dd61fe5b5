/**
 * Reverting one past change of an object as commands on the Nest CommandBus (issue 13 item 2). A revert
 * is decided on the stream's log, not only its fold (which batch set what, and what it replaced), so the
 * handlers use `DecisionRunner.decideWith`: load, decide with the domain's revert, append one batch. Like
 * any command, one that lost a race is decided again on the newer stream, where a later change may now
 * refuse it.
 */
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  chartDecider,
  chartStream,
  datasetDecider,
  datasetStream,
  decideChartRevert,
  decideDatasetRevert,
  dashboardStream,
  decideLayoutRevert,
  draftDecider,
  savedDashboardDecider,
  draftStreamId,
  type DraftEvent,
  type RevertChartChange,
  type RevertDatasetChange,
  type RevertLayoutChange,
} from '@strata/domain';
import { DomainError } from '@strata/events';
import type { AppendResult } from '../event-store/event-store.port';
import { DecideOn } from '../event-store/decide-command';
import { DecisionRunner } from '../event-store/load-decide-append';
import { ActorNames } from './actor-names';

export class RevertChart extends DecideOn<number, RevertChartChange> {}
export class RevertDataset extends DecideOn<number, RevertDatasetChange> {}
/** A layout batch of the dashboard's shared draft (`dashboard-draft:<id>`), the edits since the last save. */
export class RevertDashboardLayout extends DecideOn<number, RevertLayoutChange> {}

@CommandHandler(RevertChart)
export class RevertChartHandler implements ICommandHandler<RevertChart> {
  constructor(
    private readonly runner: DecisionRunner,
    private readonly names: ActorNames,
  ) {}

  async execute({ id, command, meta }: RevertChart): Promise<AppendResult> {
    const stream = chartStream(id);
    const ctx = await this.names.of((await this.runner.load(stream, chartDecider)).events);
    return this.runner.decideWith(stream, chartDecider, (loaded) => decideChartRevert(command, loaded, ctx), meta);
  }
}

@CommandHandler(RevertDataset)
export class RevertDatasetHandler implements ICommandHandler<RevertDataset> {
  constructor(
    private readonly runner: DecisionRunner,
    private readonly names: ActorNames,
  ) {}

  async execute({ id, command, meta }: RevertDataset): Promise<AppendResult> {
    const stream = datasetStream(id);
    const ctx = await this.names.of((await this.runner.load(stream, datasetDecider)).events);
    try {
      return await this.runner.decideWith(
        stream,
        datasetDecider,
        (loaded) => decideDatasetRevert(command, loaded, ctx),
        meta,
      );
    } catch (error) {
      // A name is unique across datasets (the read model's index, as for a PUT): the old name may be taken now.
      if (isUniqueViolation(error))
        throw new DomainError(
          'dataset_exists',
          'This change cannot be reverted: another dataset of this database and schema has that name now.',
        );
      throw error;
    }
  }
}

@CommandHandler(RevertDashboardLayout)
export class RevertDashboardLayoutHandler implements ICommandHandler<RevertDashboardLayout> {
  constructor(
    private readonly runner: DecisionRunner,
    private readonly names: ActorNames,
  ) {}

  async execute({ id, command, meta }: RevertDashboardLayout): Promise<AppendResult> {
    const stream = draftStreamId(id);
    const ctx = await this.names.of((await this.runner.load(stream, draftDecider)).events);
    try {
      // As a discard: the reverter's intent, never an undo step of theirs (its inverse would be a revert).
      return await this.runner.decideWith(
        stream,
        draftDecider,
        (loaded): DraftEvent[] => decideLayoutRevert(command, loaded.events, ctx),
        { ...meta, undoable: false },
      );
    } catch (error) {
      if (error instanceof DomainError && error.code === 'change_not_found') await this.refuseSavedChange(id, command);
      throw error;
    }
  }

  /**
   * A change of the saved dashboard itself (`dashboard:<id>`: properties, a published layout) is in the
   * object's history too, but only the draft's layout edits revert: say so rather than "no such change".
   */
  private async refuseSavedChange(id: number, command: RevertLayoutChange): Promise<void> {
    const { events } = await this.runner.load(dashboardStream(id), savedDashboardDecider);
    if (events.some((e) => e.meta.batchId === command.data.batchId))
      throw new DomainError(
        'change_not_revertible',
        'This change of the saved dashboard cannot be reverted: only layout edits made since the last save can. ' +
          'To go back to an earlier layout, restore a version from the version history.',
      );
  }
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; driverError?: { code?: string } } | null;
  return e?.code === '23505' || e?.driverError?.code === '23505';
}
