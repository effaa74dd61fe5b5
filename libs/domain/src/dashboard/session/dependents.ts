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
 * Kept per log (`timelineOf`) and brought up to date from the first entry that changed, so a client that
 * asks on every render folds only what is new; answers are remembered until the log changes.
 */
export class DraftTimeline {
  private entries: readonly LogEntry[] = [];
  private index!: HistoryIndex;
  private readonly seen: LogEntry[] = [];
  private readonly liveAt: boolean[] = [];
  private readonly before: Layout[] = [];
  private readonly applied: boolean[] = [];
  private readonly answers = new Map<string, FlipOutcome>();

  constructor(readonly barrier: number) {}

  /** Brings the fold up to `entries` (the same log, maybe longer, maybe with batches flipped since). */
  update(entries: readonly LogEntry[], index: HistoryIndex): this {
    const live = (i: number) => !index.isUndoneAt(entries[i]!.meta.batchId, entries.length);
    let from = this.barrier + 1;
    while (from < entries.length && this.seen[from] === entries[from] && this.liveAt[from] === live(from)) from += 1;
    if (from === entries.length && this.seen.length === entries.length && this.entries.length > 0) {
      this.entries = entries;
      this.index = index;
      return this;
    }
    this.entries = entries;
    this.index = index;
    this.answers.clear();
    for (const list of [this.seen, this.liveAt, this.before, this.applied]) list.length = from;
    let layout = from === this.barrier + 1 ? layoutAfter(entries, index, this.barrier) : this.afterEntry(from - 1);
    for (let i = from; i < entries.length; i += 1) {
      this.seen[i] = entries[i]!;
      this.liveAt[i] = live(i);
      this.before[i] = layout;
      const entry = entries[i]!;
      const next = this.liveAt[i] && isLayoutEvent(entry) ? applyLayoutEvent(layout, entry) : null;
      this.applied[i] = next !== null;
      if (next !== null) layout = next;
    }
    return this;
  }

  /**
   * The live batches not in `flipped` (undone ones turn live, live ones undone) whose events apply now
   * but would not after the flip, in log order; with `first`, at most one.
   */
  brokenBy(flipped: ReadonlySet<string>, first = false): string[] {
    return this.outcome(flipped, first).broken;
  }

  /**
   * The flipped batches that would turn live yet not apply (what they were made in is gone since): a
   * redo, or the restore of a discard, that would show nothing and leave a step the audit calls lost.
   */
  inertAfter(flipped: ReadonlySet<string>): string[] {
    return this.outcome(flipped, false).inert;
  }

  private outcome(flipped: ReadonlySet<string>, first: boolean): FlipOutcome {
    const key = `${first}:${[...flipped].sort().join(',')}`;
    const known = this.answers.get(key);
    if (known) return known;
    const outcome = this.fold(flipped, first);
    this.answers.set(key, outcome);
    return outcome;
  }

  /**
   * Shrinks `flipped` until nothing breaks, in one fold: at each break `keep` names the flipped batch to
   * leave alone (undefined: give up, all are kept), and the fold goes back to it.
   */
  settle(flipped: Set<string>, keep: (broken: string) => string | undefined): void {
    let start = this.entries.length;
    for (const batchId of flipped) start = Math.min(start, this.firstIndexOf(batchId) ?? start);
    const hypothetical: Layout[] = [];
    let layout = this.before[start];
    for (let i = start; i < this.entries.length && layout; i += 1) {
      hypothetical[i] = layout;
      const entry = this.entries[i]!;
      if (isHistoryEvent(entry) || !isLayoutEvent(entry)) continue;
      const batchId = entry.meta.batchId;
      const flips = flipped.has(batchId);
      if (flips === this.liveAt[i]) continue;
      const next = applyLayoutEvent(layout, entry);
      if (next !== null) layout = next;
      else if (!flips && this.applied[i] && !alreadyDone(entry, layout)) {
        const kept = keep(batchId);
        const back = kept === undefined ? undefined : this.firstIndexOf(kept);
        if (kept === undefined || back === undefined || back < start) return flipped.clear();
        flipped.delete(kept);
        layout = hypothetical[back]!;
        i = back - 1;
      }
    }
  }

  /** The actors of `brokenBy`'s batches, each once. */
  actorsOf(batchIds: readonly string[]): string[] {
    return [...new Set(batchIds.map((b) => this.index.batch(b)!.actor))];
  }

  /** The first entry (index) of a batch since the barrier, or undefined. */
  firstIndexOf(batchId: string): number | undefined {
    const at = this.index.batch(batchId)?.firstIndex;
    return at !== undefined && at > this.barrier ? at : undefined;
  }

  private afterEntry(i: number): Layout {
    const entry = this.entries[i]!;
    if (!this.applied[i] || !isLayoutEvent(entry)) return this.before[i]!;
    return applyLayoutEvent(this.before[i]!, entry)!;
  }

  private fold(flipped: ReadonlySet<string>, first: boolean): FlipOutcome {
    let start = this.entries.length;
    for (const batchId of flipped) start = Math.min(start, this.firstIndexOf(batchId) ?? start);
    const broken: string[] = [];
    const inert: string[] = [];
    let layout = this.before[start];
    for (let i = start; i < this.entries.length && layout; i += 1) {
      const entry = this.entries[i]!;
      if (isHistoryEvent(entry) || !isLayoutEvent(entry)) continue;
      const batchId = entry.meta.batchId;
      const flips = flipped.has(batchId);
      if (flips === this.liveAt[i]) continue;
      const next = applyLayoutEvent(layout, entry);
      if (next !== null) layout = next;
      else if (alreadyDone(entry, layout)) continue;
      else if (flips && !inert.includes(batchId)) inert.push(batchId);
      else if (!flips && this.applied[i] && !broken.includes(batchId)) {
        broken.push(batchId);
        if (first) break;
      }
    }
    return { broken, inert };
  }
}

/** What flipping some batches does to the rest (`broken`) and to themselves (`inert`). */
interface FlipOutcome {
  broken: string[];
  inert: string[];
}

/** One timeline per draft log (keyed by its first entry, which never changes), brought up to date. */
const timelines = new WeakMap<LogEntry, DraftTimeline>();

export function timelineOf(entries: readonly LogEntry[], index: HistoryIndex, barrier: number): DraftTimeline {
  const head = entries[0];
  const known = head && timelines.get(head);
  const timeline = known && known.barrier === barrier ? known : new DraftTimeline(barrier);
  if (head) timelines.set(head, timeline);
  return timeline.update(entries, index);
}
