/**
 * The layout the page draws: the domain's position_json model (REFERENCE §3.1), plus what only drawing
 * needs: a fallback for dashboards without a usable layout, reading order, the tabs above a component.
 */
import {
  findChartComponent,
  GRID_DEFAULT_CHART_HEIGHT,
  GRID_DEFAULT_CHART_WIDTH,
  GRID_ID,
  parsePositionJson,
  ROOT_ID,
  type Layout,
  type LayoutItem,
} from '@strata/domain';

export type { Layout, LayoutItem };

export type ReadLayout = { layout: Layout; problems: string[] };

/**
 * position_json as text or object. A dashboard created through the API has none; a stored one the rules
 * refuse would draw wrongly: both get one row per chart, in id order, and the problems are reported.
 */
export function readLayout(positionJson: unknown, chartIds: readonly number[] = []): ReadLayout {
  let input = positionJson;
  if (typeof input === 'string') {
    try {
      input = input ? (JSON.parse(input) as unknown) : null;
    } catch {
      return { layout: defaultLayout(chartIds), problems: ['position_json is not valid JSON'] };
    }
  }
  if (input === null || input === undefined || (typeof input === 'object' && Object.keys(input).length === 0))
    return { layout: defaultLayout(chartIds), problems: [] };
  const parsed = parsePositionJson(input);
  return parsed.ok
    ? { layout: parsed.layout, problems: [] }
    : { layout: defaultLayout(chartIds), problems: parsed.problems };
}

function defaultLayout(chartIds: readonly number[]): Layout {
  const layout: Record<string, LayoutItem> = {
    [ROOT_ID]: { id: ROOT_ID, type: 'ROOT', children: [GRID_ID], parents: [], meta: {} },
  };
  const rows: string[] = [];
  for (const chartId of chartIds) {
    const rowId = `ROW-default-${chartId}`;
    const id = `CHART-default-${chartId}`;
    rows.push(rowId);
    layout[rowId] = {
      id: rowId,
      type: 'ROW',
      children: [id],
      parents: [ROOT_ID, GRID_ID],
      meta: { background: 'BACKGROUND_TRANSPARENT' },
    };
    layout[id] = {
      id,
      type: 'CHART',
      children: [],
      parents: [ROOT_ID, GRID_ID, rowId],
      meta: { chartId, width: GRID_DEFAULT_CHART_WIDTH, height: GRID_DEFAULT_CHART_HEIGHT },
    };
  }
  layout[GRID_ID] = { id: GRID_ID, type: 'GRID', children: rows, parents: [ROOT_ID], meta: {} };
  return layout;
}

/** Chart ids in reading order: depth first through the tree, as the page shows them. */
export function chartIdsInOrder(layout: Layout): number[] {
  const out: number[] = [];
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    const item = layout[id];
    if (!item) return;
    if (item.type === 'CHART' && typeof item.meta.chartId === 'number' && !out.includes(item.meta.chartId))
      out.push(item.meta.chartId);
    item.children.forEach(visit);
  };
  visit(ROOT_ID);
  return out;
}

export const chartComponent = (layout: Layout, chartId: number): LayoutItem | undefined =>
  findChartComponent(layout, chartId);

/** The tab ids on the path to a component (to show it, each must be the active tab of its TABS). */
export function tabsOnPath(layout: Layout, componentId: string): string[] {
  const item = layout[componentId];
  if (!item) return [];
  return [...item.parents, componentId].filter((id) => layout[id]?.type === 'TAB');
}
