import { HISTORY_REDONE, HISTORY_UNDONE, isHistoryEvent, type HistoryEvent } from '../envelope';
import type { LogEntry } from './fold';

/** What the log knows about one batch (one intent). Taken from the batch's first entry. */
export interface BatchInfo {
  readonly batchId: string;
  readonly actor: string;
  /** False for loading, remote hydration and view-only batches: never on an undo stack. */
  readonly undoable: boolean;
  /** Index (0-based) of the batch's first entry in the log. */
  readonly firstIndex: number;
  readonly eventCount: number;
}

/** Why a `history/*` event may not be appended on behalf of an actor. */
export type HistoryRejection =
  'malformed' | 'unknown_batch' | 'not_owner' | 'not_undoable' | 'already_undone' | 'not_undone' | 'redo_cleared';

interface BatchRecord {
  batchId: string;
  actor: string;
  undoable: boolean;
  firstIndex: number;
  eventCount: number;
  /** Indexes of the markers that flipped this batch's status; odd count = undone. Most batches have none. */
  toggles: number[] | null;
}

/** A marker that flipped a batch's status, with the first index of that batch (for snapshot validity). */
export interface EffectiveMarker {
  readonly index: number;
  readonly targetFirstIndex: number;
}

export type IndexedEntry =
  | { kind: 'event'; undone: boolean }
  | { kind: 'marker'; effective: false }
  | { kind: 'marker'; effective: true; target: BatchInfo };

// Shared results: indexing 100,000 entries should not allocate one object each.
const LIVE_EVENT: IndexedEntry = Object.freeze({ kind: 'event', undone: false });
const UNDONE_EVENT: IndexedEntry = Object.freeze({ kind: 'event', undone: true });
const INERT_MARKER: IndexedEntry = Object.freeze({ kind: 'marker', effective: false });

function targetOf(entry: LogEntry): string | null {
  const data = entry.data as { batchId?: unknown } | null;
  return data !== null && typeof data === 'object' && typeof data.batchId === 'string' ? data.batchId : null;
}

/**
 * The undo bookkeeping of a log, built entry by entry without evolving any state.
 *
 * Fold rule (identical on every copy of a log, so clients and server agree): a marker flips its target's
 * status when its actor owns the batch and it changes something (undone on a live batch, redone on an
 * undone one); any other marker is inert and stays only as audit. The `undoable` flag does NOT enter the
 * fold rule: a client hydrates with `undoable: false`, and a peer's later undo of that batch must still
 * apply there as it did on the server. `undoable` only decides what goes on the stacks.
 *
 * Stacks: an actor's undo stack holds their live undoable batches (latest on top), the redo stack their
 * undone ones until their next new undoable batch clears it. The stricter append rule (`check`) is what
 * the server enforces: an actor may undo a batch of their undo stack and redo one of their redo stack.
 */
export class HistoryIndex {
  private readonly records = new Map<string, BatchRecord>();
  private readonly order: BatchRecord[] = [];
  private readonly undoStacks = new Map<string, string[]>();
  private readonly redoStacks = new Map<string, string[]>();
  readonly effectiveMarkers: EffectiveMarker[] = [];

  add(entry: LogEntry, index: number): IndexedEntry {
    if (isHistoryEvent(entry)) return this.addMarker(entry, index);
    let record = this.records.get(entry.meta.batchId);
    if (record === undefined) {
      record = {
        batchId: entry.meta.batchId,
        actor: entry.meta.actor,
        undoable: entry.meta.undoable !== false,
        firstIndex: index,
        eventCount: 0,
        toggles: null,
      };
      this.records.set(record.batchId, record);
      this.order.push(record);
      if (record.undoable) {
        stack(this.undoStacks, record.actor).push(record.batchId);
        this.redoStacks.delete(record.actor);
      }
    }
    record.eventCount += 1;
    return isUndone(record) ? UNDONE_EVENT : LIVE_EVENT;
  }

  private addMarker(entry: LogEntry & HistoryEvent, index: number): IndexedEntry {
    const batchId = targetOf(entry);
    const record = batchId === null ? undefined : this.records.get(batchId);
    if (record === undefined || record.actor !== entry.meta.actor) return INERT_MARKER;
    const undoing = entry.type === HISTORY_UNDONE;
    if (undoing === isUndone(record)) return INERT_MARKER;
    (record.toggles ??= []).push(index);
    this.effectiveMarkers.push({ index, targetFirstIndex: record.firstIndex });
    const [from, to] = undoing ? [this.undoStacks, this.redoStacks] : [this.redoStacks, this.undoStacks];
    remove(from.get(record.actor), record.batchId);
    if (record.undoable) stack(to, record.actor).push(record.batchId);
    return { kind: 'marker', effective: true, target: info(record) };
  }

  batch(batchId: string): BatchInfo | undefined {
    const record = this.records.get(batchId);
    return record && info(record);
  }

  batches(): BatchInfo[] {
    return this.order.map(info);
  }

  /** Whether the batch is undone when only the first `position` entries are considered. */
  isUndoneAt(batchId: string, position: number): boolean {
    const toggles = this.records.get(batchId)?.toggles;
    return toggles != null && countBelow(toggles, position) % 2 === 1;
  }

  undoStack(actor: string): readonly string[] {
    return this.undoStacks.get(actor) ?? [];
  }

  redoStack(actor: string): readonly string[] {
    return this.redoStacks.get(actor) ?? [];
  }

  /** The marker to append for the actor's next undo, or null when there is nothing to undo. */
  undoCommand(actor: string): HistoryEvent | null {
    const top = this.undoStack(actor).at(-1);
    return top === undefined ? null : { type: HISTORY_UNDONE, data: { batchId: top } };
  }

  redoCommand(actor: string): HistoryEvent | null {
    const top = this.redoStack(actor).at(-1);
    return top === undefined ? null : { type: HISTORY_REDONE, data: { batchId: top } };
  }

  /** Null when `actor` may append `event` now; otherwise why not (the server answers `rejected`). */
  check(actor: string, event: { type: string; data: unknown }): HistoryRejection | null {
    if (event.type !== HISTORY_UNDONE && event.type !== HISTORY_REDONE) return 'malformed';
    const batchId = targetOf(event as LogEntry);
    if (batchId === null) return 'malformed';
    const record = this.records.get(batchId);
    if (record === undefined) return 'unknown_batch';
    if (record.actor !== actor) return 'not_owner';
    if (!record.undoable) return 'not_undoable';
    if (event.type === HISTORY_UNDONE) return isUndone(record) ? 'already_undone' : null;
    if (!isUndone(record)) return 'not_undone';
    return this.redoStack(actor).includes(batchId) ? null : 'redo_cleared';
  }
}

function isUndone(record: BatchRecord): boolean {
  return record.toggles !== null && record.toggles.length % 2 === 1;
}

function info(record: BatchRecord): BatchInfo {
  const { batchId, actor, undoable, firstIndex, eventCount } = record;
  return { batchId, actor, undoable, firstIndex, eventCount };
}

function stack(stacks: Map<string, string[]>, actor: string): string[] {
  let found = stacks.get(actor);
  if (found === undefined) {
    found = [];
    stacks.set(actor, found);
  }
  return found;
}

/** Removes the batch, searching from the top where it nearly always is. */
function remove(list: string[] | undefined, batchId: string): void {
  if (list === undefined) return;
  const at = list.lastIndexOf(batchId);
  if (at >= 0) list.splice(at, 1);
}

/** Number of values strictly below `limit` in an ascending array. */
export function countBelow(sorted: readonly number[], limit: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < limit) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
