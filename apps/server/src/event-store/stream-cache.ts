/**
 * Recently used streams, kept in memory by DecisionRunner so a command neither reads nor folds its whole
 * stream again: it decides against the cached version and appends with that version as the expected one.
 * The append's version check keeps the cache honest: if another writer (another server process, a
 * caller's transaction) appended meanwhile, the append conflicts, the entry is marked stale, and the next
 * attempt reads only the events after the cached version. A refusal never reaches an append: DecisionRunner
 * reads the events after the cached version before it lets a refusal decided on the cache stand. Only
 * committed events enter the cache.
 */
import { EventLog, type Envelope, type EventLike, type Fold } from '@strata/events';

/** No snapshots: the cache only ever asks for the state now, and a marker refolds from the start. */
const NO_SNAPSHOTS = { snapshotEvery: Number.MAX_SAFE_INTEGER };

/** The events of one stream up to a version, and their folds (undone batches skipped), made on demand. */
export class StreamState {
  private readonly logs = new Map<object, EventLog<unknown, EventLike>>();

  constructor(readonly events: readonly Envelope[]) {}

  get version(): number {
    return this.events.at(-1)?.version ?? 0;
  }

  /** The fold of the events by `fold`, as `foldEntries` gives it (incremental after `extend`). */
  stateOf<S, E extends EventLike>(fold: Fold<S, E>): S {
    let log = this.logs.get(fold) as EventLog<S, E> | undefined;
    if (log === undefined) {
      log = EventLog.from(fold, this.events, NO_SNAPSHOTS);
      this.logs.set(fold, log as unknown as EventLog<unknown, EventLike>);
    }
    return log.state;
  }

  /**
   * This stream after `more` (the next versions). The folds move to the new state and are continued
   * there; this one forgets them, so it still answers for its own version if asked again.
   */
  extend(more: readonly Envelope[]): StreamState {
    const next = new StreamState([...this.events, ...more]);
    for (const [fold, log] of this.logs) {
      log.append(more);
      next.logs.set(fold, log);
    }
    this.logs.clear();
    return next;
  }
}

interface Entry {
  state: StreamState;
  /** Another writer appended after `state.version`: read what follows before deciding. */
  stale: boolean;
}

/** Least recently used first out, bounded by streams and by events held. */
export class StreamCache {
  private readonly entries = new Map<string, Entry>();
  private events = 0;

  constructor(
    readonly maxStreams = 1000,
    readonly maxEvents = 200_000,
  ) {}

  get(stream: string): Entry | undefined {
    const entry = this.entries.get(stream);
    if (entry !== undefined) {
      // Map keeps insertion order: re-inserting makes this the most recently used.
      this.entries.delete(stream);
      this.entries.set(stream, entry);
    }
    return entry;
  }

  /** Keeps `state` unless the cache already holds a later version of the stream. */
  set(stream: string, state: StreamState): void {
    const held = this.entries.get(stream);
    if (held !== undefined && !held.stale && held.state.version > state.version) return;
    this.delete(stream);
    if (state.events.length > this.maxEvents) return;
    this.entries.set(stream, { state, stale: false });
    this.events += state.events.length;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.maxStreams && this.events <= this.maxEvents) break;
      this.entries.delete(oldest);
      this.events -= entry.state.events.length;
    }
  }

  markStale(stream: string): void {
    const entry = this.entries.get(stream);
    if (entry !== undefined) entry.stale = true;
  }

  delete(stream: string): void {
    const entry = this.entries.get(stream);
    if (entry === undefined) return;
    this.entries.delete(stream);
    this.events -= entry.state.events.length;
  }

  get size(): number {
    return this.entries.size;
  }
}
