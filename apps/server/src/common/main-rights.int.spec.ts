/**
 * The main view's rights of drill and share (sqllab-and-platform §6, issue 16 item 3) over real HTTP on a
 * real PostgreSQL with the examples' cars table: a custom role, created through the roles API as Alpha's
 * pairs without one of can_explore, can_csv, can_share_chart, can_share_dashboard and given to a user
 * through the users API, is refused exactly what that right gates (403 in the spec's error shape), and
 * Alpha itself is not.
 */
import { BUILT_IN_ROLES } from '@strata/domain';
import {
  createChartTestApp,
  loadExampleTables,
  registerExamples,
  type ExamplesFixture,
} from '../chart-data/testing/chart-test-app';
import { DashboardsModule } from '../dashboards/dashboards.module';
import { ExploreModule } from '../explore/explore.module';
import { ApiTokens } from '../auth/tokens/api-tokens.service';
import { userClient, ApiClient } from '../sqllab/bootstrap/rest-testing';
import type { AuthTestApp } from '../testing/auth-test-app';

const RIGHTS = ['can_explore', 'can_csv', 'can_share_chart', 'can_share_dashboard'] as const;
type Right = (typeof RIGHTS)[number];
/** The custom role (and its user) that is Alpha without this right. */
const roleWithout = (right: Right) => `no_${right}`;

describe('drill and share rights (real HTTP, real PostgreSQL)', () => {
  let fixture: ExamplesFixture;
  let t: AuthTestApp;
  let alpha: ApiClient;
  const without = {} as Record<Right, ApiClient>;
  let carsId: number;
  let dashboardId: number;

  beforeAll(async () => {
    fixture = await loadExampleTables(['cars']);
    t = await createChartTestApp([ExploreModule, DashboardsModule]);
    const admin = await userClient(t, ['Admin']);
    alpha = await userClient(t, ['Alpha']);
    for (const right of RIGHTS) without[right] = await roleAndUserWithout(admin, right);
    const dbId = await registerExamples(t, fixture);
    carsId = (await admin.post('/api/v1/dataset/', { database: dbId, schema: 'public', table_name: 'cars' })).body.id;
    dashboardId = (await admin.post('/api/v1/dashboard/', { dashboard_title: 'Shared' })).body.id;
    expect((await admin.put(`/api/v1/dashboard/${dashboardId}`, { published: true })).status).toBe(200);
  }, 300_000);

  /** An admin's gestures: the role through the roles API, a user holding only it through the users API. */
  async function roleAndUserWithout(admin: ApiClient, right: Right): Promise<ApiClient> {
    const name = roleWithout(right);
    const permissions = BUILT_IN_ROLES.Alpha.filter(([permission]) => permission !== right);
    expect(permissions.length).toBe(BUILT_IN_ROLES.Alpha.length - 1);
    const role = await admin.post('/api/v1/security/roles/', { name, permissions });
    expect(role.status).toBe(201);
    const user = await admin.post('/api/v1/security/users', {
      username: name,
      password: 'a-password-for-tests',
      roles: [name],
    });
    expect([user.status, user.body.result?.roles]).toEqual([201, [name]]);
    return new ApiClient(t.url, await t.app.get(ApiTokens).accessToken(user.body.id), user.body.id);
  }

  afterAll(async () => {
    await t?.close();
    await fixture?.close();
  });

  const refused = (res: { status: number; body: { errors?: { message: string }[] } }, right: Right) => {
    expect(res.status).toBe(403);
    expect(res.body.errors?.[0]?.message).toContain(right);
  };

  const drillDetail = (as: ApiClient, format: 'json' | 'csv' | 'xlsx' = 'json') =>
    as.post('/api/v1/chart/data', {
      datasource: { id: carsId, type: 'table' },
      result_type: 'drill_detail',
      result_format: format,
      queries: [{ filters: [{ col: 'origin', op: 'IN', val: ['Japan'] }], row_limit: 50 }],
    });
  const samples = (as: ApiClient) =>
    as.post(`/datasource/samples?datasource_id=${carsId}&datasource_type=table&page=1&per_page=50`, {
      filters: [{ col: 'origin', op: 'IN', val: ['Japan'] }],
    });
  const openExplore = (as: ApiClient) => as.get(`/api/v1/explore/?datasource_id=${carsId}&datasource_type=table`);
  const shareChart = (as: ApiClient) =>
    as.post('/api/v1/explore/permalink', { formData: { datasource: `${carsId}__table`, viz_type: 'table' } });
  const shareDashboard = (as: ApiClient) => as.post(`/api/v1/dashboard/${dashboardId}/permalink`, {});

  it('a role with every right drills, downloads and shares; the drilled rows are the SQL rows, ordered for paging', async () => {
    const page = await samples(alpha);
    expect(page.status).toBe(200);
    const japan = await fixture.query<{ n: number }>("SELECT count(*)::int AS n FROM cars WHERE origin = 'Japan'");
    expect(page.body.result.total_count).toBe(japan[0].n);
    const names = page.body.result.data.map((r: { name: string }) => r.name);
    const expected = await fixture.query<{ name: string }>(
      "SELECT name FROM cars WHERE origin = 'Japan' ORDER BY name LIMIT 50",
    );
    expect(names).toEqual(expected.map((r) => r.name));
    expect((await drillDetail(alpha)).status).toBe(200);
    expect((await drillDetail(alpha, 'xlsx')).status).toBe(200);
    expect((await openExplore(alpha)).status).toBe(200);
    const chartLink = await shareChart(alpha);
    expect(chartLink.status).toBe(201);
    expect(chartLink.body.url).toMatch(/^https?:\/\/.+\/explore\/p\/[\w-]+\/$/);
    expect((await shareDashboard(alpha)).status).toBe(201);
  });

  it('without can_explore: no Explore page, no drill to detail, no samples; sharing still works', async () => {
    const user = without.can_explore;
    refused(await openExplore(user), 'can_explore');
    refused(await drillDetail(user), 'can_explore');
    refused(await samples(user), 'can_explore');
    expect((await shareDashboard(user)).status).toBe(201);
  });

  it('without can_csv: the drilled rows are readable but not downloadable as CSV or XLSX', async () => {
    const user = without.can_csv;
    expect((await drillDetail(user)).status).toBe(200);
    for (const format of ['csv', 'xlsx'] as const) {
      const res = await drillDetail(user, format);
      expect([res.status, res.body.errors?.[0]?.message]).toEqual([
        403,
        'You do not have permission to download data.',
      ]);
    }
  });

  it("without can_share_chart: no chart permalink, the dashboard's still", async () => {
    const user = without.can_share_chart;
    refused(await shareChart(user), 'can_share_chart');
    expect((await openExplore(user)).status).toBe(200);
    expect((await shareDashboard(user)).status).toBe(201);
  });

  it("without can_share_dashboard: no dashboard permalink, the chart's still", async () => {
    const user = without.can_share_dashboard;
    refused(await shareDashboard(user), 'can_share_dashboard');
    expect((await shareChart(user)).status).toBe(201);
  });
});
