/**
 * The legacy Explore data endpoint (charts-dashboards-reports §2, §7: "Legacy POST to the explore_json
 * endpoint with form_data") over real HTTP on a real PostgreSQL with the examples' cars table: the form
 * data in a JSON body, a form field or the query string gives the legacy payload `{data, query, status,
 * form_data, ...}` whose rows equal the SQL written by hand; ?query, ?results, ?samples and ?csv answer
 * their variants; a saved chart's form is read by slice_id; bad input is a 400 in the spec's error shape;
 * rights are checked (READ on Chart, can_explore, the dataset's access).
 */
import { ChartsModule } from '../../charts/charts.module';
import { userClient, type ApiClient } from '../../sqllab/bootstrap/rest-testing';
import type { AuthTestApp } from '../../testing/auth-test-app';
import {
  createChartTestApp,
  loadExampleTables,
  registerExamples,
  type ExamplesFixture,
} from '../testing/chart-test-app';

const AVG_HP = {
  expressionType: 'SIMPLE',
  column: { column_name: 'horsepower' },
  aggregate: 'AVG',
  label: 'AVG(horsepower)',
};

describe('/superset/explore_json/ (real PostgreSQL, real HTTP)', () => {
  let fixture: ExamplesFixture;
  let t: AuthTestApp;
  let admin: ApiClient;
  let cars: number;
  let byOrigin: Record<string, unknown>;

  beforeAll(async () => {
    fixture = await loadExampleTables(['cars']);
    t = await createChartTestApp([ChartsModule]);
    admin = await userClient(t, ['Admin']);
    const dbId = await registerExamples(t, fixture);
    cars = (await admin.post('/api/v1/dataset/', { database: dbId, schema: 'public', table_name: 'cars' })).body.id;
    byOrigin = {
      datasource: `${cars}__table`,
      viz_type: 'table',
      groupby: ['origin'],
      metrics: [AVG_HP],
      adhoc_filters: [],
      time_range: 'No filter',
      row_limit: 100,
    };
  }, 300_000);

  afterAll(async () => {
    await t?.close();
    await fixture?.close();
  });

  /** AVG(horsepower) by origin written by hand, numbers rounded as the comparison needs. */
  const byHand = async () =>
    (
      await fixture.query<{ origin: string; avg: number }>(
        'SELECT origin, AVG(horsepower)::float8 AS avg FROM cars GROUP BY origin ORDER BY origin',
      )
    ).map((r) => ({ origin: r.origin, avg: Number(r.avg.toFixed(6)) }));
  const rows = (data: Record<string, unknown>[]) =>
    data
      .map((r) => ({ origin: r.origin as string, avg: Number((r['AVG(horsepower)'] as number).toFixed(6)) }))
      .sort((a, b) => a.origin.localeCompare(b.origin));

  it('a JSON body with form_data answers the legacy payload, its rows those of GROUP BY written by hand', async () => {
    const res = await admin.post('/superset/explore_json/', { form_data: byOrigin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'success',
      error: null,
      stacktrace: null,
      form_data: byOrigin,
      colnames: ['origin', 'AVG(horsepower)'],
      is_cached: false,
    });
    expect(res.body.query).toMatch(/GROUP BY/i);
    expect(res.body.rowcount).toBe(res.body.data.length);
    expect(rows(res.body.data)).toEqual(await byHand());
  });

  it('a form field (the legacy client posts form_data as text) to /<type>/<id>/ answers the same rows', async () => {
    const res = await admin.request(
      'POST',
      `/superset/explore_json/table/${cars}/`,
      new URLSearchParams({ form_data: JSON.stringify({ ...byOrigin, datasource: undefined }) }).toString(),
    );
    expect(res.status).toBe(200);
    expect(rows(res.body.data)).toEqual(await byHand());
  });

  it('GET with ?form_data&query=true answers the SQL only; results=true the rows only', async () => {
    const q = encodeURIComponent(JSON.stringify(byOrigin));
    const query = await admin.get(`/superset/explore_json/?form_data=${q}&query=true`);
    expect(query.status).toBe(200);
    expect(query.body).toEqual({ query: expect.stringMatching(/SELECT[\s\S]*GROUP BY/i), language: 'sql' });
    const results = await admin.get(`/superset/explore_json/?form_data=${q}&results=true`);
    expect(results.status).toBe(200);
    expect(Object.keys(results.body).sort()).toEqual(['colnames', 'coltypes', 'data', 'rowcount']);
    expect(rows(results.body.data)).toEqual(await byHand());
  });

  it('samples=true answers rows of the dataset itself (all its columns); csv=true a CSV file of the chart', async () => {
    const q = encodeURIComponent(JSON.stringify(byOrigin));
    const [{ n }] = await fixture.query<{ n: string }>('SELECT COUNT(*) AS n FROM cars');
    const samples = await admin.get(`/superset/explore_json/?form_data=${q}&samples=true`);
    expect(samples.status).toBe(200);
    // As chart data's samples: the dataset's rows, at most the form's row limit (100 here).
    expect(samples.body.data.length).toBe(Math.min(Number(n), 100));
    expect(samples.body.colnames).toEqual(expect.arrayContaining(['name', 'origin', 'horsepower']));
    const csv = await admin.get(`/superset/explore_json/?form_data=${q}&csv=true`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(String(csv.body).split('\n')[0]).toContain('origin');
  });

  it("a form naming a saved chart runs the chart's own controls, the request's on top", async () => {
    const saved = await admin.post('/api/v1/chart/', {
      slice_name: 'HP by origin',
      viz_type: 'table',
      datasource_id: cars,
      datasource_type: 'table',
      params: JSON.stringify(byOrigin),
    });
    expect(saved.status).toBe(201);
    const res = await admin.post('/superset/explore_json/', { form_data: { slice_id: saved.body.id } });
    expect(res.status).toBe(200);
    expect(rows(res.body.data)).toEqual(await byHand());
    const limited = await admin.post('/superset/explore_json/', {
      form_data: { slice_id: saved.body.id, row_limit: 1 },
    });
    expect(limited.body.data).toHaveLength(1);
    const missing = await admin.post('/superset/explore_json/', { form_data: { slice_id: 999999 } });
    expect(missing.status).toBe(404);
  });

  it.each([
    ['no form_data', {}, 'form_data is required'],
    ['form_data not JSON', { form_data: '{oops' }, 'not valid JSON'],
    ['form_data a list', { form_data: [1] }, 'must be a JSON object'],
    ['no datasource', { form_data: { viz_type: 'table' } }, 'form_data.datasource'],
    ['no viz type', { form_data: { datasource: '1__table' } }, 'form_data.viz_type'],
    ['a bad slice id', { form_data: { slice_id: 'x' } }, 'slice_id'],
    ['a slice id past int4', { form_data: { slice_id: 2147483648 } }, 'slice_id'],
    ['a dataset id past int4', { form_data: { datasource: '2147483648__table', viz_type: 'table' } }, 'out of range'],
  ])('%s is a 400 in the error shape', async (_, body, message) => {
    const res = await admin.post('/superset/explore_json/', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
    expect(res.body.errors?.[0]).toMatchObject({ error_type: expect.any(String), message: res.body.message });
  });

  it('a column the dataset lacks is a 400 naming it, never a 500', async () => {
    const res = await admin.post('/superset/explore_json/', { form_data: { ...byOrigin, groupby: ['nope'] } });
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.message).toContain('nope');
  });

  it('rights: a user without READ on Chart is refused; one who cannot read the dataset gets 404', async () => {
    const sqlLab = await userClient(t, ['sql_lab']);
    const refused = await sqlLab.post('/superset/explore_json/', { form_data: byOrigin });
    expect(refused.status).toBe(403);
    expect(refused.body.errors?.[0]).toMatchObject({ error_type: expect.any(String) });
    const gamma = await userClient(t, ['Gamma']);
    const hidden = await gamma.post('/superset/explore_json/', { form_data: byOrigin });
    expect([403, 404]).toContain(hidden.status);
    expect(hidden.body.message).toBeTruthy();
  });
});
