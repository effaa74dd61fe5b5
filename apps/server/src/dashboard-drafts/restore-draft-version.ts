/**
 * Makes an earlier saved version of a draft the newest one, as a command on the Nest CommandBus. Its
 * layout is read from the log, never taken from a client. `expectedVersion` is the saved version the
 * caller saw (checked by decide); a concurrent layout edit is no reason to refuse, so the command is
 * decided again on the newer stream.
 */
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { draftDecider, DraftErrorCode, draftStreamId, type DraftState } from '@strata/domain';
import { DomainError } from '@strata/events';
import type { AppendResult } from '../event-store/event-store.port';
import { DecisionRunner, type DecisionMeta, type LoadedStream } from '../event-store/load-decide-append';
import { PublishSavedLayout } from './decide-draft';
import { layoutOfDiscard, layoutOfVersion } from './draft-versions';

export class RestoreDraftVersion extends Command<AppendResult> {
  constructor(
    readonly dashboardId: number,
    readonly restore: { version: number; at: string; expectedVersion?: number },
    readonly meta: DecisionMeta,
  ) {
    super();
  }
}

@CommandHandler(RestoreDraftVersion)
export class RestoreDraftVersionHandler implements ICommandHandler<RestoreDraftVersion> {
  constructor(
    private readonly runner: DecisionRunner,
    private readonly published: PublishSavedLayout,
  ) {}

  execute({ dashboardId, restore, meta }: RestoreDraftVersion): Promise<AppendResult> {
    const decide = ({ events, state }: LoadedStream<DraftState>) => {
      const layout = layoutOfVersion(events, restore.version);
      if (!layout)
        throw new DomainError(
          DraftErrorCode.VERSION_UNKNOWN,
          `Version ${restore.version} of this dashboard does not exist.`,
        );
      return draftDecider.decide(
        { type: 'RestoreVersion', actor: meta.actor, data: { ...restore, layout } },
        state,
        undefined,
      );
    };
    return this.runner.decideWith(draftStreamId(dashboardId), draftDecider, decide, meta, {
      alongside: (tx, result) => this.published.publish(tx, dashboardId, result, meta),
    });
  }
}

/** Brings a draft an owner discarded back as the draft (its layout read from the log), never an undo step. */
export class RestoreDiscardedDraftCommand extends Command<AppendResult> {
  constructor(
    readonly dashboardId: number,
    readonly restore: { discard: number; at: string },
    readonly meta: DecisionMeta,
  ) {
    super();
  }
}

@CommandHandler(RestoreDiscardedDraftCommand)
export class RestoreDiscardedDraftHandler implements ICommandHandler<RestoreDiscardedDraftCommand> {
  constructor(private readonly runner: DecisionRunner) {}

  execute({ dashboardId, restore, meta }: RestoreDiscardedDraftCommand): Promise<AppendResult> {
    const decide = ({ events, state }: LoadedStream<DraftState>) => {
      const layout = layoutOfDiscard(events, restore.discard);
      if (!layout)
        throw new DomainError(
          DraftErrorCode.DISCARD_UNKNOWN,
          `There is no discarded draft ${restore.discard} to restore.`,
        );
      return draftDecider.decide(
        { type: 'RestoreDiscardedDraft', actor: meta.actor, data: { ...restore, layout } },
        state,
        undefined,
      );
    };
    return this.runner.decideWith(draftStreamId(dashboardId), draftDecider, decide, meta);
  }
}
