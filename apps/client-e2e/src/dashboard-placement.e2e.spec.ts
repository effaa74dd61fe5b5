import { join } from 'node:path';
import { type Page } from 'playwright-core';
import { BOB, createCarsChart, createDashboard, createUser, openEditMode } from './dashboard-support';
import { Stage } from './stage';
import { ARTIFACTS } from './support';

// Issue 12, item 6 in Chromium: a chart saved from Explore onto a dashboard lands in the first row with room
// at width 4; and while two users edit, each sees what the other has selected.

const stage = new Stage('dashboard-placement');
let dashboardId = 0;
let baseChartId = 0;
let placedChartId = 0;
const BOARD = 'Placement board';
const BASE = 'Placement base';
const PLACED = 'Placed from Explore';
const BOB_PASSWORD = 'bob-placement-password';

type Component = { id: string; type?: string; children?: string[]; meta?: { chartId?: number; width?: number } };
async function savedLayout(): Promise<Record<string, Component>> {
  const answer = await stage.api.call<{ result: { position_json: string } }>(
    'GET',
    `/api/v1/dashboard/${dashboardId}`,
    stage.adminToken,
  );
  return JSON.parse(answer.body.result.position_json) as Record<string, Component>;
}

beforeAll(async () => {
  const { api, adminToken } = await stage.start();
  const bobId = await createUser(api, adminToken, { ...BOB, password: BOB_PASSWORD });
  dashboardId = await createDashboard(api, adminToken, { dashboard_title: BOARD, owners: [bobId], published: true });
  // A chart already on the dashboard: its row holds 4 of 12 columns, so it has room for another.
  baseChartId = await createCarsChart(api, adminToken, { slice_name: BASE, dashboards: [dashboardId] });
}, 400_000);

afterAll(() => stage.stop());

describe('charts placed from Explore, and presence, in Chromium', () => {
  it('a chart saved from Explore onto a dashboard with a row with room goes into that row, 4 columns wide', async () => {
    const page = await stage.signIn('admin', stage.server.adminPassword);
    await page.goto(`${stage.server.baseUrl}/explore/?slice_id=${baseChartId}`);
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
    await page.goto(`${stage.server.baseUrl}/dashboard/${dashboardId}/`);
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
    const alice = await stage.signIn('admin', stage.server.adminPassword);
    const bob = await stage.signIn('bob', BOB_PASSWORD);
    await openEditMode(stage.server.baseUrl, dashboardId, alice, bob);
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
