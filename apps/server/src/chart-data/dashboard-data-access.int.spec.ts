/**
 * Chart data requested from a dashboard under DASHBOARD_RBAC (charts-dashboards-reports §6, REFERENCE §6.2), over real HTTP on
 * a real PostgreSQL with the examples' cars table: a viewer of the dashboard loads the data of the charts
 * on it without access to their dataset; a chart not on that dashboard, or a dashboard the user may not
 * view, is refused with 403; without the flag the dashboard grants nothing.
 */
import { ChartsModule } from '../charts/charts.module';
import { DashboardsModule } from '../dashboards/dashboards.module';
import { userClient, type ApiClient } from '../sqllab/bootstrap/rest-testing';
import type { AuthTestApp } from '../testing/auth-test-app';
import {
  createChartTestApp,
  loadExampleTables,
  registerExamples,
  type ExamplesFixture,
} from './testing/chart-test-app';

const params = (datasetId: number) =>
  JSON.stringify({
    viz_type: 'table',
    datasource: `${datasetId}__table`,
    metrics: ['count'],
    groupby: ['origin'],
    row_limit: 100,
  });

interface Setup {
  t: AuthTestApp;
  admin: ApiClient;
  gamma: ApiClient;
  carsId: number;
  /** Published, viewable by Gamma, holding `onIt`. */
  dashboardId: number;
  /** Published, for Alpha only, holding `onIt` too. */
  alphaDashboardId: number;
  onIt: number;
  /** A chart on the same dataset that is on no dashboard. */
  offIt: number;
}

async function setUp(fixture: ExamplesFixture, rbac: boolean): Promise<Setup> {
  const t = await createChartTestApp([DashboardsModule, ChartsModule], { featureFlags: { DASHBOARD_RBAC: rbac } });
  const admin = await userClient(t, ['Admin']);
  const gamma = await userClient(t, ['Gamma']);
  const databaseId = await registerExamples(t, fixture);
  const carsId = (await admin.post('/api/v1/dataset/', { database: databaseId, schema: 'public', table_name: 'cars' }))
    .body.id as number;
  const dashboard = async (roles: string[]) => {
    const created = await admin.post('/api/v1/dashboard/', {
      dashboard_title: `For ${roles.join()}`,
      ...(rbac ? { roles } : {}),
    });
    expect(created.status).toBe(201);
    expect((await admin.put(`/api/v1/dashboard/${created.body.id}`, { published: true })).status).toBe(200);
    return created.body.id as number;
  };
  const dashboardId = await dashboard(['Gamma']);
  const alphaDashboardId = await dashboard(['Alpha']);
  const chart = async (name: string, dashboards: number[]) => {
    const created = await admin.post('/api/v1/chart/', {
      slice_name: name,
      viz_type: 'table',
      datasource_id: carsId,
      datasource_type: 'table',
      params: params(carsId),
      dashboards,
    });
    expect(created.status).toBe(201);
    return created.body.id as number;
  };
  const onIt = await chart('On the dashboards', [dashboardId, alphaDashboardId]);
  const offIt = await chart('On no dashboard', []);
  return { t, admin, gamma, carsId, dashboardId, alphaDashboardId, onIt, offIt };
}

const chartData = (s: Setup, formData: Record<string, unknown> | null) =>
  s.gamma.post('/api/v1/chart/data', {
    datasource: { id: s.carsId, type: 'table' },
    queries: [{ columns: ['origin'], metrics: ['count'], orderby: [['origin', true]], row_limit: 100 }],
    ...(formData ? { form_data: formData } : {}),
  });

describe('chart data from a dashboard', () => {
  let fixture: ExamplesFixture;
  beforeAll(async () => {
    fixture = await loadExampleTables(['cars']);
  }, 300_000);
  afterAll(async () => {
    await fixture?.close();
  });

  describe('with DASHBOARD_RBAC on', () => {
    let s: Setup;
    beforeAll(async () => {
      s = await setUp(fixture, true);
    }, 120_000);
    afterAll(async () => {
      await s?.t.close();
    });

    it("gives a viewer of the dashboard the data of a chart on it, though the chart's dataset is not theirs", async () => {
      // Gamma has no access to the examples database: alone, the dataset is not found for them.
      expect((await chartData(s, null)).status).toBe(404);
      const res = await chartData(s, { slice_id: s.onIt, dashboardId: s.dashboardId });
      expect(res.status).toBe(200);
      // The chart's own query: count by origin, largest first (a table orders by its metric).
      const expected = await fixture.query<{ origin: string; n: number }>(
        'SELECT origin, count(*)::int AS n FROM cars GROUP BY origin ORDER BY n DESC',
      );
      expect(res.body.result[0].data.map((r: Record<string, unknown>) => [r.origin, Number(r.count)])).toEqual(
        expected.map((e) => [e.origin, e.n]),
      );
    });

    it("runs the chart's saved query, never the request's own columns, metrics or row limit", async () => {
      const res = await s.gamma.post('/api/v1/chart/data', {
        datasource: { id: s.carsId, type: 'table' },
        queries: [{ columns: ['name', 'horsepower'], metrics: [], row_limit: 100_000, extras: { where: 'true' } }],
        form_data: { slice_id: s.onIt, dashboardId: s.dashboardId },
      });
      expect(res.status).toBe(200);
      expect(res.body.result).toHaveLength(1);
      expect(res.body.result[0].colnames).toEqual(['origin', 'count']);
      expect(res.body.result[0].data).toHaveLength(3);
    });

    it("applies the dashboard's filter values to the chart's query and refuses clauses on other columns or custom filters", async () => {
      const filtered = (extra: Record<string, unknown>) =>
        s.gamma.post('/api/v1/chart/data', {
          datasource: { id: s.carsId, type: 'table' },
          queries: [{ columns: ['origin'], metrics: ['count'] }],
          form_data: { slice_id: s.onIt, dashboardId: s.dashboardId, extra_form_data: extra },
        });
      // origin is what the chart groups by, so a cross-filter from it filters by origin.
      const japan = await filtered({ filters: [{ col: 'origin', op: 'IN', val: ['Japan'] }] });
      expect(japan.status).toBe(200);
      expect(japan.body.result[0].data.map((r: Record<string, unknown>) => r.origin)).toEqual(['Japan']);
      for (const extra of [
        { filters: [{ col: 'name', op: 'IN', val: ['ford torino'] }] },
        { filters: [{ col: 'origin', op: 'LIKE', val: 'J%' }] },
        { adhoc_filters: [{ expressionType: 'SQL', clause: 'WHERE', sqlExpression: "name LIKE 'a%'" }] },
        { append_form_data: { filters: [{ col: 'name', op: 'IN', val: ['x'] }] } },
        { granularity_sqla: 'name' },
      ]) {
        const res = await filtered(extra);
        expect([res.status, res.body.errors?.[0]?.error_type, extra]).toEqual([
          403,
          'DASHBOARD_SECURITY_ACCESS_ERROR',
          extra,
        ]);
      }
    });

    it("refuses a chart's samples (every column's rows) through the dashboard", async () => {
      const res = await s.gamma.post('/api/v1/chart/data', {
        datasource: { id: s.carsId, type: 'table' },
        queries: [{ columns: ['origin'], metrics: ['count'] }],
        result_type: 'samples',
        form_data: { slice_id: s.onIt, dashboardId: s.dashboardId },
      });
      expect([res.status, res.body.errors?.[0]?.error_type]).toEqual([403, 'DASHBOARD_SECURITY_ACCESS_ERROR']);
    });

    it("refuses a chart on the dashboard named with another dataset's id", async () => {
      const databaseId = (await s.admin.get(`/api/v1/dataset/${s.carsId}`)).body.result.database.id as number;
      const other = await s.admin.post('/api/v1/dataset/', {
        database: databaseId,
        schema: 'public',
        table_name: 'cars_again',
        sql: 'SELECT name, origin FROM cars',
      });
      expect(other.status).toBe(201);
      const res = await s.gamma.post('/api/v1/chart/data', {
        datasource: { id: other.body.id, type: 'table' },
        queries: [{ columns: ['name'], metrics: [] }],
        form_data: { slice_id: s.onIt, dashboardId: s.dashboardId },
      });
      expect([res.status, res.body.errors?.[0]?.error_type]).toEqual([403, 'DASHBOARD_SECURITY_ACCESS_ERROR']);
    });

    it("lists the datasets of the dashboard's charts and filters to its viewers, so the page can draw them", async () => {
      const listed = await s.gamma.get(`/api/v1/dashboard/${s.dashboardId}/datasets`);
      expect(listed.status).toBe(200);
      expect(listed.body.result.map((d: { id: number; columns: unknown[] }) => [d.id, d.columns.length > 0])).toEqual([
        [s.carsId, true],
      ]);
      // A dashboard whose only use of the dataset is a native filter lists it too.
      const filterOnly = (
        await s.admin.post('/api/v1/dashboard/', { dashboard_title: 'Filter only', roles: ['Gamma'] })
      ).body.id as number;
      expect((await s.admin.put(`/api/v1/dashboard/${filterOnly}`, { published: true })).status).toBe(200);
      const filter = {
        id: 'NATIVE_FILTER-o',
        type: 'NATIVE_FILTER',
        name: 'Origin',
        filterType: 'filter_select',
        targets: [{ datasetId: s.carsId, column: { name: 'origin' } }],
        controlValues: {},
        defaultDataMask: {},
        cascadeParentIds: [],
        scope: { rootPath: ['ROOT_ID'], excluded: [] },
      };
      expect(
        (
          await s.admin.put(`/api/v1/dashboard/${filterOnly}/filters`, {
            added: [filter],
            modified: [],
            deleted: [],
            reordered: [],
          })
        ).status,
      ).toBe(200);
      expect(
        (await s.gamma.get(`/api/v1/dashboard/${filterOnly}/datasets`)).body.result.map((d: { id: number }) => d.id),
      ).toEqual([s.carsId]);
    });

    it('refuses a chart that is not on the dashboard named, with 403 in the error shape', async () => {
      const res = await chartData(s, { slice_id: s.offIt, dashboardId: s.dashboardId });
      expect(res.status).toBe(403);
      expect(res.body.errors[0].error_type).toBe('DASHBOARD_SECURITY_ACCESS_ERROR');
    });

    it('refuses a dashboard the user may not view, even for a chart that is on it', async () => {
      const res = await chartData(s, { slice_id: s.onIt, dashboardId: s.alphaDashboardId });
      expect(res.status).toBe(403);
      expect(res.body.errors[0].error_type).toBe('DASHBOARD_SECURITY_ACCESS_ERROR');
    });

    it('gives a viewer the values of a native filter on the dashboard, and nothing once no filter reads the dataset', async () => {
      // Filter value requests name the dashboard but no chart (the client's filterValuesQueryContext).
      expect((await chartData(s, { dashboardId: s.dashboardId })).status).toBe(403);
      const filter = {
        id: 'NATIVE_FILTER-origin',
        type: 'NATIVE_FILTER',
        name: 'Origin',
        filterType: 'filter_select',
        targets: [{ datasetId: s.carsId, column: { name: 'origin' } }],
        controlValues: {},
        defaultDataMask: {},
        cascadeParentIds: [],
        scope: { rootPath: ['ROOT_ID'], excluded: [] },
      };
      expect(
        (
          await s.admin.put(`/api/v1/dashboard/${s.dashboardId}/filters`, {
            added: [filter],
            modified: [],
            deleted: [],
            reordered: [],
          })
        ).status,
      ).toBe(200);
      const res = await chartData(s, { dashboardId: s.dashboardId });
      expect(res.status).toBe(200);
      expect(res.body.result[0].data.map((r: Record<string, unknown>) => r.origin)).toEqual(['Europe', 'Japan', 'USA']);
      expect((await chartData(s, { dashboardId: s.alphaDashboardId })).status).toBe(403);
      // Only the distinct values of the filter's column: not another column, not more than the values.
      const values = (query: Record<string, unknown>) =>
        s.gamma.post('/api/v1/chart/data', {
          datasource: { id: s.carsId, type: 'table' },
          queries: [query],
          form_data: { dashboardId: s.dashboardId },
        });
      for (const query of [
        { columns: ['name'], metrics: ['count'] },
        { columns: ['origin', 'name'], metrics: ['count'] },
        { columns: [{ label: 'origin', sqlExpression: 'name' }] },
        { columns: ['origin'], filters: [{ col: 'name', op: 'LIKE', val: 'a%' }] },
      ]) {
        const refused = await values(query);
        expect([refused.status, query]).toEqual([403, query]);
      }
      const raw = await values({
        columns: ['origin'],
        metrics: [],
        row_limit: 100_000,
        extras: { where: "name LIKE 'a%'" },
      });
      expect(raw.status).toBe(200);
      expect(raw.body.result[0].colnames).toEqual(['origin', '__filter_value_count']);
      expect(raw.body.result[0].data.map((r: Record<string, unknown>) => r.origin)).toEqual(['Europe', 'Japan', 'USA']);
      expect(
        (
          await s.admin.put(`/api/v1/dashboard/${s.dashboardId}/filters`, {
            added: [],
            modified: [],
            deleted: [filter.id],
            reordered: [],
          })
        ).status,
      ).toBe(200);
      expect((await chartData(s, { dashboardId: s.dashboardId })).status).toBe(403);
    });

    it('ignores a form_data that does not name a dashboard (and a valid chart, if any)', async () => {
      for (const formData of [
        { slice_id: s.onIt },
        { slice_id: 'x', dashboardId: s.dashboardId },
        { slice_id: s.onIt, dashboardId: 1.5 },
        { slice_id: -1, dashboardId: s.dashboardId },
        { dashboardId: [s.dashboardId], slice_id: s.onIt },
      ]) {
        expect([(await chartData(s, formData)).status, formData]).toEqual([404, formData]);
      }
    });
  });

  describe('with DASHBOARD_RBAC off', () => {
    let s: Setup;
    beforeAll(async () => {
      s = await setUp(fixture, false);
    }, 120_000);
    afterAll(async () => {
      await s?.t.close();
    });

    it('the dashboard grants nothing: the dataset stays out of reach', async () => {
      expect((await chartData(s, { slice_id: s.onIt, dashboardId: s.dashboardId })).status).toBe(404);
      expect((await s.gamma.get(`/api/v1/dashboard/${s.dashboardId}/datasets`)).body.result).toEqual([]);
    });
  });
});
