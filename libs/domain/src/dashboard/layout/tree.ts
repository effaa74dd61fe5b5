/** Immutable tree edits on the flat layout map. None of them checks the rules: see validate.ts. */
import type { Layout, LayoutItem } from './types';

type Mutable = Record<string, LayoutItem>;

export function parentIdOf(layout: Layout, id: string): string | undefined {
  const item = layout[id];
  return item ? item.parents[item.parents.length - 1] : undefined;
}

/** The ids of a subtree, the root first. */
export function subtreeIds(layout: Layout, id: string): string[] {
  const seen = new Set<string>();
  const visit = (current: string) => {
    if (seen.has(current)) return;
    seen.add(current);
    layout[current]?.children.forEach(visit);
  };
  if (layout[id]) visit(id);
  return [...seen];
}

export function isInSubtree(layout: Layout, rootId: string, id: string): boolean {
  const item = layout[id];
  return id === rootId || (!!item && item.parents.includes(rootId));
}

export function detach(layout: Layout, id: string): Layout {
  const parentId = parentIdOf(layout, id);
  const parent = parentId ? layout[parentId] : undefined;
  if (!parent) return layout;
  return { ...layout, [parent.id]: { ...parent, children: parent.children.filter((c) => c !== id) } };
}

export function attach(layout: Layout, parentId: string, id: string, index: number): Layout {
  const parent = layout[parentId];
  if (!parent) return layout;
  const at = Math.max(0, Math.min(index, parent.children.length));
  const children = [...parent.children.slice(0, at), id, ...parent.children.slice(at)];
  return setParents({ ...layout, [parentId]: { ...parent, children } }, id, [...parent.parents, parentId]);
}

/** Rewrites the ancestor paths of a subtree placed under `parents`. */
export function setParents(layout: Layout, id: string, parents: readonly string[]): Layout {
  const next: Mutable = { ...layout };
  // A stored layout may be cyclic: each component is placed once, and the validator reports the rest.
  const seen = new Set<string>();
  const visit = (current: string, path: readonly string[]) => {
    const item = next[current];
    if (!item || seen.has(current)) return;
    seen.add(current);
    next[current] = { ...item, parents: path };
    item.children.forEach((child) => visit(child, [...path, current]));
  };
  visit(id, parents);
  return next;
}

export function removeSubtree(layout: Layout, id: string): Layout {
  const next: Mutable = { ...detach(layout, id) };
  for (const gone of subtreeIds(layout, id)) delete next[gone];
  return next;
}

export function withItem(layout: Layout, item: LayoutItem): Layout {
  return { ...layout, [item.id]: item };
}

/** The chart ids placed on a layout. */
export function chartIdsOf(layout: Layout): number[] {
  return Object.values(layout)
    .filter((item) => item.type === 'CHART' && typeof item.meta.chartId === 'number')
    .map((item) => item.meta.chartId!);
}

export function findChartComponent(layout: Layout, chartId: number): LayoutItem | undefined {
  return Object.values(layout).find((item) => item.type === 'CHART' && item.meta.chartId === chartId);
}
