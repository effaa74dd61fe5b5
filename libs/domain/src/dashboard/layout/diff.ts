/**
 * What differs between two layouts, by component (for viewing a version against the current one, and
 * for summaries): added, removed, moved (to another parent, or reordered) and changed (type or meta).
 */
import { parentIdOf } from './tree';
import type { Layout } from './types';

export interface LayoutDiff {
  readonly added: string[];
  readonly removed: string[];
  readonly moved: string[];
  readonly changed: string[];
}

const sameMeta = (a: object, b: object) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/** Indexes of a longest increasing subsequence of `values` (patience sorting). */
function longestIncreasing(values: readonly number[]): Set<number> {
  const tails: number[] = [];
  const previous: number[] = new Array(values.length).fill(-1);
  values.forEach((value, i) => {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (values[tails[mid]!]! < value) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) previous[i] = tails[lo - 1]!;
    tails[lo] = i;
  });
  const keep = new Set<number>();
  for (let i = tails[tails.length - 1] ?? -1; i >= 0; i = previous[i]!) keep.add(i);
  return keep;
}

/**
 * Children that kept their parent but changed place: the fewest that explain the new order (those
 * outside a longest run kept in order), so one drag to the top does not mark every sibling as moved.
 */
function reordered(before: readonly string[], after: readonly string[]): string[] {
  const common = before.filter((id) => after.includes(id));
  const positions = common.map((id) => after.indexOf(id));
  const keep = longestIncreasing(positions);
  return common.filter((_, i) => !keep.has(i));
}

export function layoutDiff(before: Layout, after: Layout): LayoutDiff {
  const ids = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  const moved = new Set<string>();
  const diff = { added: [] as string[], removed: [] as string[], changed: [] as string[] };
  for (const id of ids) {
    const a = before[id];
    const b = after[id];
    if (!a) diff.added.push(id);
    else if (!b) diff.removed.push(id);
    else {
      if (parentIdOf(before, id) !== parentIdOf(after, id)) moved.add(id);
      if (a.type !== b.type || !sameMeta(a.meta, b.meta)) diff.changed.push(id);
      if (b.children.length > 0 || a.children.length > 0) {
        const stayed = (list: readonly string[], other: Layout) => list.filter((c) => parentIdOf(other, c) === id);
        reordered(stayed(a.children, after), stayed(b.children, before)).forEach((c) => moved.add(c));
      }
    }
  }
  return { ...diff, moved: [...moved].sort() };
}

export function isEmptyDiff(diff: LayoutDiff): boolean {
  return diff.added.length + diff.removed.length + diff.moved.length + diff.changed.length === 0;
}
