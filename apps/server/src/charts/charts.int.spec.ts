/**
 * Charts, their dashboards, favourites and Explore permalinks over real HTTP on a real PostgreSQL: the
 * save flow of the spec (save a new chart onto a new dashboard, overwrite, add to an existing one),
 * permissions (add needs can_write on Chart, overwrite needs ownership), and read models that equal a
 * rebuild from the events.
 */
import { createRequire } from 'node:module';
import { DataSource } from 'typeorm';
import { EventStore } from '../event-store/event-store.port';
import { userClient, type ApiClient } from '../sqllab/bootstrap/rest-testing';
import type { AuthTestApp } from '../testing/auth-test-app';
import {
  createChartTestApp,
  loadExampleTables,
  registerExamples,
  type ExamplesFixture,
} from '../chart-data/testing/chart-test-app';
import { DashboardsModule } from '../dashboards/dashboards.module';
import { ExploreModule } from '../explore/explore.module';
import { ChartsModule } from './charts.module';

// rison ships no types; only `encode` is used.
const rison = createRequire(__filename)('rison') as { encode(value: unknown): string };
const q = (value: unknown) => encodeURIComponent(rison.encode(value));

describe('/api/v1/chart/, /api/v1/dashboard/ and /api/v1/explore/ (real HTTP, real PostgreSQL)', () => {
  let fixture: ExamplesFixture;
  let t: AuthTestApp;
  let alice: ApiClient;
  let bob: ApiClient;
  let admin: ApiClient;
  let carsId: number;

  const params = {
    viz_type: 'echarts_timeseries_bar',
    metrics: ['count'],
    groupby: ['origin'],
    row_limit: 1000,
    time_range: 'No filter',
  };
  const newChart = (over: Record<string, unknown> = {}) => ({
    slice_name: 'Cars by origin',
    viz_type: 'echarts_timeseries_bar',
    datasource_id: carsId,
    datasource_type: 'table',
    params: JSON.stringify({ ...params, datasource: `${carsId}__table` }),
    query_context: JSON.stringify({
      datasource: { id: carsId, type: 'table' },
      queries: [{ columns: ['origin'], metrics: ['count'] }],
    }),
    ...over,
  });

  beforeAll(async () => {
    fixture = await loadExampleTables(['cars']);
    t = await createChartTestApp([DashboardsModule, ChartsModule, ExploreModule]);
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

  it('saves a new chart onto a new dashboard: the dashboard exists and its layout holds a ROW with the CHART', async () => {
    const dashboard = await alice.post('/api/v1/dashboard/', { dashboard_title: 'Cars overview' });
    expect(dashboard.status).toBe(201);
    const dashboardId = dashboard.body.id;
    const created = await alice.post('/api/v1/chart/', newChart({ dashboards: [dashboardId] }));
    expect(created.status).toBe(201);
    const chartId = created.body.id;
    expect(created.body.result).toMatchObject({
      changed_on_delta_humanized: 'a few seconds ago',
      slice_name: 'Cars by origin',
      owners: [{ id: alice.userId }],
      dashboards: [{ id: dashboardId, dashboard_title: 'Cars overview' }],
    });

    const got = await bob.get(`/api/v1/dashboard/${dashboardId}`);
    expect(got.status).toBe(404); // a draft is its owners' until published
    const mine = await alice.get(`/api/v1/dashboard/${dashboardId}`);
    expect(mine.status).toBe(200);
    const layout = JSON.parse(mine.body.result.position_json);
    const grid = layout.GRID_ID;
    expect(grid.children).toHaveLength(1);
    const row = layout[grid.children[0]];
    expect(row).toMatchObject({ type: 'ROW', parents: ['ROOT_ID', 'GRID_ID'] });
    expect(layout[row.children[0]]).toMatchObject({
      type: 'CHART',
      meta: { chartId, sliceName: 'Cars by origin', width: 4, height: 50 },
    });
    expect(mine.body.result).toMatchObject({
      dashboard_title: 'Cars overview',
      charts: ['Cars by origin'],
      owners: [{ id: alice.userId }],
    });

    const chart = await alice.get(`/api/v1/chart/${chartId}`);
    expect(chart.body.result.dashboards).toEqual([{ id: dashboardId, dashboard_title: 'Cars overview' }]);
    expect(chart.body.result.form_data).toMatchObject({ ...params, slice_id: chartId });
    const events = await t.app.get(EventStore).readStream(`dashboard:${dashboardId}`);
    expect(events.map((e) => e.type)).toEqual(['dashboard/dashboardCreated', 'dashboard/chartAdded']);
  });

  it('overwriting needs ownership; adding needs can_write on Chart; an unknown dataset or dashboard is refused', async () => {
    const created = await alice.post('/api/v1/chart/', newChart({ slice_name: 'Alice only' }));
    const id = created.body.id;
    const denied = await bob.put(`/api/v1/chart/${id}`, { slice_name: 'Bob was here' });
    expect(denied.status).toBe(403);
    expect(denied.body.errors[0]).toMatchObject({
      error_type: 'MISSING_OWNERSHIP_ERROR',
      message: 'Changing this chart is forbidden',
    });
    expect((await bob.delete(`/api/v1/chart/${id}`)).status).toBe(403);
    const renamed = await alice.put(`/api/v1/chart/${id}`, {
      slice_name: 'Alice renamed',
      params: JSON.stringify({ ...params, row_limit: 50 }),
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.result).toMatchObject({ slice_name: 'Alice renamed', form_data: { row_limit: 50 } });
    expect((await admin.put(`/api/v1/chart/${id}`, { description: 'by an admin' })).status).toBe(200);

    const sqlLab = await userClient(t, ['sql_lab']);
    expect((await sqlLab.post('/api/v1/chart/', newChart())).status).toBe(403);
    expect((await alice.post('/api/v1/chart/', newChart({ datasource_id: 999999 }))).status).toBe(422);
    expect((await alice.post('/api/v1/chart/', newChart({ dashboards: [999999] }))).status).toBe(404);
    expect((await alice.post('/api/v1/chart/', newChart({ owners: [999999] }))).status).toBe(422);
    expect((await alice.post('/api/v1/dashboard/', { dashboard_title: 'x', owners: [999999] })).status).toBe(422);
    const bobs = (await bob.post('/api/v1/dashboard/', { dashboard_title: 'Bob board' })).body.id;
    expect((await alice.post('/api/v1/chart/', newChart({ dashboards: [bobs] }))).status).toBe(403);
    for (const body of [
      {},
      newChart({ slice_name: '' }),
      newChart({ params: '{not json' }),
      newChart({ unknown_field: 1 }),
      newChart({ datasource_id: 'x' }),
    ]) {
      const res = await alice.post('/api/v1/chart/', body);
      expect([res.status, res.body.errors?.[0]?.error_type]).toEqual([expect.any(Number), expect.any(String)]);
      expect(res.status === 400 || res.status === 422).toBe(true);
    }
  });

  it('adds an existing chart to an existing dashboard and takes it off again', async () => {
    const board = (await alice.post('/api/v1/dashboard/', { dashboard_title: 'Second board', published: true })).body
      .id;
    const chartId = (await alice.post('/api/v1/chart/', newChart({ slice_name: 'Movable' }))).body.id;
    expect((await alice.put(`/api/v1/chart/${chartId}`, { dashboards: [board] })).body.result.dashboards).toEqual([
      { id: board, dashboard_title: 'Second board' },
    ]);
    expect((await bob.get(`/api/v1/dashboard/${board}`)).body.result.charts).toEqual(['Movable']); // published: everyone reads it
    expect((await alice.put(`/api/v1/chart/${chartId}`, { dashboards: [] })).body.result.dashboards).toEqual([]);
    const layout = JSON.parse((await alice.get(`/api/v1/dashboard/${board}`)).body.result.position_json);
    expect(layout.GRID_ID.children).toEqual([]);
    expect(Object.values(layout).filter((c) => (c as { type?: string }).type === 'ROW')).toEqual([]);
  });

  it('lists charts with rison filters on name and owners, ordering and a page size up to 200', async () => {
    await bob.post('/api/v1/chart/', newChart({ slice_name: 'Zeta by Bob' }));
    const byName = await alice.get(
      `/api/v1/chart/?q=${q({ filters: [{ col: 'slice_name', opr: 'ct', value: 'zeta' }] })}`,
    );
    expect(byName.status).toBe(200);
    expect(byName.body.result.map((c: { slice_name: string }) => c.slice_name)).toEqual(['Zeta by Bob']);
    const mine = await alice.get(
      `/api/v1/chart/?q=${q({ filters: [{ col: 'owners', opr: 'rel_m_m', value: alice.userId }], order_column: 'slice_name', order_direction: 'asc', page_size: 200 })}`,
    );
    const names = mine.body.result.map((c: { slice_name: string }) => c.slice_name);
    expect(names).toEqual([...names].sort());
    expect(names).not.toContain('Zeta by Bob');
    expect(mine.body.count).toBe(names.length);
    expect((await alice.get(`/api/v1/chart/?q=${q({ page_size: 201 })}`)).status).toBe(400);
    expect((await alice.get('/api/v1/chart/?q=(bad')).status).toBe(400);
    const dashboards = await alice.get(
      `/api/v1/dashboard/?q=${q({ filters: [{ col: 'dashboard_title', opr: 'ct', value: 'board' }], order_column: 'dashboard_title', order_direction: 'asc' })}`,
    );
    expect(dashboards.body.result.map((d: { dashboard_title: string }) => d.dashboard_title)).toEqual(['Second board']);
  });

  it('stars and unstars a chart; favorite_status answers per id', async () => {
    const id = (await alice.post('/api/v1/chart/', newChart({ slice_name: 'Starred' }))).body.id;
    expect((await bob.post(`/api/v1/chart/${id}/favorites/`)).status).toBe(200);
    expect((await bob.post(`/api/v1/chart/${id}/favorites/`)).status).toBe(200);
    const status = await bob.get(`/api/v1/chart/favorite_status/?q=${q([id, 999999])}`);
    expect(status.body.result).toEqual([
      { id, value: true },
      { id: 999999, value: false },
    ]);
    expect((await alice.get(`/api/v1/chart/favorite_status/?q=${q([id])}`)).body.result).toEqual([
      { id, value: false },
    ]);
    expect((await bob.delete(`/api/v1/chart/${id}/favorites/`)).status).toBe(200);
    expect((await bob.get(`/api/v1/chart/favorite_status/?q=${q([id])}`)).body.result).toEqual([{ id, value: false }]);
    expect((await bob.post('/api/v1/chart/999999/favorites/')).status).toBe(404);
  });

  it('stores Explore permalinks and bootstraps Explore from a chart, a dataset or a permalink', async () => {
    const formData = { ...params, datasource: `${carsId}__table` };
    const link = await alice.post('/api/v1/explore/permalink', { formData, urlParams: [['standalone', '1']] });
    expect(link.status).toBe(201);
    expect(link.body.url).toBe(`${t.url}/explore/p/${link.body.key}/`); // absolute (issue 16)
    expect((await bob.get(`/api/v1/explore/permalink/${link.body.key}`)).body).toEqual({
      state: { formData, urlParams: [['standalone', '1']] },
    });
    expect((await bob.get('/api/v1/explore/permalink/nope-nope-nope-nope-nope')).status).toBe(404);
    expect((await alice.post('/api/v1/explore/permalink', { formData: {} })).status).toBe(400);

    const fromDataset = await alice.get(`/api/v1/explore/?datasource_id=${carsId}&datasource_type=table`);
    expect(fromDataset.body.result).toMatchObject({
      dataset: { id: carsId, table_name: 'cars' },
      form_data: { viz_type: 'table', row_limit: 1000, time_range: 'No filter', datasource: `${carsId}__table` },
      slice: null,
    });
    const chartId = (await alice.post('/api/v1/chart/', newChart({ slice_name: 'Reopened' }))).body.id;
    const fromChart = await alice.get(`/api/v1/explore/?slice_id=${chartId}`);
    expect(fromChart.body.result).toMatchObject({
      form_data: { ...params, slice_id: chartId },
      slice: { id: chartId, slice_name: 'Reopened' },
    });
    const fromLink = await alice.get(`/api/v1/explore/?permalink_key=${link.body.key}`);
    expect(fromLink.body.result.form_data).toMatchObject(formData);
    const gamma = await userClient(t, ['Gamma']);
    expect((await gamma.get(`/api/v1/explore/?slice_id=${chartId}`)).status).toBe(404);
  });

  it('PUT changes only the fields it is sent: the rest of the chart stays as it was', async () => {
    const created = await alice.post(
      '/api/v1/chart/',
      newChart({
        slice_name: 'Partial',
        description: 'About cars',
        cache_timeout: 600,
        certified_by: 'Data team',
        certification_details: 'Checked',
      }),
    );
    const id = created.body.id as number;
    const fields = async () => {
      const r = (await alice.get(`/api/v1/chart/${id}`)).body.result;
      return {
        slice_name: r.slice_name,
        viz_type: r.viz_type,
        params: r.params,
        query_context: r.query_context,
        description: r.description,
        cache_timeout: r.cache_timeout,
        certified_by: r.certified_by,
        certification_details: r.certification_details,
        datasource_id: r.datasource_id,
        owners: r.owners.map((o: { id: number }) => o.id).sort(),
      };
    };
    let expected = await fields();
    expect(expected).toMatchObject({
      slice_name: 'Partial',
      description: 'About cars',
      cache_timeout: 600,
      certified_by: 'Data team',
      owners: [alice.userId],
    });
    const otherParams = JSON.stringify({ ...params, row_limit: 10, datasource: `${carsId}__table` });
    const bodies: Record<string, unknown>[] = [
      { slice_name: 'Renamed' },
      { description: null },
      { cache_timeout: 0 },
      { params: otherParams },
      { owners: [alice.userId, bob.userId] },
      { certification_details: 'Rechecked' },
      { viz_type: 'pie' },
    ];
    for (const body of bodies) {
      const res = await alice.put(`/api/v1/chart/${id}`, body);
      expect([res.status, body]).toEqual([200, body]);
      expected = {
        ...expected,
        ...body,
        ...(Array.isArray(body.owners) ? { owners: [...(body.owners as number[])].sort() } : {}),
      };
      expect([await fields(), body]).toEqual([expected, body]);
    }
  });

  it('gives an Explore permalink only to users who may read its dataset, in the error shape otherwise', async () => {
    const byDataset = await alice.post('/api/v1/explore/permalink', {
      formData: { ...params, datasource: `${carsId}__table` },
    });
    const chartId = (await alice.post('/api/v1/chart/', newChart({ slice_name: 'Linked' }))).body.id as number;
    const byChart = await alice.post('/api/v1/explore/permalink', { formData: { ...params, slice_id: chartId } });
    const gamma = await userClient(t, ['Gamma']);
    for (const key of [byDataset.body.key, byChart.body.key]) {
      expect((await bob.get(`/api/v1/explore/permalink/${key}`)).status).toBe(200);
      const refused = await gamma.get(`/api/v1/explore/permalink/${key}`);
      expect([refused.status, refused.body.errors?.[0]?.error_type, refused.body.state]).toEqual([
        404,
        'OBJECT_DOES_NOT_EXIST_ERROR',
        undefined,
      ]);
    }
  });

  it('keeps Explore form data under a key for its creator; others with the dataset can read it', async () => {
    const form_data = JSON.stringify({ viz_type: 'table', datasource: `${carsId}__table`, metrics: ['count'] });
    const created = await alice.post('/api/v1/explore/form_data', {
      datasource_id: carsId,
      datasource_type: 'table',
      form_data,
    });
    expect(created.status).toBe(201);
    expect((await bob.get(`/api/v1/explore/form_data/${created.body.key}`)).body).toEqual({ form_data });
    const changed = JSON.stringify({ viz_type: 'pie', datasource: `${carsId}__table` });
    expect(
      (await bob.put(`/api/v1/explore/form_data/${created.body.key}`, { datasource_id: carsId, form_data: changed }))
        .status,
    ).toBe(403);
    expect(
      (await alice.put(`/api/v1/explore/form_data/${created.body.key}`, { datasource_id: carsId, form_data: changed }))
        .status,
    ).toBe(200);
    expect((await alice.get(`/api/v1/explore/form_data/${created.body.key}`)).body).toEqual({ form_data: changed });
    expect((await alice.post('/api/v1/explore/form_data', { datasource_id: carsId, form_data: '[1]' })).status).toBe(
      400,
    );
    expect((await alice.get('/api/v1/explore/form_data/missing-missing-missing')).status).toBe(404);
    const gamma = await userClient(t, ['Gamma']);
    expect((await gamma.get(`/api/v1/explore/form_data/${created.body.key}`)).status).toBe(404);
  });

  it('PUT of Explore form data changes only the fields it is sent: the chart and dataset it belongs to stay', async () => {
    const chartId = (await alice.post('/api/v1/chart/', newChart({ slice_name: 'Form data owner' }))).body.id as number;
    const form_data = JSON.stringify({ viz_type: 'table', datasource: `${carsId}__table` });
    const created = await alice.post('/api/v1/explore/form_data', {
      datasource_id: carsId,
      datasource_type: 'table',
      chart_id: chartId,
      form_data,
    });
    const key = created.body.key as string;
    const stored = async () =>
      (
        (await t.app
          .get(DataSource)
          .query(`SELECT value FROM key_value WHERE resource = 'explore_form_data' AND key = $1`, [key])) as {
          value: Record<string, unknown>;
        }[]
      )[0]!.value;
    const before = await stored();
    expect(before).toMatchObject({ datasource_id: carsId, chart_id: chartId, form_data });
    const changed = JSON.stringify({ viz_type: 'pie', datasource: `${carsId}__table` });
    expect((await alice.put(`/api/v1/explore/form_data/${key}`, { form_data: changed })).status).toBe(200);
    expect(await stored()).toEqual({ ...before, form_data: changed });
    expect((await alice.get(`/api/v1/explore/form_data/${key}`)).body).toEqual({ form_data: changed });
  });

  it('deleting a chart takes it off its dashboards; read models equal a rebuild from the log', async () => {
    const board = (await alice.post('/api/v1/dashboard/', { dashboard_title: 'Doomed chart board' })).body.id;
    const id = (await alice.post('/api/v1/chart/', newChart({ slice_name: 'Doomed', dashboards: [board] }))).body.id;
    expect((await admin.delete(`/api/v1/dataset/${carsId}`)).status).toBe(422); // charts use it
    expect((await alice.delete(`/api/v1/chart/${id}`)).status).toBe(200);
    expect((await alice.get(`/api/v1/chart/${id}`)).status).toBe(404);
    expect((await alice.get(`/api/v1/dashboard/${board}`)).body.result.charts).toEqual([]);

    const ds = t.app.get(DataSource);
    const snapshot = async () => [
      await ds.query('SELECT * FROM charts ORDER BY id'),
      await ds.query('SELECT chart_id, user_id FROM chart_favorites ORDER BY 1, 2'),
      await ds.query('SELECT * FROM dashboards ORDER BY id'),
      await ds.query('SELECT * FROM dashboard_slices ORDER BY 1, 2'),
    ];
    const live = await snapshot();
    const store = t.app.get(EventStore);
    await store.rebuild('charts');
    await store.rebuild('dashboards');
    expect(await snapshot()).toEqual(live);
  });
});
