/**
 * Where the chart save flow ("save chart and add to dashboard" in Explore) puts a chart (issue 12): into the
 * first ROW, in layout order, of the grid (or of the first top-level tab) whose children leave room for the
 * default width; else into a new ROW at the end of that grid or tab. Rows nested in columns or in inner tabs
 * are not candidates: a chart landing in a hidden tab or a narrow column would look lost. One rule for the
 * saved layout (position_json) and for the open draft, so it reads any flat map of components.
 */
import { GRID_COLUMN_COUNT, GRID_DEFAULT_CHART_WIDTH, GRID_MIN_COLUMN_COUNT } from '../constants';
import { GRID_ID, ROOT_ID, SIZABLE_TYPES, type ComponentType } from '../layout/types';

/** What the rule reads of a component: the saved layout's and the draft's components both have it. */
export interface SlotComponent {
  readonly type: string;
  readonly children: readonly string[];
  readonly meta?: { readonly width?: unknown };
}

/** The grid or tab the chart goes into (`parentId`) and, when one has room, the existing row (`rowId`). */
export interface ChartSlot {
  parentId: string;
  rowId?: string;
}

/** The columns a row's child takes, as the layout's `occupiedWidth` counts them (a width-less one takes 1). */
function widthOf(child: SlotComponent | undefined): number {
  if (!child || !SIZABLE_TYPES.includes(child.type as ComponentType)) return 0;
  const width = Number(child.meta?.width);
  return Number.isFinite(width) && width > 0 ? width : GRID_MIN_COLUMN_COUNT;
}

/** Null when the layout has no grid or top-level tab to put a chart in. */
export function chartSlot(lookup: (id: string) => SlotComponent | undefined): ChartSlot | null {
  const topId = lookup(ROOT_ID)?.children[0] ?? GRID_ID;
  const top = lookup(topId);
  if (!top) return null;
  const parentId = top.type === 'TABS' ? top.children[0] : topId;
  const parent = parentId === undefined ? undefined : lookup(parentId);
  if (!parent || parentId === undefined) return null;
  const rowId = parent.children.find((id) => {
    const row = lookup(id);
    if (row?.type !== 'ROW') return false;
    const used = row.children.reduce((sum, childId) => sum + widthOf(lookup(childId)), 0);
    return used + GRID_DEFAULT_CHART_WIDTH <= GRID_COLUMN_COUNT;
  });
  return rowId === undefined ? { parentId } : { parentId, rowId };
}
