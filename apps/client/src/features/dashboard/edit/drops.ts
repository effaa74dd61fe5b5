/**
 * What a finished drag means as a layout command. Draggable ids say what was dragged: `new:<TYPE>` from
 * the component palette, `chart:<id>` from the chart list, anything else is a component of the draft.
 * Droppable ids are the containers' component ids, plus `TOP_LEVEL_TABS_DROP`, the zone above the grid
 * that turns the top level into tabs. New ids follow REFERENCE §3.1 (`<TYPE>-<random>`);
 * the row a chart, markdown or column is wrapped in on the grid or a tab is named on every command, and
 * the domain uses it only when it wraps.
 */
import { componentId, type ComponentType, type CreatableType, type Layout } from '@strata/domain';
import type { LayoutIntent } from './draft-session';

export const PALETTE_TYPES = [
  'ROW',
  'COLUMN',
  'TABS',
  'HEADER',
  'MARKDOWN',
  'DIVIDER',
] as const satisfies readonly CreatableType[];
export type PaletteItemType = (typeof PALETTE_TYPES)[number];

export const PALETTE_LABELS: Record<PaletteItemType, string> = {
  ROW: 'Row',
  COLUMN: 'Column',
  TABS: 'Tabs',
  HEADER: 'Header',
  MARKDOWN: 'Text / Markdown',
  DIVIDER: 'Divider',
};

export const paletteDraggableId = (type: PaletteItemType) => `new:${type}`;
export const chartDraggableId = (chartId: number) => `chart:${chartId}`;

/** The zone above the grid, shown while a new Tabs is dragged: dropped there, the top level becomes tabs. */
export const TOP_LEVEL_TABS_DROP = 'top-level-tabs';

export interface Drop {
  draggableId: string;
  source: { droppableId: string; index: number };
  destination: { droppableId: string; index: number } | null;
}

export interface ChartRef {
  id: number;
  slice_name: string;
}

/** A new component of `type` at `destination`, with fresh ids from `random`. */
export function createIntent(
  type: CreatableType,
  destination: { parentId: string; index: number },
  random: () => string,
  chart?: ChartRef,
): LayoutIntent {
  const id = componentId(type as ComponentType, random());
  return {
    type: 'CreateComponent',
    data: {
      id,
      componentType: type,
      destination,
      rowId: componentId('ROW', random()),
      ...(type === 'TABS' ? { tabId: componentId('TAB', random()) } : {}),
      ...(chart ? { chartId: chart.id, sliceName: chart.slice_name } : {}),
    },
  };
}

/** The command for a finished drag, or null when it was dropped nowhere (or on the palette). */
export function dropIntent(
  drop: Drop,
  layout: Layout,
  random: () => string,
  charts: readonly ChartRef[],
): LayoutIntent | null {
  const { destination, draggableId, source } = drop;
  if (destination?.droppableId === TOP_LEVEL_TABS_DROP) {
    // charts-dashboards-reports §4: the grid's content moves into the first tab of new top-level tabs (Superset's createTopLevelTabs).
    if (draggableId !== paletteDraggableId('TABS')) return null;
    return {
      type: 'ConvertToTopLevelTabs',
      data: { tabsId: componentId('TABS', random()), tabId: componentId('TAB', random()) },
    };
  }
  if (!destination || !layout[destination.droppableId]) return null;
  const to = { parentId: destination.droppableId, index: destination.index };
  if (draggableId.startsWith('new:')) return createIntent(draggableId.slice(4) as PaletteItemType, to, random);
  if (draggableId.startsWith('chart:')) {
    const chartId = Number(draggableId.slice(6));
    const chart = charts.find((c) => c.id === chartId) ?? { id: chartId, slice_name: `Chart ${chartId}` };
    return createIntent('CHART', to, random, chart);
  }
  if (!layout[draggableId]) return null;
  // The list shows the final position; the domain counts slots among the children before the move.
  const sameList = source.droppableId === destination.droppableId;
  const slot = sameList && destination.index > source.index ? destination.index + 1 : destination.index;
  return {
    type: 'MoveComponent',
    data: {
      id: draggableId,
      source: { parentId: source.droppableId, index: source.index },
      destination: { ...to, index: slot },
      rowId: componentId('ROW', random()),
    },
  };
}
