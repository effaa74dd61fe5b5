/**
 * GLOBAL_ASYNC_QUERIES on (REFERENCE §5): POST /api/v1/chart/data answers 202 with a job; the job runs,
 * an async event says done (or error) with a result_url, and GET of that URL gives the same result a
 * synchronous call gives. Only the user who asked can read it. Also: an edit of the dataset changes the
 * cache key, so cached results never outlive the dataset they came from.
 */
import { userClient, type ApiClient } from '../sqllab/bootstrap/rest-testing';
import type { AuthTestApp } from '../testing/auth-test-app';
import {
  createChartTestApp,
  loadExampleTables,
  registerExamples,
  type ExamplesFixture,
} from './testing/chart-test-app';

/** Polls the events endpoint until the job's event is there; the bound is generous: a loaded machine is slow, not failing. */
async function waitForEvent(client: ApiClient, jobId: string): Promise<Record<string, unknown>> {
  const deadline = Date.now() + 45_000;
  for (;;) {
    const events = (await client.get('/api/v1/async_event/')).body.result as Record<string, unknown>[];
    const event = events.find((e) => e.job_id === jobId);
    if (event) return event;
    if (Date.now() > deadline) throw new Error(`no async event for job ${jobId}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('async chart data and the cache key', () => {
  let fixture: ExamplesFixture;
  let t: AuthTestApp;
  let admin: ApiClient;
  let carsId: number;
  const body = () => ({
    datasource: { id: carsId, type: 'table' },
    queries: [{ columns: ['origin'], metrics: ['count'], orderby: [['origin', true]] }],
  });

  beforeAll(async () => {
    fixture = await loadExampleTables(['cars']);
    // As a deployment sets it: FEATURE_FLAGS, read into AppConfig, which the GLOBAL_ASYNC_QUERIES token reads.
    t = await createChartTestApp([], { featureFlags: { GLOBAL_ASYNC_QUERIES: true } });
    admin = await userClient(t, ['Admin']);
    const dbId = await registerExamples(t, fixture);
    carsId = (await admin.post('/api/v1/dataset/', { database: dbId, schema: 'public', table_name: 'cars' })).body.id;
  }, 300_000);

  afterAll(async () => {
    await t?.close();
    await fixture?.close();
  });

  it('answers 202 with a job, publishes a done event and serves the result at result_url to its user only', async () => {
    const submitted = await admin.post('/api/v1/chart/data', body());
    expect(submitted.status).toBe(202);
    expect(submitted.body).toMatchObject({
      status: 'pending',
      job_id: expect.any(String),
      result_url: null,
      user_id: String(admin.userId),
    });
    const event = await waitForEvent(admin, submitted.body.job_id);
    expect(event).toMatchObject({ status: 'done', result_url: `/api/v1/chart/data/${submitted.body.job_id}` });
    const result = await admin.get(event.result_url as string);
    expect(result.status).toBe(200);
    const expected = await fixture.query<{ origin: string; n: number }>(
      'SELECT origin, count(*)::int AS n FROM cars GROUP BY origin ORDER BY origin',
    );
    expect(result.body.result[0].data).toEqual(expected.map((e) => ({ origin: e.origin, count: e.n })));
    const other = await userClient(t, ['Admin']);
    expect((await other.get(event.result_url as string)).status).toBe(410);
    expect((await admin.get('/api/v1/chart/data/00000000-0000-0000-0000-000000000000')).status).toBe(410);
  });

  it('reports a failing job as an error event with the reason', async () => {
    const submitted = await admin.post('/api/v1/chart/data', {
      datasource: { id: carsId, type: 'table' },
      queries: [{ columns: ['nope'], metrics: ['count'] }],
    });
    expect(submitted.status).toBe(202);
    const event = await waitForEvent(admin, submitted.body.job_id);
    expect(event).toMatchObject({
      status: 'error',
      result_url: null,
      errors: [{ error_type: 'COLUMN_DOES_NOT_EXIST_ERROR' }],
    });
  });

  it('a dataset edit changes the cache key; csv and xlsx downloads stay synchronous', async () => {
    const csv = await admin.post('/api/v1/chart/data', { ...body(), result_format: 'csv' });
    expect(csv.status).toBe(200);
    expect(String(csv.body).split('\r\n')[0]).toBe('origin,COUNT(*)');
    const again = await admin.post('/api/v1/chart/data', { ...body(), result_format: 'csv' });
    expect(String(again.body)).toBe(String(csv.body));
    const columns = (await admin.get(`/api/v1/dataset/${carsId}`)).body.result.columns.map(
      (c: Record<string, unknown>) => (c.column_name === 'origin' ? { ...c, verbose_name: 'Origin' } : c),
    );
    expect((await admin.put(`/api/v1/dataset/${carsId}`, { columns })).status).toBe(200);
    const relabelled = await admin.post('/api/v1/chart/data', { ...body(), result_format: 'csv' });
    expect(String(relabelled.body).split('\r\n')[0]).toBe('Origin,COUNT(*)');
    const xlsx = await admin.post('/api/v1/chart/data', { ...body(), result_format: 'xlsx' });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
  });
});
