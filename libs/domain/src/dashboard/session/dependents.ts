/**
 * Who built on a batch (issue 12: one user's action never removes another user's unsaved work unseen).
 * Undo is per user and the fold skips undone batches, so undoing Alice's markdown would silently drop
 * Carol's text typed in it: her `markdownChanged` no longer applies. Before an undo, redo or "discard my
 * changes" flips batches, the draft is folded again since the last barrier with them flipped: every live
 * batch left alone whose events apply now but would not then depends on them, and the flip is refused (or,
 * for a discard, those batches are kept).
 */
import type { HistoryIndex, LogEntry } from '@strata/events';
import { isHistoryEvent } from '@strata/events';
import { applyLayoutEvent } from '../layout/layout.apply';
import { isLayoutEvent, type LayoutEvent } from '../layout/layout.events';
import { GRID_ID, type Layout } from '../layout/types';
import { draftDecider } from './draft.decider';
import { HISTORY_BARRIER_TYPES, type DraftEvent } from './draft.model';

/** Index of the last save, discard, restore or start: batches before it are out of reach. */
export function historyBarrier(entries: readonly LogEntry[]): number {
  for (let i = entries.length - 1; i >= 0; i -= 1) {
    if ((HISTORY_BARRIER_TYPES as readonly string[]).includes(entries[i]!.type)) return i;
  }
  return -1;
}

/** The layout right after each barrier entry: the log before a barrier never changes, so one fold serves all. */
const layoutsAtBarrier = new WeakMap<LogEntry, Layout>();

function layoutAfter(entries: readonly LogEntry[], index: HistoryIndex, barrier: number): Layout {
  const head = entries[barrier];
  const known = head && layoutsAtBarrier.get(head);
  if (known) return known;
  let state = draftDecider.initialState();
  for (let i = 0; i <= barrier; i += 1) {
    const entry = entries[i]!;
    if (isHistoryEvent(entry) || index.isUndoneAt(entry.meta.batchId, entries.length)) continue;
    state = draftDecider.evolve(state, entry as unknown as DraftEvent);
  }
  if (head) layoutsAtBarrier.set(head, state.layout);
  return state.layout;
}

/** A removal that no longer applies because what it removes is gone anyway loses nothing (as the draft audit). */
function alreadyDone(event: LayoutEvent, layout: Layout): boolean {
  if (event.type === 'dashboard/componentDeleted') return !layout[event.data.id];
  return event.type === 'dashboard/topLevelTabsRemoved' && layout[GRID_ID] !== undefined;
}

/**
 * The draft since the last barrier as it folds now (the layout before each entry, and which entries
 * applied), so each "what if these batches flipped" is one more fold from the first flipped batch on.
 */
export class DraftTimeline {
  private readonly before: Layout[] = [];
  private readonly applied: boolean[] = [];

  constructor(
    private readonly entries: readonly LogEntry[],
    private readonly index: HistoryIndex,
    private readonly barrier: number,
  ) {
    let layout = layoutAfter(entries, index, barrier);
    for (let i = barrier + 1; i < entries.length; i += 1) {
      this.before[i] = layout;
      const next = this.live(i) ? this.apply(layout, i) : null;
      this.applied[i] = next !== null;
      if (next !== null) layout = next;
    }
  }

  /**
   * The live batches not in `flipped` (undone ones turn live, live ones undone) whose events apply now
   * but would not after the flip, in log order; with `first`, at most one.
   */
  brokenBy(flipped: ReadonlySet<string>, first = false): string[] {
    let start = this.entries.length;
    for (const batchId of flipped) {
      const at = this.index.batch(batchId)?.firstIndex;
      if (at !== undefined && at > this.barrier) start = Math.min(start, at);
    }
    const broken: string[] = [];
    let layout = this.before[start];
    for (let i = start; i < this.entries.length && layout; i += 1) {
      const entry = this.entries[i]!;
      if (isHistoryEvent(entry) || !isLayoutEvent(entry)) continue;
      const batchId = entry.meta.batchId;
      const flips = flipped.has(batchId);
      if (flips === this.live(i)) continue;
      const next = applyLayoutEvent(layout, entry);
      if (next !== null) layout = next;
      else if (!flips && this.applied[i] && !alreadyDone(entry, layout) && !broken.includes(batchId)) {
        broken.push(batchId);
        if (first) break;
      }
    }
    return broken;
  }

  /** The actors of `brokenBy`'s batches, each once. */
  actorsOf(batchIds: readonly string[]): string[] {
    return [...new Set(batchIds.map((b) => this.index.batch(b)!.actor))];
  }

  private live(i: number): boolean {
    return !this.index.isUndoneAt(this.entries[i]!.meta.batchId, this.entries.length);
  }

  private apply(layout: Layout, i: number): Layout | null {
    const entry = this.entries[i]!;
    return isLayoutEvent(entry) ? applyLayoutEvent(layout, entry) : null;
  }
}
