/** A shared draft as the server holds it: an EventLog of the draft stream, fed by several actors. */
import { DomainError, envelopeBatch, EventLog, type HistoryEvent } from '@strata/events';
import type { LayoutContext } from '../layout/layout.commands';
import { draftDecider } from '../session/draft.decider';
import type { DraftCommand, DraftEvent, DraftState } from '../session/draft.model';
import { decideOwnDiscard } from '../session/own-discard';
import { draftHistoryBatch, draftRedoCommand, draftUndoCommand, isUndoableDraftBatch } from '../session/undo';
import type { Layout } from '../layout/types';
import { emptyLayout } from '../layout/factory';

export const STREAM = 'dashboard-draft:1';

export class DraftSession {
  readonly log = new EventLog<DraftState, DraftEvent>(draftDecider, { snapshotEvery: 7 });
  private seq = 0;

  constructor(
    layout: Layout = emptyLayout(),
    private readonly context?: LayoutContext,
  ) {
    this.exec('system', {
      type: 'StartDraft',
      actor: 'system',
      data: { dashboardId: 1, version: 1, layout, at: this.at() },
    });
  }

  get state(): DraftState {
    return this.log.state;
  }

  at(): string {
    return new Date(Date.UTC(2026, 0, 1) + this.seq * 1000).toISOString();
  }

  /** Decides and appends one batch; returns the batch id, or null when nothing changed. Refusals throw. */
  exec(actor: string, command: DraftCommand): string | null {
    // As the server: a discard of one's own changes is decided on the log (it keeps what others built on).
    const events =
      command.type === 'DiscardMyChanges'
        ? decideOwnDiscard(this.log.entries, this.log.state, actor, command.data.at)
        : draftDecider.decide({ ...command, actor } as DraftCommand, this.log.state, this.context);
    if (events.length === 0) return null;
    const batchId = `b${(this.seq += 1)}`;
    this.log.append(
      envelopeBatch(
        events,
        { actor, at: this.at(), batchId, undoable: isUndoableDraftBatch(events) },
        { stream: STREAM, version: this.log.length + 1 },
      ),
    );
    return batchId;
  }

  /** Like exec, but a refusal gives its code instead of throwing. */
  tryExec(actor: string, command: DraftCommand): string | null | { refused: string } {
    try {
      return this.exec(actor, command);
    } catch (error) {
      if (error instanceof DomainError) return { refused: error.code };
      throw error;
    }
  }

  private marker(actor: string, event: HistoryEvent | null): boolean {
    if (!event) return false;
    const batchId = `h${(this.seq += 1)}`;
    // As the server appends it: the undo of a "discard my changes" is the restore of all its edits.
    const events = draftHistoryBatch(this.log.entries, actor, event, this.at());
    this.log.append(
      envelopeBatch(
        events,
        { actor, at: this.at(), batchId, undoable: false },
        { stream: STREAM, version: this.log.length + 1 },
      ),
    );
    return true;
  }

  undo(actor: string): boolean {
    return this.marker(actor, draftUndoCommand(this.log.entries, actor));
  }

  redo(actor: string): boolean {
    return this.marker(actor, draftRedoCommand(this.log.entries, actor));
  }
}
