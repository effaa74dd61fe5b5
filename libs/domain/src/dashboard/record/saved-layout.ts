/**
 * The layout a saved dashboard shows (position_json, REFERENCE §3.1) as the record stores it: a flat map of
 * components keyed by id plus `DASHBOARD_VERSION_KEY`, kept as it was written (the edit session's richer
 * model is `layout/`). Pure: ids come in on the command, so replaying the events gives the same layout.
 */
import { GRID_DEFAULT_CHART_HEIGHT, GRID_DEFAULT_CHART_WIDTH } from '../constants';
import { GRID_ID, HEADER_ID, ROOT_ID } from '../layout/types';
import { chartSlot, type ChartSlot } from './chart-slot';
import type { ChartAdded } from './record.events';

export type SavedComponentType =
  'ROOT' | 'GRID' | 'HEADER' | 'TABS' | 'TAB' | 'ROW' | 'COLUMN' | 'CHART' | 'MARKDOWN' | 'DIVIDER' | 'DYNAMIC';

export interface SavedLayoutComponent {
  id: string;
  type: SavedComponentType;
  children: string[];
  parents?: string[];
  meta?: Record<string, unknown>;
}

export type SavedLayout = { DASHBOARD_VERSION_KEY: 'v2' } & { [id: string]: SavedLayoutComponent | 'v2' };

/** A new dashboard's layout: an empty grid under a header with its title. */
export function emptySavedLayout(title: string): SavedLayout {
  return {
    DASHBOARD_VERSION_KEY: 'v2',
    [ROOT_ID]: { id: ROOT_ID, type: 'ROOT', children: [GRID_ID] },
    [GRID_ID]: { id: GRID_ID, type: 'GRID', children: [], parents: [ROOT_ID] },
    [HEADER_ID]: { id: HEADER_ID, type: 'HEADER', children: [], meta: { text: title } },
  } as SavedLayout;
}

const component = (layout: SavedLayout, id: string): SavedLayoutComponent | undefined => {
  const c = layout[id];
  return typeof c === 'object' ? c : undefined;
};

/** The chart ids the layout places (a chart placed twice is listed twice). */
export function savedLayoutChartIds(layout: SavedLayout): number[] {
  return Object.values(layout)
    .filter((c): c is SavedLayoutComponent => typeof c === 'object' && c.type === 'CHART')
    .map((c) => Number(c.meta?.chartId))
    .filter(Number.isSafeInteger);
}

/**
 * Puts the chart where the decider placed it (`ChartAdded`): at the end of its row when the row exists, else
 * in a new ROW at the end of `rowParentId` (charts-dashboards-reports §4: a chart in a grid or tab is wrapped
 * in a row). Without `rowParentId` (events before the placement rule) the new row goes to the GRID.
 */
export function placeChart(layout: SavedLayout, placement: ChartAdded): SavedLayout {
  const row = component(layout, placement.rowId);
  const chart = (parents: string[]): SavedLayoutComponent => ({
    id: placement.chartComponentId,
    type: 'CHART',
    children: [],
    parents,
    meta: {
      width: GRID_DEFAULT_CHART_WIDTH,
      height: GRID_DEFAULT_CHART_HEIGHT,
      chartId: placement.chartId,
      sliceName: placement.sliceName,
    },
  });
  if (row?.type === 'ROW') {
    return {
      ...layout,
      [row.id]: { ...row, children: [...row.children, placement.chartComponentId] },
      [placement.chartComponentId]: chart([...(row.parents ?? []), row.id]),
    } as SavedLayout;
  }
  const parent = component(layout, placement.rowParentId ?? GRID_ID);
  if (!parent) return layout;
  const rowParents = [...(parent.parents ?? [ROOT_ID]), parent.id];
  return {
    ...layout,
    [parent.id]: { ...parent, children: [...parent.children, placement.rowId] },
    [placement.rowId]: {
      id: placement.rowId,
      type: 'ROW',
      children: [placement.chartComponentId],
      parents: rowParents,
      meta: { background: 'BACKGROUND_TRANSPARENT' },
    },
    [placement.chartComponentId]: chart([...rowParents, placement.rowId]),
  } as SavedLayout;
}

/** Where the chart save flow puts its next chart in this layout (chart-slot.ts). */
export const savedChartSlot = (layout: SavedLayout): ChartSlot | null => chartSlot((id) => component(layout, id));

/** Removes every CHART component of the chart, and rows or columns it leaves empty (charts-dashboards-reports §4 "Deleting"). */
export function removeChartFromLayout(layout: SavedLayout, chartId: number): SavedLayout {
  const next: Record<string, SavedLayoutComponent | 'v2'> = { ...layout };
  const drop = (id: string) => {
    const c = component(next as SavedLayout, id);
    if (!c) return;
    delete next[id];
    const parentId = c.parents?.[c.parents.length - 1];
    const parent = parentId ? component(next as SavedLayout, parentId) : undefined;
    if (!parent) return;
    const children = parent.children.filter((x) => x !== id);
    next[parent.id] = { ...parent, children };
    if (children.length === 0 && (parent.type === 'ROW' || parent.type === 'COLUMN')) drop(parent.id);
  };
  for (const c of Object.values(layout)) {
    if (typeof c === 'object' && c.type === 'CHART' && Number(c.meta?.chartId) === chartId) drop(c.id);
  }
  return next as SavedLayout;
}
