import { join } from 'node:path';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { launchChromium } from './chromium';
import { startStrata, type RunningServer } from './strata-server';
import { ARTIFACTS, dragWithMouse, jsonApi, signIn as signInTo } from './support';

// Issue 5's "Done when" for co-editing, step by step: two editors and a viewer in three browser contexts.

let server: RunningServer | undefined;
let browser: Browser | undefined;
const contexts: BrowserContext[] = [];
let alice: Page;
let bob: Page;
let carol: Page;
let adminToken = '';
let dashboardId = 0;
let chartId = 0;
const CHART = 'Cars by origin for co-editing';
const BOB_PASSWORD = 'bob-e2e-password';
const CAROL_PASSWORD = 'carol-e2e-password';

const grid = (page: Page) => page.getByTestId('edit-grid');
let api: ReturnType<typeof jsonApi>;
async function signIn(username: string, password: string): Promise<Page> {
  const { context, page } = await signInTo(browser!, server!.baseUrl, username, password);
  contexts.push(context);
  return page;
}
const editedChart = (page: Page) => grid(page).locator('.edit-item--chart .edit-chart');

type Versions = {
  current_version: number;
  result: {
    version: number;
    saved_by: { username: string };
    restored_from: number | null;
    changes: { user: { username: string }; kind: string; component_type: string | null }[];
  }[];
};

beforeAll(async () => {
  // The embedded default, as a new user runs Strata: editors' concurrent socket and REST queries share
  // the one PGlite session there.
  server = await startStrata(join(ARTIFACTS, 'server-dashboard-coedit.log'));
  api = jsonApi(server.baseUrl);
  browser = await launchChromium();
  adminToken = await api.token('admin', server.adminPassword);
  const bobUser = await api.call<{ id: number }>('POST', '/api/v1/security/users', adminToken, {
    username: 'bob',
    password: BOB_PASSWORD,
    first_name: 'Bob',
    last_name: 'Editor',
    roles: ['Gamma'],
  });
  expect(bobUser.status).toBe(201);
  // The viewer may read everything (Alpha) but owns nothing, so she only views.
  const carolUser = await api.call<{ id: number }>('POST', '/api/v1/security/users', adminToken, {
    username: 'carol',
    password: CAROL_PASSWORD,
    first_name: 'Carol',
    last_name: 'Viewer',
    roles: ['Alpha'],
  });
  expect(carolUser.status).toBe(201);

  // A chart on the example cars table, on no dashboard yet: the editor drags it in from the chart list.
  const carsId = await api.datasetId(adminToken, 'cars');
  const chart = await api.call<{ id: number }>('POST', '/api/v1/chart/', adminToken, {
    slice_name: CHART,
    viz_type: 'table',
    datasource_id: carsId,
    datasource_type: 'table',
    params: JSON.stringify({
      viz_type: 'table',
      datasource: `${carsId}__table`,
      query_mode: 'aggregate',
      groupby: ['origin'],
      metrics: ['count'],
      adhoc_filters: [],
      row_limit: 100,
      time_range: 'No filter',
    }),
  });
  expect(chart.status).toBe(201);
  chartId = chart.body.id;

  // Published, so the viewer (no owner) may see it (charts-dashboards-reports §6).
  const dashboard = await api.call<{ id: number }>('POST', '/api/v1/dashboard/', adminToken, {
    dashboard_title: 'Co-edited with a chart',
    owners: [bobUser.body.id],
    published: true,
  });
  expect(dashboard.status).toBe(201);
  dashboardId = dashboard.body.id;
  alice = await signIn('admin', server.adminPassword);
  bob = await signIn('bob', BOB_PASSWORD);
  carol = await signIn('carol', CAROL_PASSWORD);
}, 400_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
});

describe('two editors and a viewer on one dashboard in Chromium', () => {
  it('both editors open the dashboard in edit mode and see each other', async () => {
    await alice.goto(`${server!.baseUrl}/dashboard/${dashboardId}/?edit=true`);
    await bob.goto(`${server!.baseUrl}/dashboard/${dashboardId}/?edit=true`);
    await grid(alice).waitFor();
    await grid(bob).waitFor();
    await alice.getByLabel('bob is editing').waitFor();
    await bob.getByLabel('admin is editing').waitFor();
  });

  it('A drags a chart from the chart list into a new row and resizes it; B sees both live', async () => {
    const item = alice.locator(`.edit-charts li[data-chart-id="${chartId}"]`);
    await item.waitFor();
    await dragWithMouse(alice, item, grid(alice), { grabX: 20 });
    await editedChart(alice).waitFor();
    // Live, with no reload (how fast is measured by apps/bench dashboard-coedit, not asserted here).
    await editedChart(bob).waitFor();
    expect(await grid(bob).locator('.edit-item--row .edit-item--chart').count()).toBe(1);
    expect(await editedChart(bob).innerText()).toContain(CHART);
    expect(await editedChart(alice).getAttribute('data-width')).toBe('4');

    // Resize by the corner handle: two columns wider.
    await editedChart(alice).click();
    const handle = editedChart(alice).locator('.edit-resize-handle');
    const box = (await handle.boundingBox())!;
    const column = ((await editedChart(alice).boundingBox())!.width + 16) / 4;
    await alice.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await alice.mouse.down();
    await alice.mouse.move(box.x + box.width / 2 + column * 2, box.y + box.height / 2, { steps: 10 });
    await alice.mouse.up();
    await grid(alice).locator('.edit-item--chart .edit-chart[data-width="6"]').waitFor();
    await grid(bob).locator('.edit-item--chart .edit-chart[data-width="6"]').waitFor();
    await bob.screenshot({ path: join(ARTIFACTS, 'dashboard-coedit-chart-seen-by-b.png') });
  });

  it('B adds a markdown; A undoes its resize, then its drag, and B’s markdown stays; redo brings the drag back', async () => {
    await bob.getByRole('button', { name: 'Add Text / Markdown', exact: true }).click();
    await bob.locator('.edit-item--markdown').waitFor();
    await alice.locator('.edit-item--markdown').waitFor();

    await alice.locator('body').click({ position: { x: 5, y: 5 } });
    await alice.keyboard.press('Control+z');
    // A's resize is taken back at both; the chart A dropped and B's markdown stay.
    await grid(bob).locator('.edit-item--chart .edit-chart[data-width="4"]').waitFor();
    await grid(alice).locator('.edit-item--chart .edit-chart[data-width="4"]').waitFor();
    expect(await alice.locator('.edit-item--markdown').count()).toBe(1);
    expect(await bob.locator('.edit-item--markdown').count()).toBe(1);
    await alice.screenshot({ path: join(ARTIFACTS, 'dashboard-coedit-after-undo.png') });

    // A second undo takes back A's drag itself: the chart leaves both grids, B's markdown still stays.
    await alice.keyboard.press('Control+z');
    await editedChart(bob).waitFor({ state: 'detached' });
    await editedChart(alice).waitFor({ state: 'detached' });
    expect(await bob.locator('.edit-item--markdown').count()).toBe(1);
    expect(await alice.locator('.edit-item--markdown').count()).toBe(1);
    // Redo puts the drag back (at its default width), for both.
    await alice.keyboard.press('Control+Shift+Z');
    await grid(bob).locator('.edit-item--chart .edit-chart[data-width="4"]').waitFor();
    await grid(alice).locator('.edit-item--chart .edit-chart[data-width="4"]').waitFor();
  });

  it('A saves; the viewer sees the saved version', async () => {
    // The viewer has the dashboard open in view mode meanwhile: she sees the last saved (empty) version
    // and is no editor, so no avatar of hers shows up at the editors.
    await carol.goto(`${server!.baseUrl}/dashboard/${dashboardId}/`);
    await carol.getByRole('heading', { level: 1, name: 'Co-edited with a chart' }).waitFor();
    expect(await carol.locator(`[data-testid="dashboard-grid"] [data-chart-id="${chartId}"]`).count()).toBe(0);
    expect(await alice.getByLabel('carol is editing').count()).toBe(0);

    await alice.getByRole('button', { name: 'Save' }).click();
    await alice.getByTestId('edit-mode').waitFor({ state: 'detached' });
    await carol.reload();
    const view = carol.getByTestId('dashboard-grid');
    await view.locator(`[data-chart-id="${chartId}"]`).waitFor();
    await view.locator('.dashboard-markdown-holder').waitFor();
    // The viewer is not editing: no edit grid.
    expect(await carol.getByTestId('edit-grid').count()).toBe(0);
    await carol.locator(`[data-chart-id="${chartId}"][data-status="rendered"]`).waitFor({ timeout: 60_000 });
    await carol.getByTestId('dashboard-grid').getByRole('gridcell', { name: 'Japan', exact: true }).waitFor();
    await carol.screenshot({ path: join(ARTIFACTS, 'dashboard-coedit-viewer.png') });
    // The saved layout is what the editors ended with: A's chart back at its default 4 columns, B's markdown.
    const saved = await api.call<{ result: { position_json: string } }>(
      'GET',
      `/api/v1/dashboard/${dashboardId}`,
      adminToken,
    );
    const items = Object.values(
      JSON.parse(saved.body.result.position_json) as Record<
        string,
        { type?: string; meta?: { chartId?: number; width?: number } }
      >,
    );
    expect(items.filter((c) => c.type === 'CHART').map((c) => [c.meta?.chartId, c.meta?.width])).toEqual([
      [chartId, 4],
    ]);
    expect(items.filter((c) => c.type === 'MARKDOWN')).toHaveLength(1);
  });

  it('the version history lists both users’ changes', async () => {
    await bob.getByRole('button', { name: 'Version history' }).click();
    const history = bob.getByRole('complementary', { name: 'Version history' });
    const saved = history.locator('[data-version="2"]');
    await saved.waitFor();
    const text = await saved.innerText();
    expect(text).toContain('admin');
    expect(text).toContain('bob');
    await history.locator('[data-version="1"]').waitFor();
    await bob.screenshot({ path: join(ARTIFACTS, 'dashboard-coedit-history.png') });

    const versions = await api.call<Versions>('GET', `/api/v1/dashboard/${dashboardId}/versions`, adminToken);
    expect(versions.body.current_version).toBe(2);
    const v2 = versions.body.result.find((v) => v.version === 2)!;
    expect(v2.saved_by.username).toBe('admin');
    const byUser = (name: string) => v2.changes.filter((c) => c.user.username === name).map((c) => c.component_type);
    expect(byUser('admin')).toContain('CHART');
    expect(byUser('bob')).toContain('MARKDOWN');
  });

  it('restoring the first version works: a new version, seen by the viewer', async () => {
    const history = bob.getByRole('complementary', { name: 'Version history' });
    await history.locator('[data-version="1"]').getByRole('button', { name: 'Restore' }).click();
    await bob.getByTestId('toast').filter({ hasText: 'Restored as version 3.' }).waitFor();
    await bob.locator('.edit-item--markdown').waitFor({ state: 'detached' });
    expect(await editedChart(bob).count()).toBe(0);
    await carol.reload();
    await carol.getByRole('heading', { level: 1, name: 'Co-edited with a chart' }).waitFor();
    await carol.getByTestId('dashboard-grid').waitFor({ state: 'attached' });
    expect(await carol.locator(`[data-testid="dashboard-grid"] [data-chart-id="${chartId}"]`).count()).toBe(0);
    expect(await carol.locator('[data-testid="dashboard-grid"] .dashboard-markdown-holder').count()).toBe(0);
    const versions = await api.call<Versions>('GET', `/api/v1/dashboard/${dashboardId}/versions`, adminToken);
    expect(versions.body.current_version).toBe(3);
    expect(versions.body.result[0]).toMatchObject({ version: 3, restored_from: 1 });
  });
});
