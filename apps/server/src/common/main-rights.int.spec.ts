/**
 * The main view's rights of drill and share (sqllab-and-platform §6, issue 16 item 3) over real HTTP on a
 * real PostgreSQL with the examples' cars table: a custom role that is Alpha without one of can_explore,
 * can_csv, can_share_chart, can_share_dashboard is refused exactly what that right gates (403 in the
 * spec's error shape), and Alpha itself is not.
 */
import { Injectable } from '@nestjs/common';
import { BUILT_IN_ROLES, type PermissionPair } from '@strata/domain';
import { StrataAuthenticator } from '../auth/authenticator.service';
import { Authenticator, type CredentialsCarrier, type CurrentUser } from '../auth/current-user';
import {
  createChartTestApp,
  loadExampleTables,
  registerExamples,
  type ExamplesFixture,
} from '../chart-data/testing/chart-test-app';
import { DashboardsModule } from '../dashboards/dashboards.module';
import { ExploreModule } from '../explore/explore.module';
import { userClient, type ApiClient } from '../sqllab/bootstrap/rest-testing';
import type { AuthTestApp } from '../testing/auth-test-app';

const RIGHTS = ['can_explore', 'can_csv', 'can_share_chart', 'can_share_dashboard'] as const;
type Right = (typeof RIGHTS)[number];
const userWithout = (right: Right) => `no_${right}`;

/**
 * PROBLEM: roles are the built-in ones (libs/domain built-in-roles.ts; users may only hold those), so a
 * deployment cannot define a role without one right yet.
 * SOLUTION: this app resolves users as the real authenticator does, then gives the Alpha user named
 * `no_<right>` the pairs of Alpha minus that right, as such a custom role would.
 * WHEN TO REMOVE: when roles can be defined at run time; create them through the API then.
 */
@Injectable()
class CustomRolesAuthenticator extends StrataAuthenticator {
  override async authenticate(credentials: CredentialsCarrier): Promise<CurrentUser | null> {
    const user = await super.authenticate(credentials);
    const custom = RIGHTS.find((right) => user?.username === userWithout(right));
    if (!user || !custom) return user;
    const pairs = BUILT_IN_ROLES.Alpha.filter(([permission]: PermissionPair) => permission !== custom);
    return { ...user, permissions: pairs.map(([p, v]) => [p, v] as [string, string]) };
  }
}

describe('drill and share rights (real HTTP, real PostgreSQL)', () => {
  let fixture: ExamplesFixture;
  let t: AuthTestApp;
  let alpha: ApiClient;
  const without = {} as Record<Right, ApiClient>;
  let carsId: number;
  let dashboardId: number;

  beforeAll(async () => {
    fixture = await loadExampleTables(['cars']);
    t = await createChartTestApp([ExploreModule, DashboardsModule], {
      customize: (builder) => builder.overrideProvider(Authenticator).useClass(CustomRolesAuthenticator),
    });
    const admin = await userClient(t, ['Admin']);
    alpha = await userClient(t, ['Alpha']);
    for (const right of RIGHTS) without[right] = await userClient(t, ['Alpha'], userWithout(right));
    const dbId = await registerExamples(t, fixture);
    carsId = (await admin.post('/api/v1/dataset/', { database: dbId, schema: 'public', table_name: 'cars' })).body.id;
    dashboardId = (await admin.post('/api/v1/dashboard/', { dashboard_title: 'Shared' })).body.id;
    expect((await admin.put(`/api/v1/dashboard/${dashboardId}`, { published: true })).status).toBe(200);
  }, 300_000);

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
