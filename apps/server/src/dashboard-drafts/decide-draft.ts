/**
 * Every command on a shared draft (`dashboard-draft:<id>`): layout edits, StartDraft, SaveDraft,
 * DiscardDraft, as one command on the Nest CommandBus. Editors send commands "against the latest draft"
 * (no expectedVersion): when another editor's command commits between our load and append, it is decided
 * again on the newer draft instead of refusing a perfectly good edit (DecisionRunner, until
 * COMMAND_RETRY_TIMEOUT_MS is spent); a client that names the version it decided against gets the conflict. A save also publishes the layout on `dashboard:<id>` in the same
 * transaction (both appends commit or neither does).
 */
import { Injectable } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  decideOwnDiscard,
  draftDecider,
  draftStreamId,
  type DraftCommand,
  type DraftEvent,
  type LayoutContext,
} from '@strata/domain';
import type { EventLike } from '@strata/events';
import type { EntityManager } from 'typeorm';
import { DashboardsService } from '../dashboards/dashboards.service';
import type { AppendResult } from '../event-store/event-store.port';
import { DecisionRunner, type DecisionMeta } from '../event-store/load-decide-append';

export class DecideDashboardDraft extends Command<AppendResult> {
  constructor(
    readonly dashboardId: number,
    /** Its `actor` is the server's (the user's id), never a client's. */
    readonly command: DraftCommand,
    readonly context: LayoutContext | undefined,
    readonly meta: DecisionMeta,
  ) {
    super();
  }
}

/** Publishes what a draft append saved or restored on the dashboard itself, in that append's transaction. */
@Injectable()
export class PublishSavedLayout {
  constructor(private readonly dashboards: DashboardsService) {}

  async publish(
    tx: EntityManager,
    dashboardId: number,
    result: AppendResult,
    by: Pick<DecisionMeta, 'actor' | 'sessionId'>,
  ): Promise<void> {
    for (const event of result.events as readonly EventLike[] as readonly DraftEvent[]) {
      if (event.type === 'dashboard/draftSaved')
        await this.dashboards.publishLayout(tx, dashboardId, event.data.layout, event.data.version, 'save', by);
      if (event.type === 'dashboard/versionRestored')
        await this.dashboards.publishLayout(tx, dashboardId, event.data.layout, event.data.version, 'restore', by);
    }
  }
}

@CommandHandler(DecideDashboardDraft)
export class DecideDashboardDraftHandler implements ICommandHandler<DecideDashboardDraft> {
  constructor(
    private readonly runner: DecisionRunner,
    private readonly published: PublishSavedLayout,
  ) {}

  execute({ dashboardId, command, context, meta }: DecideDashboardDraft): Promise<AppendResult> {
    // "Discard my changes" is decided on the log: it keeps the batches another editor built on (issue 12).
    if (command.type === 'DiscardMyChanges')
      return this.runner.decideWith(
        draftStreamId(dashboardId),
        draftDecider,
        ({ events, state }) => decideOwnDiscard(events, state, command.actor, command.data.at),
        meta,
      );
    return this.runner.loadDecideAppend(draftStreamId(dashboardId), draftDecider, command, context, meta, {
      alongside: (tx, result) => this.published.publish(tx, dashboardId, result, meta),
    });
  }
}
