import { isHistoryEvent, type EventLike, type HistoryEvent } from '../envelope';
import { applyEntry, type Fold, type LogEntry } from './fold';
import { HistoryIndex, type BatchInfo, type HistoryRejection } from './history-index';
import { Snapshots } from './snapshots';

export interface EventLogOptions {
  /** Take a snapshot every N entries (default 100): `stateAt` then folds at most about N entries. */
  snapshotEvery?: number;
}

export const DEFAULT_SNAPSHOT_EVERY = 100;

/**
 * An append-only log of envelopes folded into state, with undo/redo markers, per-actor stacks and
 * snapshots for time travel. Appending is incremental; `stateAt(p)` is one snapshot plus a short fold.
 * Position p means "the first p entries" (0 = initial state, `length` = now).
 */
export class EventLog<S, E extends EventLike = EventLike> {
  private readonly items: LogEntry[] = [];
  private index = new HistoryIndex();
  private snapshots: Snapshots<S>;
  private current: S;
  private readonly every: number;

  constructor(
    readonly fold: Fold<S, E>,
    options: EventLogOptions = {},
  ) {
    this.every = options.snapshotEvery ?? DEFAULT_SNAPSHOT_EVERY;
    if (!Number.isInteger(this.every) || this.every < 1) {
      throw new RangeError(`snapshotEvery must be a positive integer, got ${String(options.snapshotEvery)}`);
    }
    this.current = fold.initialState();
    this.snapshots = new Snapshots(this.current);
  }

  /** Builds a log from existing envelopes (hydration, import). */
  static from<S, E extends EventLike>(fold: Fold<S, E>, entries: readonly LogEntry[], options?: EventLogOptions) {
    const log = new EventLog(fold, options);
    log.append(entries);
    return log;
  }

  get length(): number {
    return this.items.length;
  }

  get entries(): readonly LogEntry[] {
    return this.items;
  }

  /** The state now: the fold of every entry with undone batches skipped. */
  get state(): S {
    return this.current;
  }

  /** Positions that hold a snapshot (for diagnostics and tests). */
  get snapshotPositions(): readonly number[] {
    return this.snapshots.list();
  }

  append(entries: readonly LogEntry[]): void {
    for (const entry of entries) this.appendOne(entry);
  }

  private appendOne(entry: LogEntry): void {
    const at = this.items.length;
    this.items.push(entry);
    const indexed = this.index.add(entry, at);
    if (indexed.kind === 'event') {
      if (!indexed.undone) this.current = applyEntry(this.fold, this.current, entry);
    } else if (indexed.effective) {
      // The marker removes or restores a whole batch: rebuild from the latest usable snapshot. When
      // the batch starts before the last snapshot, that snapshot now has the wrong content for every
      // later position, so keep a fresh snapshot here; later jumps stay short.
      const retroactive = indexed.target.firstIndex < this.snapshots.last;
      this.current = this.computeAt(at + 1);
      if (retroactive) this.snapshots.add(at + 1, this.current);
    }
    if ((at + 1) % this.every === 0) this.snapshots.add(at + 1, this.current);
  }

  /** The state after the first `position` entries, with the batches undone at that point skipped. */
  stateAt(position: number): S {
    if (!Number.isInteger(position) || position < 0 || position > this.items.length) {
      throw new RangeError(`position ${position} is outside 0..${this.items.length}`);
    }
    return position === this.items.length ? this.current : this.computeAt(position);
  }

  private computeAt(position: number): S {
    const start = this.snapshots.usableFor(position, this.index.effectiveMarkers);
    let state = start.state;
    for (let i = start.position; i < position; i += 1) {
      const entry = this.items[i]!;
      if (isHistoryEvent(entry)) continue;
      if (this.index.isUndoneAt(entry.meta.batchId, position)) continue;
      state = applyEntry(this.fold, state, entry);
    }
    return state;
  }

  /** Whether a batch is undone now, or at `position`. */
  isUndone(batchId: string, position: number = this.items.length): boolean {
    return this.index.isUndoneAt(batchId, position);
  }

  batch(batchId: string): BatchInfo | undefined {
    return this.index.batch(batchId);
  }

  /** Every batch in order of first appearance (history markers are not batches). */
  get batches(): BatchInfo[] {
    return this.index.batches();
  }

  canUndo(actor: string): boolean {
    return this.index.undoStack(actor).length > 0;
  }

  canRedo(actor: string): boolean {
    return this.index.redoStack(actor).length > 0;
  }

  /** Batch ids on the actor's undo stack, oldest first (the last one is undone next). */
  undoStack(actor: string): readonly string[] {
    return this.index.undoStack(actor);
  }

  redoStack(actor: string): readonly string[] {
    return this.index.redoStack(actor);
  }

  /** The `history/undone` event the actor's undo would append, or null. The caller envelopes it. */
  undoCommand(actor: string): HistoryEvent | null {
    return this.index.undoCommand(actor);
  }

  redoCommand(actor: string): HistoryEvent | null {
    return this.index.redoCommand(actor);
  }

  /** Null when `actor` may append this history event now; otherwise the reason to reject it. */
  checkHistory(actor: string, event: { type: string; data: unknown }): HistoryRejection | null {
    return this.index.check(actor, event);
  }

  /**
   * Cuts the log back to its first `length` entries: used to drop a rebased tail of pending local
   * batches. Snapshots up to there stay valid (a snapshot depends only on the entries before it); the
   * undo bookkeeping is rebuilt, which is cheap because it evolves nothing.
   */
  truncate(length: number): void {
    if (!Number.isInteger(length) || length < 0 || length > this.items.length) {
      throw new RangeError(`cannot truncate a log of ${this.items.length} entries to ${length}`);
    }
    if (length === this.items.length) return;
    this.items.length = length;
    this.snapshots.truncate(length);
    this.index = new HistoryIndex();
    this.items.forEach((entry, at) => this.index.add(entry, at));
    this.current = this.computeAt(length);
  }

  /**
   * Makes this log hold `entries`, keeping the common prefix (compared by identity) and its snapshots.
   * Appending to an immutable array, or replacing a pending tail, costs only the changed part.
   * Returns how many entries were kept: the new entries start at that position.
   */
  sync(entries: readonly LogEntry[]): number {
    const shared = Math.min(entries.length, this.items.length);
    let same = 0;
    while (same < shared && entries[same] === this.items[same]) same += 1;
    if (same < this.items.length) this.truncate(same);
    if (same < entries.length) this.append(entries.slice(same));
    return same;
  }

  /** The entries as a JSON-able array (envelopes are plain data). */
  export(): LogEntry[] {
    return this.items.slice();
  }

  toJSON(): LogEntry[] {
    return this.export();
  }
}
