/**
 * PROBLEM: `as_of` on an object with 10,000 events would read and fold all of them on every request.
 * SOLUTION: while folding, keep the state every CHECKPOINT_EVERY events of the object's streams in memory
 * (per process, bounded, least recently used out); a later read starts from the latest checkpoint at or
 * before its point and reads only the events after it. A checkpoint records how many events it folded:
 * before it is used the store counts the events up to its position again, so an event that committed late
 * below it (another stream of the same object) throws it away instead of being missed. Only in memory:
 * a new server (new folds, new upcasters) starts with none, so no checkpoint outlives the code that made it.
 * WHEN TO REMOVE: when the event store keeps snapshots of its own (DESIGN "snapshots every N events").
 */
import type { LogPoint } from '../event-store';
import type { Row } from '../projections/fold-projection';

export const CHECKPOINT_EVERY = 500;
const MAX_CHECKPOINTS = 4000;

export interface Checkpoint {
  /** The position of the last event folded. */
  position: number;
  /** How many events of the object's streams are at or before `position`. */
  count: number;
  /** The latest `meta.at` folded: the checkpoint serves a time point at or after it. */
  maxAt: string;
  row: Row | null;
}

export class FoldCheckpoints {
  /** Per object key, its checkpoints by position; Map order is the LRU order of objects. */
  private readonly byObject = new Map<string, Checkpoint[]>();
  private size = 0;

  /** The latest checkpoint that lies wholly before `point`, or null. */
  best(key: string, point: LogPoint): Checkpoint | null {
    const list = this.byObject.get(key);
    if (!list) return null;
    this.byObject.delete(key);
    this.byObject.set(key, list);
    let found: Checkpoint | null = null;
    for (const c of list) {
      const before = 'position' in point ? c.position <= point.position : Date.parse(c.maxAt) <= Date.parse(point.at);
      if (before && (found === null || c.position > found.position)) found = c;
    }
    return found;
  }

  add(key: string, checkpoint: Checkpoint): void {
    const list = this.byObject.get(key) ?? [];
    if (list.some((c) => c.position === checkpoint.position)) return;
    list.push(checkpoint);
    this.byObject.delete(key);
    this.byObject.set(key, list);
    this.size += 1;
    while (this.size > MAX_CHECKPOINTS) {
      const oldest = this.byObject.keys().next().value as string;
      this.size -= this.byObject.get(oldest)!.length;
      this.byObject.delete(oldest);
    }
  }

  /** Drops an object's checkpoints (one turned out not whole). */
  forget(key: string): void {
    const list = this.byObject.get(key);
    if (!list) return;
    this.size -= list.length;
    this.byObject.delete(key);
  }
}
