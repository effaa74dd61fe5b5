import { countBelow, type EffectiveMarker } from './history-index';

/**
 * States of the log at some positions, ascending. Position 0 (the initial state) is always present.
 * A snapshot at `s` is the fold of entries [0, s) with the batches undone AT s skipped.
 */
export class Snapshots<S> {
  private readonly positions: number[] = [0];
  private readonly states: S[];

  constructor(initial: S) {
    this.states = [initial];
  }

  get last(): number {
    return this.positions.at(-1)!;
  }

  /** Positions are only ever added at the end of the log, so the arrays stay sorted. */
  add(position: number, state: S): void {
    if (position <= this.last) return;
    this.positions.push(position);
    this.states.push(state);
  }

  /** Drops snapshots past `position` (the log was cut back to it). */
  truncate(position: number): void {
    const keep = countBelow(this.positions, position + 1);
    this.positions.length = keep;
    this.states.length = keep;
  }

  list(): readonly number[] {
    return this.positions;
  }

  /**
   * The latest snapshot usable for `position`. A snapshot at s is usable for p >= s when no batch with
   * entries before s changed status between s and p: an undo marker may remove a batch retroactively,
   * and the snapshot still contains it. We check it conservatively: no status-changing marker in [s, p)
   * targets a batch starting before s; otherwise move back before that batch's start and check again.
   */
  usableFor(position: number, markers: readonly EffectiveMarker[]): { position: number; state: S } {
    let slot = countBelow(this.positions, position + 1) - 1;
    let markerIdx = markersBelow(markers, position) - 1;
    let lowest = Number.POSITIVE_INFINITY;
    for (;;) {
      const s = this.positions[slot]!;
      // Extend the scan of markers down to s: markers at indexes s..position-1.
      while (markerIdx >= 0 && markers[markerIdx]!.index >= s) {
        lowest = Math.min(lowest, markers[markerIdx]!.targetFirstIndex);
        markerIdx -= 1;
      }
      if (lowest >= s) return { position: s, state: this.states[slot]! };
      slot = countBelow(this.positions, lowest + 1) - 1;
    }
  }
}

/** Number of markers whose index is below `position` (markers are sorted by index). */
function markersBelow(markers: readonly EffectiveMarker[], position: number): number {
  let lo = 0;
  let hi = markers.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (markers[mid]!.index < position) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
