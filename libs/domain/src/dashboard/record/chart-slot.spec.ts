import type { Envelope } from '@strata/events';
import { toPositionJson } from '../layout/position-json';
import { GRID_ID, ROOT_ID, type Layout } from '../layout/types';
import { draftDecider } from '../session/draft.decider';
import type { DraftEvent } from '../session/draft.model';
import { LayoutBuilder } from '../testing/layout-builder';
import { decideDraftCarry } from './draft-carry';
import { savedDashboardDecider } from './record.decider';
import type { ChartAdded, SavedDashboardEventOf } from './record.events';
import { placeChart, type SavedLayout } from './saved-layout';

const add = { chartId: 11, sliceName: 'Revenue', rowId: 'ROW-new', chartComponentId: 'CHART-new' };

/** Rows of charts of the given widths, the rows' ids `ROW-CHART-<first chart id>`. */
function gridOf(rows: number[][], builder = new LayoutBuilder(), parentId = GRID_ID): Layout {
  let chartId = 100;
  for (const widths of rows) {
    const first = (chartId += 1);
    builder.chart(first, parentId, 999, widths[0]);
    for (const width of widths.slice(1)) builder.chart((chartId += 1), `ROW-CHART-${first}`, 999, width);
  }
  return builder.layout;
}

/** Top-level tabs holding the first tab's rows, with the second tab's rows after them. */
function tabsOf(first: number[][], second: number[][]): Layout {
  const builder = new LayoutBuilder(gridOf(first)).run({
    type: 'ConvertToTopLevelTabs',
    data: { tabsId: 'TABS-top', tabId: 'TAB-one' },
  });
  builder.add('TAB', 'TAB-two', 'TABS-top');
  let chartId = 200;
  for (const widths of second) {
    for (const width of widths) builder.chart((chartId += 1), 'TAB-two', 999, width);
  }
  return builder.layout;
}

/** The saved dashboard's event for the add, and the layout its fold then shows. */
function savedAdd(layout: Layout): { event: ChartAdded; after: SavedLayout } {
  const created: SavedDashboardEventOf<'dashboard/dashboardCreated'> = {
    type: 'dashboard/dashboardCreated',
    data: {
      id: 7,
      dashboard_title: 'Sales',
      slug: null,
      owners: [3],
      position_json: toPositionJson(layout) as SavedLayout,
      json_metadata: {},
      css: '',
      published: false,
      certified_by: null,
      certification_details: null,
    },
  };
  const state = savedDashboardDecider.evolve(savedDashboardDecider.initialState(), created);
  const [event] = savedDashboardDecider.decide({ type: 'AddChartToDashboard', data: add }, state, undefined);
  if (event?.type !== 'dashboard/chartAdded') throw new Error(`no chartAdded: ${JSON.stringify(event)}`);
  return { event: event.data, after: savedDashboardDecider.evolve(state, event).fields!.position_json };
}

/** The draft's layout after the chart save flow carried the add into a draft opened at `layout`. */
function draftAdd(layout: Layout): Layout {
  const started = draftDecider.decide(
    { type: 'StartDraft', actor: '3', data: { dashboardId: 7, version: 1, layout, at: 'x' } },
    draftDecider.initialState(),
    undefined,
  );
  const envelopes = (events: DraftEvent[]): Envelope[] =>
    events.map((e, n) => ({
      id: `d${n + 1}`,
      stream: 'dashboard-draft:7',
      version: n + 1,
      type: e.type,
      data: e.data,
      meta: { actor: '3', at: '2026-01-01T00:00:00.000Z', batchId: `b${n + 1}`, undoable: false },
    }));
  const carried = decideDraftCarry(envelopes(started), { kind: 'add', ...add }, '3');
  return [...started, ...carried].reduce(draftDecider.evolve, draftDecider.initialState()).layout;
}

type Flat = Record<
  string,
  { id: string; children: readonly string[]; parents?: readonly string[]; meta?: { width?: unknown } }
>;

/** Where the chart went, checked to be the same in the saved layout and in the draft. */
function placed(layout: Layout) {
  const where = (flat: Flat) => {
    const components = Object.values(flat).filter((c) => typeof c === 'object');
    const row = components.find((c) => c.children.includes('CHART-new'))!;
    const rowParent = components.find((c) => c.children.includes(row.id))!;
    const chart = flat['CHART-new']!;
    return { row: row.id, rowParent: rowParent.id, rowChildren: row.children, width: chart.meta?.width, chart };
  };
  const fromSaved = where(savedAdd(layout).after as unknown as Flat);
  const fromDraft = where(draftAdd(layout) as unknown as Flat);
  expect({ ...fromDraft, chart: fromDraft.chart.parents }).toEqual({ ...fromSaved, chart: fromSaved.chart.parents });
  const { chart: _chart, ...rest } = fromSaved;
  return rest;
}

describe('charts-dashboards-reports §4 / issue 12: a chart added from Explore goes into the first row with room', () => {
  it('an empty dashboard: a new row in the grid, the chart 4 wide and 50 high', () => {
    const { event, after } = savedAdd(gridOf([]));
    expect(event).toEqual({ ...add, rowParentId: GRID_ID });
    expect((after as unknown as Flat)['CHART-new']).toMatchObject({
      parents: [ROOT_ID, GRID_ID, 'ROW-new'],
      meta: { width: 4, height: 50, chartId: 11, sliceName: 'Revenue' },
    });
    expect(placed(gridOf([]))).toEqual({ row: 'ROW-new', rowParent: GRID_ID, rowChildren: ['CHART-new'], width: 4 });
  });

  it('the first row in layout order whose widths leave 4 columns, at its end', () => {
    // 4+4+4 is full, 6+3 leaves 3, 4+4 leaves 4, the last row would have room too but comes later.
    const layout = gridOf([[4, 4, 4], [6, 3], [4, 4], [2]]);
    const { event } = savedAdd(layout);
    expect(event).toEqual({ ...add, rowId: 'ROW-CHART-106', rowParentId: GRID_ID });
    expect(placed(layout)).toEqual({
      row: 'ROW-CHART-106',
      rowParent: GRID_ID,
      rowChildren: ['CHART-106', 'CHART-107', 'CHART-new'],
      width: 4,
    });
  });

  it('full rows: a new row at the end of the grid', () => {
    const layout = gridOf([[12], [4, 4, 4], [8, 3]]);
    expect(placed(layout)).toEqual({ row: 'ROW-new', rowParent: GRID_ID, rowChildren: ['CHART-new'], width: 4 });
    expect((savedAdd(layout).after as unknown as Flat)[GRID_ID]!.children.at(-1)).toBe('ROW-new');
  });

  it('top-level tabs: the first tab’s rows, or a new row at the end of the first tab, never another tab', () => {
    expect(placed(tabsOf([[8]], [[4]]))).toMatchObject({ row: 'ROW-CHART-101', rowParent: 'TAB-one', width: 4 });
    expect(placed(tabsOf([[12]], [[4]]))).toEqual({
      row: 'ROW-new',
      rowParent: 'TAB-one',
      rowChildren: ['CHART-new'],
      width: 4,
    });
  });

  it('an event written before the rule replays as it was: a new row at the end of the grid', () => {
    const layout = toPositionJson(gridOf([[4]])) as SavedLayout;
    const replayed = placeChart(layout, add) as unknown as Flat;
    expect(replayed[GRID_ID]!.children).toEqual(['ROW-CHART-101', 'ROW-new']);
    expect(replayed['ROW-CHART-101']!.children).toEqual(['CHART-101']);
  });
});
