/**
 * A dashboard's layout (position_json, REFERENCE §3.1): a flat map of components keyed by id plus
 * `DASHBOARD_VERSION_KEY`. Pure: ids come in from the caller, so replaying the events gives the same
 * layout.
 */
export const ROOT_ID = 'ROOT_ID';
export const GRID_ID = 'GRID_ID';
export const HEADER_ID = 'HEADER_ID';
export const GRID_DEFAULT_CHART_WIDTH = 4;
export const DEFAULT_CHART_HEIGHT = 50;

export type ComponentType =
  'ROOT' | 'GRID' | 'HEADER' | 'TABS' | 'TAB' | 'ROW' | 'COLUMN' | 'CHART' | 'MARKDOWN' | 'DIVIDER' | 'DYNAMIC';

export interface LayoutComponent {
  id: string;
  type: ComponentType;
  children: string[];
  parents?: string[];
  meta?: Record<string, unknown>;
}

export type Layout = { DASHBOARD_VERSION_KEY: 'v2' } & { [id: string]: LayoutComponent | 'v2' };

export function emptyLayout(title: string): Layout {
  return {
    DASHBOARD_VERSION_KEY: 'v2',
    [ROOT_ID]: { id: ROOT_ID, type: 'ROOT', children: [GRID_ID] },
    [GRID_ID]: { id: GRID_ID, type: 'GRID', children: [], parents: [ROOT_ID] },
    [HEADER_ID]: { id: HEADER_ID, type: 'HEADER', children: [], meta: { text: title } },
  } as Layout;
}

const component = (layout: Layout, id: string): LayoutComponent | undefined => {
  const c = layout[id];
  return typeof c === 'object' ? c : undefined;
};

export function chartIdsOf(layout: Layout): number[] {
  return Object.values(layout)
    .filter((c): c is LayoutComponent => typeof c === 'object' && c.type === 'CHART')
    .map((c) => Number(c.meta?.chartId))
    .filter(Number.isSafeInteger);
}

/** Appends a ROW holding the CHART at the end of the grid (spec §4: a chart dropped in the grid is wrapped in a row). */
export function appendChart(
  layout: Layout,
  ids: { rowId: string; chartComponentId: string },
  chart: { chartId: number; sliceName: string },
): Layout {
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
        height: DEFAULT_CHART_HEIGHT,
        chartId: chart.chartId,
        sliceName: chart.sliceName,
      },
    },
  } as Layout;
}

/** Removes every CHART component of the chart, and rows or columns it leaves empty (spec §4 "Deleting"). */
export function removeChart(layout: Layout, chartId: number): Layout {
  const next: Record<string, LayoutComponent | 'v2'> = { ...layout };
  const drop = (id: string) => {
    const c = component(next as Layout, id);
    if (!c) return;
    delete next[id];
    const parentId = c.parents?.[c.parents.length - 1];
    const parent = parentId ? component(next as Layout, parentId) : undefined;
    if (!parent) return;
    const children = parent.children.filter((x) => x !== id);
    next[parent.id] = { ...parent, children };
    if (children.length === 0 && (parent.type === 'ROW' || parent.type === 'COLUMN')) drop(parent.id);
  };
  for (const c of Object.values(layout)) {
    if (typeof c === 'object' && c.type === 'CHART' && Number(c.meta?.chartId) === chartId) drop(c.id);
  }
  return next as Layout;
}
