/**
 * POST /api/v1/chart/data and POST /datasource/samples read data but are POSTs: a browser session (cookie)
 * needs a valid X-CSRFToken like every other mutating route, so a cross-site page cannot make a logged-in
 * browser run queries; API clients with a bearer token need none.
 */
import { userClient, type ApiClient } from '../sqllab/bootstrap/rest-testing';
import { HttpClient, TEST_ADMIN, type AuthTestApp } from '../testing/auth-test-app';
import {
  createChartTestApp,
  loadExampleTables,
  registerExamples,
  type ExamplesFixture,
} from './testing/chart-test-app';

describe('CSRF on chart data and samples', () => {
  let fixture: ExamplesFixture;
  let t: AuthTestApp;
  let bearer: ApiClient;
  let browser: HttpClient;
  let csrfToken: string;
  let carsId: number;

  beforeAll(async () => {
    fixture = await loadExampleTables(['cars']);
    t = await createChartTestApp();
    bearer = await userClient(t, ['Admin']);
    const dataset = await bearer.post('/api/v1/dataset/', {
      database: await registerExamples(t, fixture),
      schema: 'public',
      table_name: 'cars',
    });
    expect(dataset.status).toBe(201);
    carsId = dataset.body.id;
    browser = new HttpClient(t.url);
    csrfToken = await browser.browserLogin(TEST_ADMIN.username, TEST_ADMIN.password);
  }, 300_000);

  afterAll(async () => {
    await t?.close();
    await fixture?.close();
  });

  const chartData = () => ({
    datasource: { id: carsId, type: 'table' },
    queries: [{ columns: ['origin'], metrics: ['count'], orderby: [['origin', true]] }],
  });
  const samples = () => `/datasource/samples?datasource_id=${carsId}&datasource_type=table&per_page=5`;

  it.each([
    ['POST /api/v1/chart/data', () => '/api/v1/chart/data', chartData],
    ['POST /datasource/samples', samples, () => ({})],
  ])(
    '%s with the session cookie: 400 FRONTEND_CSRF_ERROR without a token or with a wrong one, 200 with it',
    async (_name, path, body) => {
      const url = path();
      const missing = await browser.post(url, body());
      expect(missing.status).toBe(400);
      expect(missing.body.errors[0]).toMatchObject({
        error_type: 'FRONTEND_CSRF_ERROR',
        message: 'The CSRF token is missing.',
      });
      const wrong = await browser.post(url, body(), { 'X-CSRFToken': 'not-the-token' });
      expect(wrong.status).toBe(400);
      expect(wrong.body.errors[0]).toMatchObject({ error_type: 'FRONTEND_CSRF_ERROR' });
      const ok = await browser.post(url, body(), { 'X-CSRFToken': csrfToken });
      expect(ok.status).toBe(200);
      expect(ok.body.result).toBeDefined();
    },
  );

  it('a bearer-token API client needs no CSRF token', async () => {
    expect((await bearer.post('/api/v1/chart/data', chartData())).status).toBe(200);
    expect((await bearer.post(samples(), {})).status).toBe(200);
  });
});
