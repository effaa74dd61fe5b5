/**
 * "Discard my changes" as one undo step of its author (issue 12 "Discard is per user"). The discard is a
 * batch `[dashboard/ownChangesDiscarded, history/undone × n]` (draft.decider.ts): the markers take the
 * author's edit batches out of every fold, and the others' edits stay. Its undo is the batch
 * `[dashboard/ownChangesRestored, history/redone × n]`, its redo a discard again. A client asks for them
 * like any undo or redo, with a single marker naming the discard's (or the restore's) batch; the server
 * turns that marker into the whole batch (`draftHistoryEvents`), so the optimistic marker alone changes
 * nothing on screen until the server's batch arrives.
 *
 * Only what nobody built on goes (`decideOwnDiscard`): a batch whose removal would make another editor's
 * live edit stop applying (their text in the author's markdown, their move into the author's tab) stays
 * in the draft, and the event counts it in `kept`.
 *
 * Linear history per author: after a discard, the author's next Undo restores it unless they made an
 * edit since (that edit is undone first); a discard ends their redo history, a restore can be redone
 * until their next edit, undo or redo.
 */
import {
  HISTORY_REDONE,
  HISTORY_UNDONE,
  indexHistory,
  isHistoryEvent,
  type EventLike,
  type HistoryEvent,
  type HistoryIndex,
  type LogEntry,
} from '@strata/events';
import { RESERVED_IDS } from '../layout/types';
import { historyBarrier, timelineOf } from './dependents';
import { liveBatchesOf } from './draft.decider';
import type { DraftEvent, DraftState, OwnChangesDiscarded, OwnChangesRestored } from './draft.model';

interface OwnStep {
  /** The batch the discard or restore was appended in. */
  readonly batchId: string;
  /** Its first entry's index in the log. */
  readonly index: number;
  readonly batchIds: readonly string[];
}

export interface OwnDiscardSteps {
  /** The author's latest discard that still holds (not restored, not being undone). */
  readonly discard: OwnStep | null;
  /** The author's latest restore, while it is still their last history step (redo discards again). */
  readonly restore: OwnStep | null;
  /** Where each of the author's batches was last undone or redone by a marker of their own. */
  readonly lastMarkerAt: ReadonlyMap<string, number>;
}

const isDiscard = (e: LogEntry): e is LogEntry & OwnChangesDiscarded => e.type === 'dashboard/ownChangesDiscarded';
const isRestore = (e: LogEntry): e is LogEntry & OwnChangesRestored => e.type === 'dashboard/ownChangesRestored';
const targetOf = (e: LogEntry) => (e.data as { batchId?: string }).batchId;

/** The author's discards and restores after the barrier, read from the log. */
export function ownDiscardSteps(
  entries: readonly LogEntry[],
  actor: string,
  barrier: number,
  index: HistoryIndex,
): OwnDiscardSteps {
  let discard: OwnStep | null = null;
  let restore: OwnStep | null = null;
  const stepBatches = new Set<string>();
  const lastMarkerAt = new Map<string, number>();
  for (let i = barrier + 1; i < entries.length; i += 1) {
    const entry = entries[i]!;
    if (entry.meta.actor !== actor) continue;
    const batchId = entry.meta.batchId;
    if (isDiscard(entry)) {
      stepBatches.add(batchId);
      // A discard whose own batch is undone (the author's Undo, on its way to the server) no longer holds.
      // One that took nothing (all kept for others) is no step either.
      const holds = !index.isUndoneAt(batchId, entries.length) && entry.data.batchIds.length > 0;
      discard = holds ? { batchId, index: i, batchIds: entry.data.batchIds } : null;
      restore = null;
    } else if (isRestore(entry)) {
      stepBatches.add(batchId);
      if (discard?.batchId === entry.data.discardBatchId) discard = null;
      restore = { batchId, index: i, batchIds: entry.data.batchIds };
    } else if (isHistoryEvent(entry)) {
      if (stepBatches.has(batchId)) continue;
      const target = targetOf(entry);
      if (target !== undefined) lastMarkerAt.set(target, i);
      // Any later undo or redo of the author (that of this restore on its way too) ends the restore's redo.
      restore = null;
    } else if (index.batch(batchId)?.firstIndex === i && entry.meta.undoable !== false) {
      restore = null;
    }
  }
  return { discard, restore, lastMarkerAt };
}

/** The discard the author's Undo restores now, given the top of their undo stack; null for an ordinary undo. */
export function discardToUndo(
  steps: OwnDiscardSteps,
  top: string | undefined,
  index: HistoryIndex,
  position: number,
): HistoryEvent | null {
  const { discard } = steps;
  if (!discard || !discard.batchIds.some((b) => index.isUndoneAt(b, position))) return null;
  // An edit made after the discard is undone before it.
  const topAt = top === undefined ? -1 : (index.batch(top)?.firstIndex ?? -1);
  return topAt > discard.index ? null : { type: HISTORY_UNDONE, data: { batchId: discard.batchId } };
}

/**
 * The author's Redo when a discard or restore decides it: a restore still last is discarded again
 * (`history/redone` of the restore's batch); under a discard that holds, only what was undone after it
 * can be redone ('blocked'). Null: an ordinary redo.
 */
export function discardRedo(
  steps: OwnDiscardSteps,
  top: string | undefined,
  index: HistoryIndex,
  position: number,
): HistoryEvent | 'blocked' | null {
  const { restore, discard } = steps;
  if (restore && restore.batchIds.some((b) => !index.isUndoneAt(b, position)))
    return { type: HISTORY_REDONE, data: { batchId: restore.batchId } };
  if (discard && (top === undefined || (steps.lastMarkerAt.get(top) ?? -1) < discard.index)) return 'blocked';
  return null;
}

/** Whether the batch is one of the author's discards or restores (its undo and redo are the steps above). */
export function isOwnDiscardBatch(entries: readonly LogEntry[], index: HistoryIndex, batchId: string): boolean {
  const first = index.batch(batchId)?.firstIndex;
  const entry = first === undefined ? undefined : entries[first];
  return entry !== undefined && (isDiscard(entry) || isRestore(entry));
}

/**
 * The whole batch for a marker the author may append (checked by `checkDraftHistory`): a marker naming a
 * discard restores its edits, one naming a restore discards them again; any other marker is itself.
 */
export function draftHistoryEvents(
  entries: readonly LogEntry[],
  index: HistoryIndex,
  actor: string,
  marker: HistoryEvent,
  at: string,
): EventLike[] {
  const first = index.batch(marker.data.batchId)?.firstIndex;
  const head = first === undefined ? undefined : entries[first];
  const position = entries.length;
  if (head && isDiscard(head) && marker.type === HISTORY_UNDONE) {
    const batchIds = head.data.batchIds.filter((b) => index.isUndoneAt(b, position));
    const restored: OwnChangesRestored = {
      type: 'dashboard/ownChangesRestored',
      data: { by: actor, at, discardBatchId: marker.data.batchId, batchIds },
    };
    return [restored, ...batchIds.map((batchId) => ({ type: HISTORY_REDONE, data: { batchId } }))];
  }
  if (head && isRestore(head) && marker.type === HISTORY_REDONE) {
    const batchIds = head.data.batchIds.filter((b) => !index.isUndoneAt(b, position));
    const discarded: OwnChangesDiscarded = { type: 'dashboard/ownChangesDiscarded', data: { by: actor, at, batchIds } };
    return [discarded, ...batchIds.map((batchId) => ({ type: HISTORY_UNDONE, data: { batchId } }))];
  }
  return [marker];
}

/**
 * `DiscardMyChanges` decided on the log: the author's live edit batches since the barrier that nobody
 * else's live work (nor a kept batch of theirs) depends on: one fold, going back to a batch each time it
 * keeps one (dependents.ts `settle`). The batch heads
 * `ownChangesDiscarded` (with `kept`, those left for the others) and the undo markers of the dropped ones;
 * nothing when the author has no live edits.
 */
export function decideOwnDiscard(
  entries: readonly LogEntry[],
  state: DraftState,
  actor: string,
  at: string,
): DraftEvent[] {
  const candidates = liveBatchesOf(state, actor);
  if (candidates.length === 0) return [];
  const index = indexHistory(entries);
  const timeline = timelineOf(entries, index, historyBarrier(entries));
  const dropped = new Set(candidates);
  // At each edit that would break, keep the batch it most likely stands on: one of the author's before it
  // naming the same components, else their latest before it (a guess, tried again at the end).
  const guessed: string[] = [];
  timeline.settle(dropped, (broken) => {
    const at = index.batch(broken)!.firstIndex;
    const before = candidates.filter((b) => dropped.has(b) && index.batch(b)!.firstIndex < at);
    const named = idsOf(entries, index, broken);
    const match = before.findLast((b) => [...idsOf(entries, index, b)].some((id) => named.has(id)));
    if (match === undefined && before.length > 0) guessed.push(before.at(-1)!);
    return match ?? before.at(-1);
  });
  for (const batchId of guessed.reverse()) {
    if (timeline.brokenBy(new Set([...dropped, batchId]), true).length === 0) dropped.add(batchId);
  }
  const batchIds = candidates.filter((b) => dropped.has(b));
  const kept = candidates.filter((b) => !dropped.has(b));
  const markers = batchIds.map((batchId) => ({ type: HISTORY_UNDONE, data: { batchId } }));
  const data = { by: actor, at, batchIds, ...(kept.length > 0 ? { kept } : {}) };
  return [{ type: 'dashboard/ownChangesDiscarded', data }, ...(markers as unknown as DraftEvent[])];
}

/** The component ids a batch's events name (every `id`, `parentId`, `toParentId`... but the fixed ones). */
function idsOf(entries: readonly LogEntry[], index: HistoryIndex, batchId: string): Set<string> {
  const ids = new Set<string>();
  const collect = (value: unknown): void => {
    if (value === null || typeof value !== 'object') return;
    for (const [key, v] of Object.entries(value)) {
      if (typeof v === 'string' && /id$/i.test(key) && !RESERVED_IDS.includes(v)) ids.add(v);
      else collect(v);
    }
  };
  const { firstIndex, eventCount } = index.batch(batchId)!;
  for (let i = firstIndex; i < firstIndex + eventCount && i < entries.length; i += 1) collect(entries[i]!.data);
  return ids;
}

/** What the discarding author is told when some of their changes stayed because others built on them. */
export function ownChangesKeptText(kept: number): string {
  const what = kept === 1 ? '1 of your changes was' : `${kept} of your changes were`;
  return `${what} kept: another editor has built on ${kept === 1 ? 'it' : 'them'}.`;
}
