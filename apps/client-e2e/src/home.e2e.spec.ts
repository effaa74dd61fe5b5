import { createCarsChart, createDashboard, createUser, gammaUser, type NewUser } from './dashboard-support';
import { Stage } from './stage';

// Issue 15 item 6, the home page: Carol, new, is shown how to get started; she stars the admin's published
// dashboard and opens a chart in Explore; back home, her Recents show both as viewed and her favourite
// dashboards list the one she starred. Views come from the log (user-log entries the pages send).

const CAROL: NewUser = { ...gammaUser('carol', 'carol-e2e-password'), first_name: 'Carol', roles: ['Alpha'] };
const stage = new Stage('home');
let dashboardId = 0;
let chartId = 0;
let carolToken = '';

interface Recent {
  action: string;
  item_type: string;
  item_id: number;
}

beforeAll(async () => {
  await stage.start();
  await createUser(stage.api, stage.adminToken, CAROL);
  carolToken = await stage.api.token('carol', CAROL.password);
  dashboardId = await createDashboard(stage.api, stage.adminToken, {
    dashboard_title: 'Cars overview',
    owners: [],
    published: true,
  });
  chartId = await createCarsChart(stage.api, stage.adminToken, {
    slice_name: 'Cars by origin',
    dashboards: [dashboardId],
  });
}, 300_000);

afterAll(() => stage.stop());

/** Until the server has Carol's views of both (the pages send their log entries in batches). */
async function viewsLogged(): Promise<void> {
  for (;;) {
    const answer = await stage.api.call<{ result: Recent[] }>('GET', '/api/v1/log/recent_activity/', carolToken);
    const viewed = answer.body.result.filter((r) => r.action === 'viewed');
    if (
      viewed.some((r) => r.item_type === 'dashboard' && r.item_id === dashboardId) &&
      viewed.some((r) => r.item_type === 'chart' && r.item_id === chartId)
    )
      return;
    await new Promise((done) => setTimeout(done, 250));
  }
}

describe('the home page (Chromium)', () => {
  it('a new user gets started; after starring a dashboard and opening a chart, home shows both', async () => {
    const carol = await stage.signIn('carol', CAROL.password);
    await carol.goto(`${stage.server.baseUrl}/`);
    const start = carol.getByRole('region', { name: 'Get started' });
    await start.getByRole('link', { name: 'Open SQL Lab' }).waitFor();
    expect(await start.getByRole('link', { name: 'Connect a database' }).count()).toBe(0);
    await carol.getByRole('region', { name: 'Example data' }).waitFor();

    await carol.goto(`${stage.server.baseUrl}/superset/dashboard/${dashboardId}/`);
    await carol.getByRole('button', { name: 'Star dashboard' }).click();
    await carol.getByRole('button', { name: 'Unstar dashboard' }).waitFor();

    await carol.goto(`${stage.server.baseUrl}/explore/?slice_id=${chartId}`);
    await carol.getByRole('button', { name: 'Star' }).waitFor();
    await viewsLogged();

    await carol.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    const recents = carol.getByRole('region', { name: 'Recents' });
    await recents.getByRole('link', { name: 'Cars overview' }).waitFor();
    expect(await recents.getByRole('link', { name: 'Cars by origin' }).getAttribute('href')).toBe(
      `/explore/?slice_id=${chartId}`,
    );
    const dashboards = carol.getByRole('region', { name: 'Dashboards' });
    expect(await dashboards.getByRole('link', { name: 'Cars overview' }).getAttribute('href')).toMatch(
      new RegExp(`/superset/dashboard/${dashboardId}/$`),
    );
    expect(await carol.getByRole('region', { name: 'Get started' }).count()).toBe(0);

    // The link opens the dashboard.
    await recents.getByRole('link', { name: 'Cars overview' }).click();
    await carol.waitForURL(`**/superset/dashboard/${dashboardId}/`);
  });
});
