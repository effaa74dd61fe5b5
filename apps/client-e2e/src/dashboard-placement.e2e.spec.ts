import { join } from 'node:path';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { launchChromium } from './chromium';
import { startStrata, type RunningServer } from './strata-server';
import { ARTIFACTS, jsonApi, signIn as signInTo } from './support';

// Issue 12, item 6 in Chromium: a chart saved from Explore onto a dashboard lands in the first row with room
// at width 4; and while two users edit, each sees what the other has selected.

let server: RunningServer | undefined;
let browser: Browser | undefined;
const contexts: BrowserContext[] = [];
let api: ReturnType<typeof jsonApi>;
let adminToken = '';
let dashboardId = 0;
let baseChartId = 0;
let placedChartId = 0;
const BOARD = 'Placement board';
const BASE = 'Placement base';
const PLACED = 'Placed from Explore';
const BOB_PASSWORD = 'bob-placement-password';

async function signIn(username: string, password: string): Promise<Page> {
  const { context, page } = await signInTo(browser!, server!.baseUrl, username, password);
  contexts.push(context);
  return page;
}

type Component = { id: string; type?: string; children?: string[]; meta?: { chartId?: number; width?: number } };
async function savedLayout(): Promise<Record<string, Component>> {
  const answer = await api.call<{ result: { position_json: string } }>(
    'GET',
    `/api/v1/dashboard/${dashboardId}`,
    adminToken,
  );
  return JSON.parse(answer.body.result.position_json) as Record<string, Component>;
}

beforeAll(async () => {
  server = await startStrata(join(ARTIFACTS, 'server-dashboard-placement.log'));
  api = jsonApi(server.baseUrl);
  browser = await launchChromium();
  adminToken = await api.token('admin', server.adminPassword);
  const bob = await api.call<{ id: number }>('POST', '/api/v1/security/users', adminToken, {
    username: 'bob',
    password: BOB_PASSWORD,
    first_name: 'Bob',
    last_name: 'Editor',
    roles: ['Gamma'],
  });
  expect(bob.status).toBe(201);
  const dashboard = await api.call<{ id: number }>('POST', '/api/v1/dashboard/', adminToken, {
    dashboard_title: BOARD,
    owners: [bob.body.id],
    published: true,
  });
  expect(dashboard.status).toBe(201);
  dashboardId = dashboard.body.id;
  // A chart already on the dashboard: its row holds 4 of 12 columns, so it has room for another.
  const carsId = await api.datasetId(adminToken, 'cars');
  const chart = await api.call<{ id: number }>('POST', '/api/v1/chart/', adminToken, {
    slice_name: BASE,
    viz_type: 'table',
    datasource_id: carsId,
    datasource_type: 'table',
    dashboards: [dashboardId],
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
  baseChartId = chart.body.id;
}, 400_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
});

describe('charts placed from Explore, and presence, in Chromium', () => {
  it('a chart saved from Explore onto a dashboard with a row with room goes into that row, 4 columns wide', async () => {
    const page = await signIn('admin', server!.adminPassword);
    await page.goto(`${server!.baseUrl}/explore/?slice_id=${baseChartId}`);
    await page.waitForFunction(
      () => document.querySelector('[data-testid="chart-status"]')?.textContent === 'Rendered',
      undefined,
      { timeout: 60_000 },
    );
    await page.locator('.explore-header').getByRole('button', { name: 'Save', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'Save chart' });
    await modal.getByLabel('Save as…').check();
    await modal.getByLabel('Chart name').fill(PLACED);
    await modal.locator('option', { hasText: BOARD }).waitFor({ state: 'attached' });
    await modal.getByLabel('Add to dashboard').selectOption({ label: BOARD });
    await modal.getByRole('button', { name: 'Save', exact: true }).click();
    await page
      .getByTestId('toast')
      .filter({ hasText: `Chart [${PLACED}] was added to dashboard [${BOARD}]` })
      .waitFor();
    await page.waitForURL(/\/explore\/\?slice_id=\d+$/);
    placedChartId = Number(new URL(page.url()).searchParams.get('slice_id'));
    expect(placedChartId).not.toBe(baseChartId);

    // The saved layout: one row, the base chart then the new one, both 4 wide.
    const layout = await savedLayout();
    const rows = layout.GRID_ID!.children!.map((rowId) =>
      layout[rowId]!.children!.map((id) => [layout[id]!.meta?.chartId, layout[id]!.meta?.width]),
    );
    expect(rows).toEqual([
      [
        [baseChartId, 4],
        [placedChartId, 4],
      ],
    ]);

    // What the dashboard shows: both charts side by side in one row, the new one 4 columns wide.
    await page.goto(`${server!.baseUrl}/dashboard/${dashboardId}/`);
    const view = page.getByTestId('dashboard-grid');
    const row = view
      .locator('.dashboard-row')
      .filter({ has: page.locator(`[data-chart-id="${baseChartId}"]`) })
      .filter({ has: page.locator(`[data-chart-id="${placedChartId}"]`) });
    await row.waitFor();
    await row.locator(`.dashboard-component[data-width="4"]:has([data-chart-id="${placedChartId}"])`).waitFor();
    const base = (await view.locator(`[data-chart-id="${baseChartId}"]`).boundingBox())!;
    const placed = (await view.locator(`[data-chart-id="${placedChartId}"]`).boundingBox())!;
    expect(Math.abs(placed.y - base.y)).toBeLessThan(2);
    expect(placed.x).toBeGreaterThan(base.x + base.width);
    await page.screenshot({ path: join(ARTIFACTS, 'dashboard-placement-row.png') });
  });

  it('Bob selects a chart in edit mode; Alice sees it outlined with his name, and his tooltip says which', async () => {
    const alice = await signIn('admin', server!.adminPassword);
    const bob = await signIn('bob', BOB_PASSWORD);
    await alice.goto(`${server!.baseUrl}/dashboard/${dashboardId}/?edit=true`);
    await bob.goto(`${server!.baseUrl}/dashboard/${dashboardId}/?edit=true`);
    await alice.getByTestId('edit-grid').waitFor();
    await bob.getByTestId('edit-grid').waitFor();
    const bobAvatar = alice.getByLabel('bob is editing');
    await bobAvatar.waitFor();
    expect(await bobAvatar.getAttribute('title')).toBe('bob is editing and has nothing selected');

    const itemOf = (page: Page, chartId: number) =>
      page
        .getByTestId('edit-grid')
        .locator('.edit-item--chart')
        .filter({ has: page.locator(`[data-chart-id="${chartId}"]`) });
    // Bob clicks his chart's handle corner (the chart body is the chart's own to click).
    await itemOf(bob, placedChartId).locator('.edit-item__handle').click();
    const atAlice = itemOf(alice, placedChartId);
    const label = atAlice.locator('.edit-item__peer', { hasText: 'bob' });
    await label.waitFor();
    const colours = await atAlice.evaluate((el) => {
      const tag = el.querySelector('.edit-item__peer')!;
      return { outline: getComputedStyle(el).outlineColor, tag: getComputedStyle(tag).backgroundColor };
    });
    expect(colours.outline).toBe(colours.tag);
    expect(await atAlice.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
    // The base chart next to it is not Bob's: no outline there.
    expect(await itemOf(alice, baseChartId).locator('.edit-item__peers').count()).toBe(0);
    await alice.waitForFunction(
      (title) => document.querySelector('[aria-label="bob is editing"]')?.getAttribute('title') === title,
      `bob is editing and has selected chart “${PLACED}”`,
    );
    await alice.screenshot({ path: join(ARTIFACTS, 'dashboard-placement-presence.png') });
  });
});
