/**
 * Widths in grid columns. A ROW lays its children side by side: their widths add up to at most its
 * capacity (GRID_COLUMN_COUNT, or the column's width for a row inside a COLUMN). A COLUMN stacks its
 * children: each chart or markdown in it is at most as wide as the column, and so is each nested row.
 */
import { GRID_COLUMN_COUNT, GRID_MIN_COLUMN_COUNT } from '../constants';
import { SIZABLE_TYPES, type Layout, type LayoutItem } from './types';

export function isSizable(item: Pick<LayoutItem, 'type'>): boolean {
  return SIZABLE_TYPES.includes(item.type);
}

/** The columns a component takes in a row: its width, or for a ROW the sum of its children. */
export function occupiedWidth(layout: Layout, item: LayoutItem, seen: ReadonlySet<string> = new Set()): number {
  if (isSizable(item)) return item.meta.width ?? GRID_MIN_COLUMN_COUNT;
  // `seen` stops at a cycle a stored layout may have (the validator reports it).
  if (item.type === 'ROW' && !seen.has(item.id)) {
    const inner = new Set(seen).add(item.id);
    return item.children.reduce((sum, id) => sum + (layout[id] ? occupiedWidth(layout, layout[id], inner) : 0), 0);
  }
  return 0;
}

/** The columns available inside a container for its children (per child for a COLUMN). */
export function containerWidth(layout: Layout, container: LayoutItem): number {
  if (container.type === 'COLUMN') return container.meta.width ?? GRID_COLUMN_COUNT;
  if (container.type === 'ROW') {
    const parentId = container.parents[container.parents.length - 1];
    const parent = parentId ? layout[parentId] : undefined;
    return parent?.type === 'COLUMN' ? (parent.meta.width ?? GRID_COLUMN_COUNT) : GRID_COLUMN_COUNT;
  }
  return GRID_COLUMN_COUNT;
}

/**
 * The narrowest a component may become. A column may shrink until its widest nested row no longer
 * fits (its charts and markdown are narrowed with it; a row's children are not).
 */
export function minimumWidth(layout: Layout, item: LayoutItem): number {
  if (item.type === 'COLUMN') {
    return item.children.reduce((min, id) => {
      const child = layout[id];
      return child?.type === 'ROW' ? Math.max(min, occupiedWidth(layout, child)) : min;
    }, GRID_MIN_COLUMN_COUNT);
  }
  if (item.type === 'ROW') return occupiedWidth(layout, item);
  return GRID_MIN_COLUMN_COUNT;
}

/**
 * How many columns `item` may take when dropped into `destination` (the parent it ends up in, after any
 * row wrapping), leaving out `item` itself from what is occupied. `Infinity` when the destination does
 * not constrain widths.
 */
export function capacityFor(layout: Layout, destination: LayoutItem, itemId: string): number {
  if (destination.type === 'ROW') {
    const others = destination.children
      .filter((id) => id !== itemId)
      .reduce((sum, id) => sum + (layout[id] ? occupiedWidth(layout, layout[id]) : 0), 0);
    return containerWidth(layout, destination) - others;
  }
  if (destination.type === 'COLUMN') return containerWidth(layout, destination);
  return GRID_COLUMN_COUNT;
}

/**
 * The width a dropped component gets (charts-dashboards-reports §4 "widths of dragged items are computed on drop"): its own
 * width when it fits, else what is left if that is not below its minimum, else -1 (charts-dashboards-reports §5: refused).
 * A row cannot be narrowed, so it fits or not.
 */
export function widthOnDrop(layout: Layout, item: LayoutItem, destination: LayoutItem): number {
  const capacity = capacityFor(layout, destination, item.id);
  const width = occupiedWidth(layout, item);
  if (capacity >= width) return width;
  if (item.type !== 'ROW' && isSizable(item) && capacity >= minimumWidth(layout, item)) return capacity;
  return -1;
}

/**
 * Sets a sizable component's width. A column narrows the charts and markdown it stacks, so they stay
 * within it (what Superset shows when rendering them clipped).
 */
export function withWidth(layout: Layout, id: string, width: number): Layout {
  const item = layout[id];
  if (!item || !isSizable(item)) return layout;
  const next: Record<string, LayoutItem> = { ...layout, [id]: { ...item, meta: { ...item.meta, width } } };
  if (item.type === 'COLUMN') {
    for (const childId of item.children) {
      const child = next[childId];
      if (child && child.type !== 'COLUMN' && isSizable(child) && (child.meta.width ?? 0) > width) {
        next[childId] = { ...child, meta: { ...child.meta, width } };
      }
    }
  }
  return next;
}
