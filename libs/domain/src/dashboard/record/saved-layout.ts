/**
 * The layout a saved dashboard shows (position_json, REFERENCE §3.1) as the record stores it: a flat map of
 * components keyed by id plus `DASHBOARD_VERSION_KEY`, kept as it was written (the edit session's richer
 * model is `layout/`). Pure: ids come in on the command, so replaying the events gives the same layout.
 */
import { GRID_DEFAULT_CHART_HEIGHT, GRID_DEFAULT_CHART_WIDTH } from '../constants';
import { GRID_ID, HEADER_ID, ROOT_ID } from '../layout/types';

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

/** Appends a ROW holding the CHART at the end of the grid (charts-dashboards-reports §4: a chart dropped in the grid is wrapped in a row). */
export function appendChartRow(
  layout: SavedLayout,
  ids: { rowId: string; chartComponentId: string },
  chart: { chartId: number; sliceName: string },
): SavedLayout {
  const grid = component(layout, GRID_ID);
  if (!grid) return layout;
  const rowParents = [...(grid.parents ?? [ROOT_ID]), GRID_ID];
  return {
    ...layout,
    [GRID_ID]: { ...grid, children: [...grid.children, ids.rowId] },
    [ids.rowId]: {
      id: ids.rowId,
      type: 'ROW',
      children: [ids.chartComponentId],
      parents: rowParents,
      meta: { background: 'BACKGROUND_TRANSPARENT' },
    },
    [ids.chartComponentId]: {
      id: ids.chartComponentId,
      type: 'CHART',
      children: [],
      parents: [...rowParents, ids.rowId],
      meta: {
        width: GRID_DEFAULT_CHART_WIDTH,
        height: GRID_DEFAULT_CHART_HEIGHT,
        chartId: chart.chartId,
        sliceName: chart.sliceName,
      },
    },
  } as SavedLayout;
}

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
