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
  type HistoryEvent,
  type HistoryRejection,
  type LogEntry,
} from '@strata/events';
import { UNDO_LIMIT } from '../constants';
import { DashboardMessages } from '../messages';
import { isLayoutEvent } from '../layout/layout.events';
import { HISTORY_BARRIER_TYPES, type DraftEvent } from './draft.model';

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

/** The `history/undone` the actor may append now, or null. */
export function draftUndoCommand(entries: readonly LogEntry[], actor: string): HistoryEvent | null {
  const { index, allowed } = reachable(entries, actor);
  const stack = index.undoStack(actor);
  const top = stack[stack.length - 1];
  return top !== undefined && allowed.has(top) ? { type: HISTORY_UNDONE, data: { batchId: top } } : null;
}

/** The `history/redone` the actor may append now, or null. */
export function draftRedoCommand(entries: readonly LogEntry[], actor: string): HistoryEvent | null {
  const { index, allowed } = reachable(entries, actor);
  const stack = index.redoStack(actor);
  const top = stack[stack.length - 1];
  return top !== undefined && allowed.has(top) ? { type: HISTORY_REDONE, data: { batchId: top } } : null;
}

export type DraftHistoryRejection = HistoryRejection | 'before_last_save' | 'beyond_undo_limit';

/** Null when the server may append the actor's `history/*` event to the draft; else why not. */
export function checkDraftHistory(
  entries: readonly LogEntry[],
  actor: string,
  event: { type: string; data: unknown },
): DraftHistoryRejection | null {
  const { index, allowed, barrier } = reachable(entries, actor);
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
