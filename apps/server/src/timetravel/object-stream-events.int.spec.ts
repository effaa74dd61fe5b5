/**
 * A bug report of a chart's or a dataset's page carries that object's server events: the time-travel
 * stream read answers `chart:<id>` and `dataset:<id>` to whoever the plain GET answers (route permission,
 * then the GET's own rule), and 403 to others. Real HTTP on a real PostgreSQL.
 */
import {
  createChartTestApp,
  loadExampleTables,
  registerExamples,
  type ExamplesFixture,
} from '../chart-data/testing/chart-test-app';
import { ChartsModule } from '../charts/charts.module';
import { RealtimeModule } from '../realtime/realtime.module';
import { userClient, type ApiClient } from '../sqllab/bootstrap/rest-testing';
import type { AuthTestApp } from '../testing/auth-test-app';
import { TimeTravelModule } from './timetravel.module';

describe('GET /api/v1/timetravel/events/ for chart and dataset streams', () => {
  let fixture: ExamplesFixture;
  let t: AuthTestApp;
  let admin: ApiClient;
  let owner: ApiClient;
  let other: ApiClient;
  let datasetId: number;
  let chartId: number;

  beforeAll(async () => {
    fixture = await loadExampleTables(['cars']);
    t = await createChartTestApp([RealtimeModule, ChartsModule, TimeTravelModule]);
    admin = await userClient(t, ['Admin']);
    owner = await userClient(t, ['Gamma']);
    other = await userClient(t, ['Gamma']);
    const dbId = await registerExamples(t, fixture);
    datasetId = (await admin.post('/api/v1/dataset/', { database: dbId, schema: 'public', table_name: 'cars' })).body
      .id;
    const chart = await admin.post('/api/v1/chart/', {
      slice_name: 'Reported chart',
      viz_type: 'table',
      datasource_id: datasetId,
      datasource_type: 'table',
      params: JSON.stringify({ row_limit: 10 }),
      owners: [owner.userId],
    });
    expect(chart.status).toBe(201);
    chartId = chart.body.id as number;
  }, 300_000);

  afterAll(async () => {
    await t?.close();
    await fixture?.close();
  });

  const eventsOf = (who: ApiClient, stream: string) =>
    who.get(`/api/v1/timetravel/events/?stream=${encodeURIComponent(stream)}`);

  it("answers a chart's events to a Gamma user its GET answers (an owner), and 403 to one it does not", async () => {
    expect((await owner.get(`/api/v1/chart/${chartId}`)).status).toBe(200);
    const res = await eventsOf(owner, `chart:${chartId}`);
    expect(res.status).toBe(200);
    expect(res.body.stream).toBe(`chart:${chartId}`);
    expect((res.body.result as { type: string }[])[0]!.type).toBe('chart/chartCreated');

    expect((await other.get(`/api/v1/chart/${chartId}`)).status).toBe(404);
    const refused = await eventsOf(other, `chart:${chartId}`);
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].error_type).toBe('USER_ACTIVITY_SECURITY_ACCESS_ERROR');
    expect((await eventsOf(other, 'chart:not-a-number')).status).toBe(403);
  });

  it("answers a dataset's events as its GET does: to an admin, not to a Gamma user without its database", async () => {
    const res = await eventsOf(admin, `dataset:${datasetId}`);
    expect(res.status).toBe(200);
    expect(res.body.version).toBeGreaterThan(0);

    expect((await owner.get(`/api/v1/dataset/${datasetId}`)).status).toBe(404);
    expect((await eventsOf(owner, `dataset:${datasetId}`)).status).toBe(403);
  });
});
