/**
 * The log's rules as pure functions over an array of envelopes, for callers that hold a plain array
 * (the server validating a socket `history/*` command against a stream it just loaded). Each call
 * indexes the array once; hold an `EventLog` instead when asking repeatedly.
 */
import { isHistoryEvent, type EventLike, type HistoryEvent } from '../envelope';
import { applyEntry, type Fold, type LogEntry } from './fold';
import { HistoryIndex, type HistoryRejection } from './history-index';

export function indexHistory(entries: readonly LogEntry[]): HistoryIndex {
  const index = new HistoryIndex();
  entries.forEach((entry, at) => index.add(entry, at));
  return index;
}

/**
 * The state after the first `position` entries, folded from scratch: undone batches (as of `position`)
 * skipped, markers not passed to `evolve`. The reference that snapshots must agree with.
 */
export function foldEntries<S, E extends EventLike>(
  fold: Fold<S, E>,
  entries: readonly LogEntry[],
  position: number = entries.length,
): S {
  const considered = entries.slice(0, position);
  const index = indexHistory(considered);
  let state = fold.initialState();
  for (const entry of considered) {
    if (isHistoryEvent(entry) || index.isUndoneAt(entry.meta.batchId, position)) continue;
    state = applyEntry(fold, state, entry);
  }
  return state;
}

export function undoCommand(entries: readonly LogEntry[], actor: string): HistoryEvent | null {
  return indexHistory(entries).undoCommand(actor);
}

export function redoCommand(entries: readonly LogEntry[], actor: string): HistoryEvent | null {
  return indexHistory(entries).redoCommand(actor);
}

export function canUndo(entries: readonly LogEntry[], actor: string): boolean {
  return undoCommand(entries, actor) !== null;
}

export function canRedo(entries: readonly LogEntry[], actor: string): boolean {
  return redoCommand(entries, actor) !== null;
}

/** Null when `actor` may append `event` (a `history/*` event) after `entries`; else why not. */
export function checkHistory(
  entries: readonly LogEntry[],
  actor: string,
  event: { type: string; data: unknown },
): HistoryRejection | null {
  return indexHistory(entries).check(actor, event);
}
