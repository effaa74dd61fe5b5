/**
 * What a dashboard shows and what the chart save flow does to it (issue 5, charts-dashboards-reports §7), over real HTTP on a
 * real PostgreSQL with the examples' cars table: /charts (with form_data) and /datasets (with columns
 * and metrics), copies with and without duplicated charts, the native filters endpoint validated by the
 * domain, and a chart saved onto a dashboard while its edit session is open reaching the draft, so the
 * next draft save keeps it.
 */
import { GRID_ID } from '@strata/domain';
import { PROTOCOL_VERSION, type ServerMessage } from '@strata/events';
import { connect } from '../../test/realtime/realtime-test-app';
import { ApiTokens } from '../auth/tokens/api-tokens.service';
import {
  createChartTestApp,
  loadExampleTables,
  registerExamples,
  type ExamplesFixture,
} from '../chart-data/testing/chart-test-app';
import { ChartsModule } from '../charts/charts.module';
import { DashboardDraftsModule } from '../dashboard-drafts/dashboard-drafts.module';
import { EventStore } from '../event-store/event-store.port';
import { RealtimeModule } from '../realtime/realtime.module';
import { userClient, type ApiClient } from '../sqllab/bootstrap/rest-testing';
import type { AuthTestApp } from '../testing/auth-test-app';
import { DashboardsModule } from './dashboards.module';

let fixture: ExamplesFixture;
let t: AuthTestApp;
let admin: ApiClient;
let alice: ApiClient;
let bob: ApiClient;
let carsId: number;

const params = { viz_type: 'table', metrics: ['count'], groupby: ['origin'], row_limit: 100, time_range: 'No filter' };
const newChart = (over: Record<string, unknown> = {}) => ({
  slice_name: 'Cars by origin',
  viz_type: 'table',
  datasource_id: carsId,
  datasource_type: 'table',
  params: JSON.stringify({ ...params, datasource: `${carsId}__table` }),
  ...over,
});
const selectFilter = (id: string, name: string) => ({
  id,
  type: 'NATIVE_FILTER',
  name,
  filterType: 'filter_select',
  targets: [{ datasetId: carsId, column: { name: 'origin' } }],
  controlValues: { multiSelect: true },
  defaultDataMask: {},
  cascadeParentIds: [],
  scope: { rootPath: ['ROOT_ID'], excluded: [] },
});
type LayoutJson = Record<string, { type: string; children: string[]; meta: { chartId?: number } }>;
const layoutOf = async (client: ApiClient, id: number) =>
  JSON.parse((await client.get(`/api/v1/dashboard/${id}`)).body.result.position_json as string) as LayoutJson;
const chartIdsIn = (layout: LayoutJson) =>
  Object.values(layout)
    .filter((c) => c.type === 'CHART')
    .map((c) => c.meta.chartId)
    .sort();

beforeAll(async () => {
  fixture = await loadExampleTables(['cars']);
  t = await createChartTestApp([RealtimeModule, DashboardsModule, ChartsModule, DashboardDraftsModule]);
  admin = await userClient(t, ['Admin']);
  alice = await userClient(t, ['Alpha']);
  bob = await userClient(t, ['Alpha']);
  const dbId = await registerExamples(t, fixture);
  carsId = (await admin.post('/api/v1/dataset/', { database: dbId, schema: 'public', table_name: 'cars' })).body.id;
}, 300_000);

afterAll(async () => {
  await t?.close();
  await fixture?.close();
});

async function boardWithChart(title: string): Promise<{ board: number; chart: number }> {
  const board = (await alice.post('/api/v1/dashboard/', { dashboard_title: title })).body.id as number;
  const chart = await alice.post('/api/v1/chart/', newChart({ dashboards: [board] }));
  expect(chart.status).toBe(201);
  return { board, chart: chart.body.id as number };
}

it('GET /charts answers the charts with their form_data; /datasets the datasets with columns and metrics', async () => {
  const { board, chart } = await boardWithChart('Shown');
  const charts = await alice.get(`/api/v1/dashboard/${board}/charts`);
  expect(charts.status).toBe(200);
  expect(charts.body.result).toHaveLength(1);
  expect(charts.body.result[0]).toMatchObject({
    id: chart,
    slice_name: 'Cars by origin',
    form_data: { ...params, slice_id: chart, datasource: `${carsId}__table` },
  });
  const datasets = await alice.get(`/api/v1/dashboard/${board}/datasets`);
  expect(datasets.status).toBe(200);
  expect(datasets.body.result.map((d: { id: number }) => d.id)).toEqual([carsId]);
  expect(datasets.body.result[0].columns.map((c: { column_name: string }) => c.column_name)).toContain('origin');
  expect(datasets.body.result[0].metrics.map((m: { metric_name: string }) => m.metric_name)).toContain('count');
  // An unpublished dashboard's charts are its owners' business.
  expect((await bob.get(`/api/v1/dashboard/${board}/charts`)).status).toBe(404);
  expect((await bob.get(`/api/v1/dashboard/${board}/datasets`)).status).toBe(404);
  expect((await bob.get('/api/v1/dashboard/abc/charts')).status).toBe(400);
});

it('copies a dashboard with its layout; duplicate_slices copies the charts and points the layout at them', async () => {
  const { board, chart } = await boardWithChart('Original');
  await alice.put(`/api/v1/dashboard/${board}`, { published: true });
  const shared = await bob.post(`/api/v1/dashboard/${board}/copy/`, {
    dashboard_title: 'Bob copy',
    json_metadata: '{"color_scheme": "bnbColors"}',
    duplicate_slices: false,
  });
  expect(shared.status).toBe(200);
  const copyId = shared.body.result.id as number;
  const copy = (await bob.get(`/api/v1/dashboard/${copyId}`)).body.result;
  expect(copy).toMatchObject({
    dashboard_title: 'Bob copy',
    owners: [{ id: bob.userId }],
    published: false,
    chart_ids: [chart],
  });
  expect(JSON.parse(copy.json_metadata)).toEqual({ color_scheme: 'bnbColors' });
  expect(chartIdsIn(await layoutOf(bob, copyId))).toEqual([chart]);

  const deep = await bob.post(`/api/v1/dashboard/${board}/copy/`, {
    dashboard_title: 'Deep copy',
    json_metadata: {},
    duplicate_slices: true,
  });
  expect(deep.status).toBe(200);
  const deepLayout = await layoutOf(bob, deep.body.result.id);
  const [copied] = chartIdsIn(deepLayout);
  expect(copied).not.toBe(chart);
  const copiedChart = await bob.get(`/api/v1/chart/${copied}`);
  expect(copiedChart.body.result).toMatchObject({
    slice_name: 'Cars by origin',
    owners: [{ id: bob.userId }],
    form_data: { metrics: ['count'] },
  });
  // The original is untouched.
  expect(chartIdsIn(await layoutOf(alice, board))).toEqual([chart]);

  const hidden = (await alice.post('/api/v1/dashboard/', { dashboard_title: 'Hidden' })).body.id;
  expect((await bob.post(`/api/v1/dashboard/${hidden}/copy/`, { json_metadata: {} })).status).toBe(404);
  expect((await bob.post(`/api/v1/dashboard/${board}/copy/`, { json_metadata: '[1]' })).status).toBe(400);
  expect((await bob.post(`/api/v1/dashboard/${board}/copy/`, { json_metadata: { bogus: 1 } })).status).toBe(400);
});

it('a copy with duplicate_slices points every chart id in json_metadata at the copies', async () => {
  const { board, chart: first } = await boardWithChart('Cross-filtered');
  const second = (await alice.post('/api/v1/chart/', newChart({ slice_name: 'Second', dashboards: [board] }))).body
    .id as number;
  const scope = (excluded: number[]) => ({ rootPath: ['ROOT_ID'], excluded });
  const metadata = (a: number, b: number) => ({
    chart_configuration: {
      [a]: { id: a, crossFilters: { scope: scope([b]), chartsInScope: [] } },
      [b]: { id: b, crossFilters: { scope: 'global', chartsInScope: [a] } },
    },
    global_chart_configuration: { scope: scope([a]), chartsInScope: [b] },
    native_filter_configuration: [
      { ...selectFilter('NATIVE_FILTER-copy', 'Origin'), scope: scope([b]), chartsInScope: [a] },
    ],
    timed_refresh_immune_slices: [a],
    expanded_slices: { [b]: true },
    filter_scopes: { [a]: { origin: { scope: ['ROOT_ID'], immune: [b] } } },
  });
  const copied = await alice.post(`/api/v1/dashboard/${board}/copy/`, {
    dashboard_title: 'Copied',
    json_metadata: JSON.stringify(metadata(first, second)),
    duplicate_slices: true,
  });
  expect(copied.status).toBe(200);
  const copy = (await alice.get(`/api/v1/dashboard/${copied.body.result.id}`)).body.result;
  const charts = (await alice.get(`/api/v1/dashboard/${copy.id}/charts`)).body.result as {
    id: number;
    slice_name: string;
  }[];
  const idOf = (name: string) => charts.find((c) => c.slice_name === name)!.id;
  const [a, b] = [idOf('Cars by origin'), idOf('Second')];
  expect([a, b].some((id) => id === first || id === second)).toBe(false);
  expect(JSON.parse(copy.json_metadata)).toMatchObject(metadata(a, b));
  expect(chartIdsIn(await layoutOf(alice, copy.id))).toEqual([a, b].sort());
  // Without duplicate_slices the copy shares the charts, so the ids stay.
  const shared = await alice.post(`/api/v1/dashboard/${board}/copy/`, {
    json_metadata: metadata(first, second),
    duplicate_slices: false,
  });
  expect(shared.status).toBe(200);
  expect(
    JSON.parse((await alice.get(`/api/v1/dashboard/${shared.body.result.id}`)).body.result.json_metadata),
  ).toMatchObject(metadata(first, second));
});

it('PUT /filters applies added, modified, deleted and reordered, refusing what the domain refuses', async () => {
  const { board } = await boardWithChart('Filtered');
  const a = selectFilter('NATIVE_FILTER-a', 'Origin');
  const b = selectFilter('NATIVE_FILTER-b', 'Origin again');
  const added = await alice.put(`/api/v1/dashboard/${board}/filters`, { added: [a, b] });
  expect(added.status).toBe(200);
  expect(added.body.result.map((f: { id: string }) => f.id)).toEqual(['NATIVE_FILTER-a', 'NATIVE_FILTER-b']);

  const changed = await alice.put(`/api/v1/dashboard/${board}/filters`, {
    modified: [{ ...a, name: 'Country' }],
    reordered: ['NATIVE_FILTER-b', 'NATIVE_FILTER-a'],
  });
  expect(changed.status).toBe(200);
  const stored = JSON.parse(
    (await alice.get(`/api/v1/dashboard/${board}`)).body.result.json_metadata as string,
  ).native_filter_configuration;
  expect(stored.map((f: { id: string; name: string }) => [f.id, f.name])).toEqual([
    ['NATIVE_FILTER-b', 'Origin again'],
    ['NATIVE_FILTER-a', 'Country'],
  ]);
  expect(
    (await alice.put(`/api/v1/dashboard/${board}/filters`, { deleted: ['NATIVE_FILTER-b'] })).body.result.map(
      (f: { id: string }) => f.id,
    ),
  ).toEqual(['NATIVE_FILTER-a']);

  // The domain's validation: a select filter needs a name and a column; parents must exist.
  const nameless = await alice.put(`/api/v1/dashboard/${board}/filters`, {
    added: [selectFilter('NATIVE_FILTER-c', ' ')],
  });
  expect(nameless.status).toBe(422);
  expect(nameless.body.errors[0].message).toContain('Name is required');
  const orphan = await alice.put(`/api/v1/dashboard/${board}/filters`, {
    added: [{ ...selectFilter('NATIVE_FILTER-d', 'Child'), cascadeParentIds: ['NATIVE_FILTER-zzz'] }],
  });
  expect(orphan.status).toBe(422);
  expect((await alice.put(`/api/v1/dashboard/${board}/filters`, { deleted: ['NATIVE_FILTER-gone'] })).status).toBe(404);
  expect((await alice.put(`/api/v1/dashboard/${board}/filters`, { added: [{ id: 'oops' }] })).status).toBe(400);
  expect((await alice.put(`/api/v1/dashboard/${board}/filters`, { added: [a] })).status).toBe(400); // already there
  expect((await bob.put(`/api/v1/dashboard/${board}/filters`, { deleted: ['NATIVE_FILTER-a'] })).status).toBe(403);
  const version = (await alice.get(`/api/v1/dashboard/${board}`)).body.result.version as number;
  expect(
    (await alice.put(`/api/v1/dashboard/${board}/filters`, { deleted: ['NATIVE_FILTER-a'], version: version - 1 }))
      .status,
  ).toBe(409);
  const saved = await alice.put(`/api/v1/dashboard/${board}/filters`, { deleted: ['NATIVE_FILTER-a'], version });
  expect(saved.status).toBe(200);
  // The answer carries the new version, so the writer's next save is not refused as stale.
  const after = (await alice.get(`/api/v1/dashboard/${board}`)).body.result as {
    version: number;
    last_modified_time: number;
  };
  expect(saved.body).toMatchObject({ version: after.version, last_modified_time: after.last_modified_time });
  expect(after.version).toBeGreaterThan(version);
  expect(
    (await alice.put(`/api/v1/dashboard/${board}/filters`, { added: [a], version: saved.body.version })).status,
  ).toBe(200);
});

it('a chart saved onto a dashboard while its draft is open reaches the draft; the next draft save keeps it; removal too', async () => {
  const board = (await alice.post('/api/v1/dashboard/', { dashboard_title: 'Being edited' })).body.id as number;
  // Someone opens the edit session (the draft starts at the saved layout).
  const draft = await alice.get(`/api/v1/dashboard/${board}/draft`);
  expect(draft.status).toBe(200);

  const chart = (
    await alice.post('/api/v1/chart/', newChart({ slice_name: 'Added while editing', dashboards: [board] }))
  ).body.id as number;
  const opened = (await alice.get(`/api/v1/dashboard/${board}/draft`)).body.result;
  const draftLayout = (
    typeof opened.position_json === 'string' ? JSON.parse(opened.position_json) : opened.position_json
  ) as LayoutJson;
  expect(chartIdsIn(draftLayout)).toEqual([chart]);
  // The carried chart is nobody's undo step.
  const draftEvents = await t.app.get(EventStore).readStream(`dashboard-draft:${board}`);
  expect(draftEvents.at(-1)).toMatchObject({ type: 'dashboard/componentCreated', meta: { undoable: false } });

  const saved = await alice.post(`/api/v1/dashboard/${board}/draft/save`, {});
  expect(saved.status).toBe(200);
  const layout = await layoutOf(alice, board);
  expect(chartIdsIn(layout)).toEqual([chart]);
  expect(layout[GRID_ID].children).toHaveLength(1);
  expect((await alice.get(`/api/v1/dashboard/${board}`)).body.result.chart_ids).toEqual([chart]);

  // Taking the chart off the dashboard from the chart's save takes it off the draft too.
  expect((await alice.put(`/api/v1/chart/${chart}`, { dashboards: [] })).status).toBe(200);
  const afterRemoval = (await alice.get(`/api/v1/dashboard/${board}/draft`)).body.result;
  const removedLayout = (
    typeof afterRemoval.position_json === 'string' ? JSON.parse(afterRemoval.position_json) : afterRemoval.position_json
  ) as LayoutJson;
  expect(chartIdsIn(removedLayout)).toEqual([]);
  expect((await alice.post(`/api/v1/dashboard/${board}/draft/save`, {})).status).toBe(200);
  expect(chartIdsIn(await layoutOf(alice, board))).toEqual([]);
  expect((await alice.get(`/api/v1/dashboard/${board}`)).body.result.chart_ids).toEqual([]);
});

it('an editor in the session sees the carried chart live, and their undo takes back their own edit, not the chart', async () => {
  const board = (await alice.post('/api/v1/dashboard/', { dashboard_title: 'Live carry' })).body.id as number;
  const stream = `dashboard-draft:${board}`;
  const socket = await connect(t.url, {
    token: await t.app.get(ApiTokens).accessToken(alice.userId),
    sessionId: 'alice-tab',
  });
  try {
    socket.send({ type: 'subscribe', protocolVersion: PROTOCOL_VERSION, stream, fromVersion: 0 });
    await socket.next((m: ServerMessage) => m.type === 'subscribed');
    type Ack = Extract<ServerMessage, { type: 'ack' }>;
    const send = async (clientSeq: number, type: string, data: unknown) => {
      socket.send({
        type: 'command',
        stream,
        clientSeq,
        commandId: `c-${clientSeq}`,
        batchId: `b-${clientSeq}`,
        command: { type, data },
      });
      return socket.next<Ack>((m) => m.type === 'ack' && m.clientSeq === clientSeq);
    };
    const markdown = {
      id: 'MARKDOWN-mine',
      componentType: 'MARKDOWN',
      destination: { parentId: GRID_ID, index: 0 },
      rowId: 'ROW-mine',
    };
    expect(await send(1, 'CreateComponent', markdown)).toMatchObject({ result: 'committed' });

    const chart = (await alice.post('/api/v1/chart/', newChart({ slice_name: 'Live chart', dashboards: [board] }))).body
      .id as number;
    const pushed = await socket.next<Extract<ServerMessage, { type: 'events' }>>(
      (m) =>
        m.type === 'events' &&
        m.events.some(
          (e) =>
            e.type === 'dashboard/componentCreated' &&
            (e.data as { component: { meta: { chartId?: number } } }).component.meta.chartId === chart,
        ),
    );
    expect(pushed.stream).toBe(stream);

    // alice's undo takes back her markdown; the chart the save flow carried in is nobody's undo step.
    expect(await send(2, 'Undo', {})).toMatchObject({ result: 'committed' });
    expect(await send(3, 'Undo', {})).toMatchObject({ result: 'rejected' });
    const draft = (await alice.get(`/api/v1/dashboard/${board}/draft`)).body.result;
    const layout = (
      typeof draft.position_json === 'string' ? JSON.parse(draft.position_json) : draft.position_json
    ) as LayoutJson;
    expect(layout['MARKDOWN-mine']).toBeUndefined();
    expect(chartIdsIn(layout)).toEqual([chart]);
  } finally {
    socket.close();
  }
});

describe('issue 12: a chart saved onto a dashboard goes into the first row with room, 4 wide, or a new row', () => {
  type Placed = Record<string, { type: string; children: string[]; meta: { chartId?: number; width?: number } }>;
  const draftLayoutOf = async (board: number) => {
    const draft = (await alice.get(`/api/v1/dashboard/${board}/draft`)).body.result;
    return (typeof draft.position_json === 'string' ? JSON.parse(draft.position_json) : draft.position_json) as Placed;
  };
  /** Each row of the grid or tab as the chart ids it holds, with their widths. */
  const rowsIn = (layout: Placed, parentId: string) =>
    layout[parentId]!.children.map((rowId) =>
      layout[rowId]!.children.map((id) => `${layout[id]!.meta.chartId}:${layout[id]!.meta.width}`),
    );
  const saveChart = async (board: number, name: string) =>
    (await alice.post('/api/v1/chart/', newChart({ slice_name: name, dashboards: [board] }))).body.id as number;

  it('an empty dashboard gets a row; the next charts share it while 4 columns are left; then a new row', async () => {
    const board = (await alice.post('/api/v1/dashboard/', { dashboard_title: 'Placed' })).body.id as number;
    const charts: number[] = [];
    for (const name of ['One', 'Two', 'Three', 'Four']) charts.push(await saveChart(board, name));
    const [one, two, three, four] = charts;
    expect(rowsIn(await layoutOf(alice, board), GRID_ID)).toEqual([
      [`${one}:4`, `${two}:4`, `${three}:4`],
      [`${four}:4`],
    ]);
    expect((await alice.get(`/api/v1/dashboard/${board}`)).body.result.chart_ids).toEqual(charts);
  });

  it('with top-level tabs, the saved layout and the open draft both get it in the first tab’s row with room', async () => {
    const board = (await alice.post('/api/v1/dashboard/', { dashboard_title: 'Tabbed' })).body.id as number;
    const first = await saveChart(board, 'Before tabs');
    const stream = `dashboard-draft:${board}`;
    const socket = await connect(t.url, {
      token: await t.app.get(ApiTokens).accessToken(alice.userId),
      sessionId: 'alice-tabs',
    });
    try {
      socket.send({ type: 'subscribe', protocolVersion: PROTOCOL_VERSION, stream, fromVersion: 0 });
      await socket.next((m: ServerMessage) => m.type === 'subscribed');
      socket.send({
        type: 'command',
        stream,
        clientSeq: 1,
        commandId: 'tabs-1',
        batchId: 'tabs-b1',
        command: { type: 'ConvertToTopLevelTabs', data: { tabsId: 'TABS-top', tabId: 'TAB-first' } },
      });
      const ack = await socket.next<Extract<ServerMessage, { type: 'ack' }>>((m) => m.type === 'ack');
      expect(ack).toMatchObject({ result: 'committed' });
      expect((await alice.post(`/api/v1/dashboard/${board}/draft/save`, {})).status).toBe(200);
      // A second tab after the first: the chart must not go there.
      const second = await saveChart(board, 'Into the first tab');
      const saved = await layoutOf(alice, board);
      expect(saved.ROOT_ID!.children).toEqual(['TABS-top']);
      expect(rowsIn(saved, 'TAB-first')).toEqual([[`${first}:4`, `${second}:4`]]);
      expect(rowsIn(await draftLayoutOf(board), 'TAB-first')).toEqual([[`${first}:4`, `${second}:4`]]);
    } finally {
      socket.close();
    }
  });
});
