/**
 * Undo in a shared draft, on top of libs/events' per-actor stacks (DESIGN "Undo"): each user undoes only
 * their own edits; a save, discard or restore ends everyone's history (charts-dashboards-reports §4 "clears the undo
 * history"); and only a user's latest UNDO_LIMIT edits can be undone (REFERENCE §3.2), with the spec's
 * overflow warning once they have made more.
 */
import {
  HISTORY_UNDONE,
  HISTORY_REDONE,
  indexHistory,
  type EventLike,
  type HistoryEvent,
  type HistoryRejection,
  type LogEntry,
} from '@strata/events';
import { UNDO_LIMIT } from '../constants';
import { DashboardMessages } from '../messages';
import { isLayoutEvent } from '../layout/layout.events';
import { HISTORY_BARRIER_TYPES, type DraftEvent } from './draft.model';
import { discardRedo, discardToUndo, draftHistoryEvents, isOwnDiscardBatch, ownDiscardSteps } from './own-discard';

/** Layout edits are undo steps; starting, saving, discarding and restoring never are. */
export function isUndoableDraftEvent(event: Pick<DraftEvent, 'type'>): boolean {
  return isLayoutEvent(event);
}

export function isUndoableDraftBatch(events: readonly Pick<DraftEvent, 'type'>[]): boolean {
  return events.length > 0 && events.every(isUndoableDraftEvent);
}

/** Index of the last save, discard, restore or start: batches before it are out of reach. */
export function historyBarrier(entries: readonly LogEntry[]): number {
  for (let i = entries.length - 1; i >= 0; i -= 1) {
    if ((HISTORY_BARRIER_TYPES as readonly string[]).includes(entries[i]!.type)) return i;
  }
  return -1;
}

function reachable(entries: readonly LogEntry[], actor: string) {
  const index = indexHistory(entries);
  const barrier = historyBarrier(entries);
  const redo = new Set(index.redoStack(actor));
  // The actor's steps since the barrier that still count: live ones and those they may redo.
  const steps = index
    .batches()
    .filter((b) => b.actor === actor && b.undoable && b.firstIndex > barrier)
    .filter((b) => !index.isUndoneAt(b.batchId, entries.length) || redo.has(b.batchId));
  const allowed = new Set(steps.slice(-UNDO_LIMIT).map((b) => b.batchId));
  return { index, barrier, steps, allowed };
}

/**
 * The `history/undone` the actor may append now, or null. After their "discard my changes" it names the
 * discard's batch: the server appends the restore of all its edits (own-discard.ts).
 */
export function draftUndoCommand(entries: readonly LogEntry[], actor: string): HistoryEvent | null {
  const { index, allowed, barrier } = reachable(entries, actor);
  const stack = index.undoStack(actor);
  const top = stack[stack.length - 1];
  const live = top !== undefined && allowed.has(top) ? top : undefined;
  const discard = discardToUndo(ownDiscardSteps(entries, actor, barrier, index), live, index, entries.length);
  if (discard) return discard;
  return live !== undefined ? { type: HISTORY_UNDONE, data: { batchId: live } } : null;
}

/** The `history/redone` the actor may append now, or null (after an undone discard: the discard again). */
export function draftRedoCommand(entries: readonly LogEntry[], actor: string): HistoryEvent | null {
  const { index, allowed, barrier } = reachable(entries, actor);
  const stack = index.redoStack(actor);
  const top = stack[stack.length - 1];
  const ownDiscard = discardRedo(ownDiscardSteps(entries, actor, barrier, index), top, index, entries.length);
  if (ownDiscard === 'blocked') return null;
  if (ownDiscard) return ownDiscard;
  return top !== undefined && allowed.has(top) ? { type: HISTORY_REDONE, data: { batchId: top } } : null;
}

/** The batch to append for a marker `checkDraftHistory` accepted: the marker, or a discard's restore (own-discard.ts). */
export function draftHistoryBatch(
  entries: readonly LogEntry[],
  actor: string,
  marker: HistoryEvent,
  at: string,
): EventLike[] {
  return draftHistoryEvents(entries, indexHistory(entries), actor, marker, at);
}

export type DraftHistoryRejection = HistoryRejection | 'before_last_save' | 'beyond_undo_limit';

/** Null when the server may append the actor's `history/*` event to the draft; else why not. */
export function checkDraftHistory(
  entries: readonly LogEntry[],
  actor: string,
  event: { type: string; data: unknown },
): DraftHistoryRejection | null {
  const { index, allowed, barrier } = reachable(entries, actor);
  const named = (event.data as { batchId?: unknown } | null)?.batchId;
  if (typeof named === 'string' && isOwnDiscardBatch(entries, index, named)) {
    // A discard is undone, and a restore redone, only as the actor's next step.
    const next = event.type === HISTORY_UNDONE ? draftUndoCommand(entries, actor) : draftRedoCommand(entries, actor);
    if (index.batch(named)!.actor !== actor) return 'not_owner';
    return next?.type === event.type && next.data.batchId === named ? null : 'not_undoable';
  }
  const rejection = index.check(actor, event);
  if (rejection) return rejection;
  const batchId = (event.data as { batchId: string }).batchId;
  const batch = index.batch(batchId);
  if (batch && batch.firstIndex < barrier) return 'before_last_save';
  if (!allowed.has(batchId)) return 'beyond_undo_limit';
  return null;
}

/** charts-dashboards-reports §3 maxUndoHistoryExceeded: the actor has made more edits since the last save than can be undone. */
export function undoLimitExceeded(entries: readonly LogEntry[], actor: string): boolean {
  return reachable(entries, actor).steps.length > UNDO_LIMIT;
}

/** charts-dashboards-reports §4: the warning shown when the undo history limit is exceeded (without the limit's value). */
export function undoLimitWarning(): string {
  return DashboardMessages.UNDO_LIMIT_EXCEEDED;
}
