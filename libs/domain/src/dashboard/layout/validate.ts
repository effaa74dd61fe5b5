/**
 * The invariants of a layout, as a list of problems (empty when valid): every child exists once, its
 * ancestor path is right, the nesting rules hold at its depth (REFERENCE §3.2), widths fit (a row's
 * children add up to at most its capacity; stacked items are at most as wide as their column), and a
 * chart is placed once.
 * `evolve` uses `subtreeProblems` to refuse an event that would break them (after an undo the same
 * event may meet another layout), and the property specs use `layoutProblems` on every state.
 */
import { GRID_COLUMN_COUNT, GRID_MIN_COLUMN_COUNT } from '../constants';
import { depthOf, depthOfChildren, isValidChild } from './nesting';
import { HEADER_ID, ROOT_ID, type Layout } from './types';
import { containerWidth, isSizable, occupiedWidth } from './widths';

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** Problems in the subtree of `id`, which must sit at its recorded place. */
export function subtreeProblems(layout: Layout, id: string, seen: Set<string> = new Set()): string[] {
  const item = layout[id];
  if (!item) return [`${id} is missing`];
  return walk(layout, id, item.parents, depthOf(layout, id), seen);
}

function walk(layout: Layout, id: string, parents: readonly string[], depth: number, seen: Set<string>): string[] {
  const item = layout[id];
  if (!item) return [`${id} is missing`];
  if (seen.has(id)) return [`${id} appears twice`];
  seen.add(id);
  const problems: string[] = [];
  if (item.id !== id) problems.push(`${id} is stored under another id (${item.id})`);
  if (!sameList(item.parents, parents))
    problems.push(`${id} has parents [${item.parents.join(',')}], expected [${parents.join(',')}]`);
  if (isSizable(item)) {
    const w = item.meta.width;
    if (w === undefined || !Number.isInteger(w) || w < GRID_MIN_COLUMN_COUNT || w > GRID_COLUMN_COUNT) {
      problems.push(`${id} has width ${String(w)}`);
    }
  }
  // The root holds exactly one grid or top-level tabs: checked here too, so evolve refuses a second one.
  if (item.type === 'ROOT' && item.children.length !== 1)
    problems.push(`${id} has ${item.children.length} children, expected one grid or tabs`);
  const childDepth = depthOfChildren(layout, id, depth);
  for (const childId of item.children) {
    const child = layout[childId];
    if (!child) {
      problems.push(`${id} lists missing child ${childId}`);
      continue;
    }
    if (!isValidChild(item.type, child.type, depth))
      problems.push(`${child.type} ${childId} may not be in ${item.type} ${id} at depth ${depth}`);
    if (item.type === 'COLUMN' && occupiedWidth(layout, child) > containerWidth(layout, item)) {
      problems.push(`${childId} is wider than column ${id}`);
    }
    problems.push(...walk(layout, childId, [...parents, id], childDepth, seen));
  }
  if (item.type === 'ROW' && occupiedWidth(layout, item) > containerWidth(layout, item)) {
    problems.push(
      `row ${id} is ${occupiedWidth(layout, item)} columns wide, more than ${containerWidth(layout, item)}`,
    );
  }
  return problems;
}

/** All problems of a whole layout: the tree from ROOT, and nothing left unreachable but the title holder. */
export function layoutProblems(layout: Layout): string[] {
  const root = layout[ROOT_ID];
  if (!root || root.type !== 'ROOT') return ['ROOT_ID is missing'];
  if (root.parents.length > 0) return ['ROOT_ID has parents'];
  if (root.children.length !== 1) return [`ROOT_ID has ${root.children.length} children, expected one grid or tabs`];
  const seen = new Set<string>();
  const problems = walk(layout, ROOT_ID, [], 0, seen);
  for (const id of Object.keys(layout)) {
    if (seen.has(id)) continue;
    if (id === HEADER_ID && layout[id]!.type === 'HEADER') continue;
    problems.push(`${id} is not reachable from ROOT_ID`);
  }
  const placed = new Set<number>();
  for (const item of Object.values(layout)) {
    if (item.type !== 'CHART' || typeof item.meta.chartId !== 'number') continue;
    if (placed.has(item.meta.chartId)) problems.push(`chart ${item.meta.chartId} is placed twice`);
    placed.add(item.meta.chartId);
  }
  return problems;
}

export function isValidLayout(layout: Layout): boolean {
  return layoutProblems(layout).length === 0;
}
