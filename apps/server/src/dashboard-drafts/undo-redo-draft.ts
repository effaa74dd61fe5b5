/**
 * Undo and redo in a shared draft as commands on the Nest CommandBus: a history marker appended on
 * behalf of the user, after the draft's rules (draft-history.ts: own edits only, never across the last
 * save, at most UNDO_LIMIT back). Without a batch id, the user's latest step (undo) or latest undone one
 * (redo). Like edits, a marker that lost a race with another editor is decided again on the newer draft.
 */
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { draftDecider, draftHistoryBatch, draftStreamId, type DraftEvent } from '@strata/domain';
import type { AppendResult } from '../event-store/event-store.port';
import { DecisionRunner, type DecisionMeta } from '../event-store/load-decide-append';
import { historyMarker, type HistoryCommand } from './draft-history';

export class UndoDraft extends Command<AppendResult> {
  constructor(
    readonly dashboardId: number,
    readonly batchId: string | undefined,
    readonly meta: DecisionMeta,
  ) {
    super();
  }
}

export class RedoDraft extends Command<AppendResult> {
  constructor(
    readonly dashboardId: number,
    readonly batchId: string | undefined,
    readonly meta: DecisionMeta,
  ) {
    super();
  }
}

/** The bus command for a parsed `Undo` / `Redo`. */
export function draftHistoryCommand(
  dashboardId: number,
  command: HistoryCommand,
  meta: DecisionMeta,
): UndoDraft | RedoDraft {
  return command.type === 'Undo'
    ? new UndoDraft(dashboardId, command.data.batchId, meta)
    : new RedoDraft(dashboardId, command.data.batchId, meta);
}

function appendMarker(
  runner: DecisionRunner,
  type: HistoryCommand['type'],
  { dashboardId, batchId, meta }: UndoDraft | RedoDraft,
): Promise<AppendResult> {
  const command: HistoryCommand = { type, data: batchId === undefined ? {} : { batchId } };
  // The undo of a "discard my changes" is a batch (its restore and the redo markers of its edits), so the
  // marker is expanded by the domain; any other undo or redo is the marker alone. Never an undo step itself.
  const decide = ({ events }: { events: Parameters<typeof historyMarker>[0] }) =>
    draftHistoryBatch(events, meta.actor, historyMarker(events, meta.actor, command), new Date().toISOString());
  return runner.decideWith(draftStreamId(dashboardId), draftDecider, (loaded) => decide(loaded) as DraftEvent[], {
    ...meta,
    undoable: false,
  });
}

@CommandHandler(UndoDraft)
export class UndoDraftHandler implements ICommandHandler<UndoDraft> {
  constructor(private readonly runner: DecisionRunner) {}

  execute(command: UndoDraft): Promise<AppendResult> {
    return appendMarker(this.runner, 'Undo', command);
  }
}

@CommandHandler(RedoDraft)
export class RedoDraftHandler implements ICommandHandler<RedoDraft> {
  constructor(private readonly runner: DecisionRunner) {}

  execute(command: RedoDraft): Promise<AppendResult> {
    return appendMarker(this.runner, 'Redo', command);
  }
}
