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
import type { DraftEvent } from './draft.model';
import { historyBarrier, timelineOf } from './dependents';
import { discardRedo, discardToUndo, draftHistoryEvents, isOwnDiscardBatch, ownDiscardSteps } from './own-discard';

export { historyBarrier };

/** Layout edits are undo steps; starting, saving, discarding and restoring never are. */
export function isUndoableDraftEvent(event: Pick<DraftEvent, 'type'>): boolean {
  return isLayoutEvent(event);
}

export function isUndoableDraftBatch(events: readonly Pick<DraftEvent, 'type'>[]): boolean {
  return events.length > 0 && events.every(isUndoableDraftEvent);
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

type Reach = ReturnType<typeof reachable>;

/** The actor's next undo by their stack (or their discard's restore), before asking whether others built on it. */
function undoCandidate(entries: readonly LogEntry[], actor: string, reach: Reach): HistoryEvent | null {
  const { index, allowed, barrier } = reach;
  const stack = index.undoStack(actor);
  const top = stack[stack.length - 1];
  const live = top !== undefined && allowed.has(top) ? top : undefined;
  const discard = discardToUndo(ownDiscardSteps(entries, actor, barrier, index), live, index, entries.length);
  if (discard) return discard;
  return live !== undefined ? { type: HISTORY_UNDONE, data: { batchId: live } } : null;
}

function redoCandidate(entries: readonly LogEntry[], actor: string, reach: Reach): HistoryEvent | null {
  const { index, allowed, barrier } = reach;
  const stack = index.redoStack(actor);
  const top = stack[stack.length - 1];
  const ownDiscard = discardRedo(ownDiscardSteps(entries, actor, barrier, index), top, index, entries.length);
  if (ownDiscard === 'blocked') return null;
  if (ownDiscard) return ownDiscard;
  return top !== undefined && allowed.has(top) ? { type: HISTORY_REDONE, data: { batchId: top } } : null;
}

/** The actor's next undo or redo by their stacks, before asking what it would do to the draft. */
function candidateOf(entries: readonly LogEntry[], actor: string, reach: Reach, kind: 'Undo' | 'Redo') {
  return kind === 'Undo' ? undoCandidate(entries, actor, reach) : redoCandidate(entries, actor, reach);
}

/**
 * What flipping the marker's batches (a discard's restore flips all its edits) does to the draft since the
 * barrier (dependents.ts): `dependents`, the actors whose live work would stop applying; `baseRemoved`,
 * whether a batch it brings back would not apply itself, what it was made in being gone since (Bob undid
 * his divider, Alice then undid the tab it was in): appending it would show nothing, yet leave a step that
 * counts as live.
 */
function flipOutcome(entries: readonly LogEntry[], { index, barrier }: Reach, marker: HistoryEvent) {
  const flipped = new Set(
    draftHistoryEvents(entries, index, '', marker, '')
      .filter((e) => e.type === HISTORY_UNDONE || e.type === HISTORY_REDONE)
      .map((e) => (e.data as { batchId: string }).batchId),
  );
  const timeline = timelineOf(entries, index, barrier);
  return {
    dependents: timeline.actorsOf(timeline.brokenBy(flipped)),
    baseRemoved: timeline.inertAfter(flipped).length > 0,
  };
}

/** Why the marker may not be appended as far as the others' work and its own place go, or null. */
function gate(entries: readonly LogEntry[], reach: Reach, marker: HistoryEvent): HistoryRefusalReason | null {
  return refusalReason(flipOutcome(entries, reach, marker));
}

type HistoryRefusalReason = 'others_depend' | 'base_removed';

/** The others' work first: a step that would remove it is refused for that, whatever else it does. */
function refusalReason({ dependents, baseRemoved }: ReturnType<typeof flipOutcome>): HistoryRefusalReason | null {
  if (dependents.length > 0) return 'others_depend';
  return baseRemoved ? 'base_removed' : null;
}

/**
 * The `history/undone` the actor may append now, or null. After their "discard my changes" it names the
 * discard's batch: the server appends the restore of all its edits (own-discard.ts). Null too when
 * another editor built on that step (`historyBlockedBy` says who).
 */
export function draftUndoCommand(entries: readonly LogEntry[], actor: string): HistoryEvent | null {
  const reach = reachable(entries, actor);
  const marker = undoCandidate(entries, actor, reach);
  return marker && gate(entries, reach, marker) === null ? marker : null;
}

/** The `history/redone` the actor may append now, or null (after an undone discard: the discard again). */
export function draftRedoCommand(entries: readonly LogEntry[], actor: string): HistoryEvent | null {
  const reach = reachable(entries, actor);
  const marker = redoCandidate(entries, actor, reach);
  return marker && gate(entries, reach, marker) === null ? marker : null;
}

/**
 * Who built on the actor's next undo (redo) since: the actors (user ids) whose live work would stop
 * applying, so the step is refused. Null when there is no such step or nobody depends on it.
 */
export function historyBlockedBy(entries: readonly LogEntry[], actor: string, kind: 'Undo' | 'Redo'): string[] | null {
  const reach = reachable(entries, actor);
  const marker = candidateOf(entries, actor, reach, kind);
  const actors = marker ? flipOutcome(entries, reach, marker).dependents : [];
  return actors.length > 0 ? actors : null;
}

/**
 * Why the actor's next undo (redo) is refused for what it would do to the draft, in words (`nameOf` as in
 * `historyBlockedText`), or null: the one answer the server's refusal and the client's disabled button give.
 */
export function historyRefusal(
  entries: readonly LogEntry[],
  actor: string,
  kind: 'Undo' | 'Redo',
  nameOf?: (id: string) => string,
): { reason: HistoryRefusalReason; text: string } | null {
  const reach = reachable(entries, actor);
  const marker = candidateOf(entries, actor, reach, kind);
  if (!marker) return null;
  const outcome = flipOutcome(entries, reach, marker);
  const reason = refusalReason(outcome);
  if (reason === null) return null;
  const text =
    reason === 'others_depend' ? historyBlockedText(outcome.dependents, actor, kind, nameOf) : HISTORY_BASE_REMOVED;
  return { reason, text };
}

/** Why such a step is refused: it would bring back nothing visible. */
export const HISTORY_BASE_REMOVED =
  'What this change was made in has since been removed, so bringing it back would show nothing.';

/**
 * The refusal of an undo (redo) others built on, naming them (`nameOf` turns a user id into a name; the
 * domain knows none, so "Another editor" by default).
 */
export function historyBlockedText(
  actors: readonly string[],
  actor: string,
  kind: 'Undo' | 'Redo',
  nameOf: (id: string) => string = () => 'Another editor',
): string {
  const others = [...new Set(actors.filter((a) => a !== actor).map(nameOf))];
  const doing = kind === 'Undo' ? 'undoing' : 'redoing';
  if (others.length === 0) return `A later change of yours builds on this; ${doing} it would break it.`;
  const who = others.length === 1 ? `${others[0]} has` : `${others.slice(0, -1).join(', ')} and ${others.at(-1)} have`;
  return `${who} since changed this; ${doing} it would remove their work.`;
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

export type DraftHistoryRejection =
  HistoryRejection | 'before_last_save' | 'beyond_undo_limit' | 'others_depend' | 'base_removed';

/** Null when the server may append the actor's `history/*` event to the draft; else why not. */
export function checkDraftHistory(
  entries: readonly LogEntry[],
  actor: string,
  event: { type: string; data: unknown },
): DraftHistoryRejection | null {
  const reach = reachable(entries, actor);
  const { index, allowed, barrier } = reach;
  const named = (event.data as { batchId?: unknown } | null)?.batchId;
  if (typeof named === 'string' && isOwnDiscardBatch(entries, index, named)) {
    // A discard is undone, and a restore redone, only as the actor's next step.
    const next = candidateOf(entries, actor, reach, event.type === HISTORY_UNDONE ? 'Undo' : 'Redo');
    if (index.batch(named)!.actor !== actor) return 'not_owner';
    if (next?.type !== event.type || next.data.batchId !== named) return 'not_undoable';
    return gate(entries, reach, next);
  }
  const rejection = index.check(actor, event);
  if (rejection) return rejection;
  const batchId = (event.data as { batchId: string }).batchId;
  const batch = index.batch(batchId);
  if (batch && batch.firstIndex < barrier) return 'before_last_save';
  if (!allowed.has(batchId)) return 'beyond_undo_limit';
  return gate(entries, reach, event as HistoryEvent);
}

/** charts-dashboards-reports §3 maxUndoHistoryExceeded: the actor has made more edits since the last save than can be undone. */
export function undoLimitExceeded(entries: readonly LogEntry[], actor: string): boolean {
  return reachable(entries, actor).steps.length > UNDO_LIMIT;
}

/** charts-dashboards-reports §4: the warning shown when the undo history limit is exceeded (without the limit's value). */
export function undoLimitWarning(): string {
  return DashboardMessages.UNDO_LIMIT_EXCEEDED;
}
