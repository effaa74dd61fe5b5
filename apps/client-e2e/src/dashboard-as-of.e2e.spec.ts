import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { createCarsChart, createDashboard, editGrid, openEditMode } from './dashboard-support';
import { Stage } from './stage';
import { ARTIFACTS } from './support';

// Issue 13, "opens the dashboard as it was before Bob's change": the real dashboard page at
// /superset/dashboard/<id>/?as_of=<log position> shows the title, layout and chart of then, read-only
// under its banner; "Back to now" shows today's.

const stage = new Stage('dashboard-as-of');
let page: Page;
let dashboardId = 0;
let chartId = 0;

beforeAll(async () => {
  await stage.start();
  dashboardId = await createDashboard(stage.api, stage.adminToken, {
    dashboard_title: 'Before the change',
    owners: [],
  });
  chartId = await createCarsChart(stage.api, stage.adminToken, {
    slice_name: 'Cars by origin',
    dashboards: [dashboardId],
  });
  page = await stage.signIn('admin', stage.server.adminPassword);
}, 240_000);

afterAll(() => stage.stop());

/** The log position of the dashboard's latest intent (its history, newest first). */
async function latestPosition(): Promise<number> {
  const answer = await stage.api.call<{ result: { position: number }[] }>(
    'GET',
    `/api/v1/dashboard/${dashboardId}/history`,
    stage.adminToken,
  );
  expect(answer.status).toBe(200);
  return answer.body.result[0]!.position;
}

/** In edit mode, adds a component from the palette and saves; back in view mode after. */
async function addAndSave(button: string): Promise<void> {
  await openEditMode(stage.server.baseUrl, dashboardId, page);
  await page.getByRole('button', { name: button, exact: true }).click();
  await editGrid(page)
    .locator(button === 'Add Header' ? '.edit-item--header' : '.edit-item--markdown')
    .waitFor();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByTestId('edit-mode').waitFor({ state: 'detached' });
}

const title = () => page.getByRole('heading', { level: 1 });
const grid = () => page.getByTestId('dashboard-grid');
const banner = () => page.getByTestId('past-view-banner');
const chart = () => page.getByRole('figure', { name: 'Cars by origin' });

describe('the dashboard as it was (Chromium)', () => {
  let before = 0;

  it('a layout is saved (position N), then the title and layout change', async () => {
    await addAndSave('Add Text / Markdown');
    await grid().locator('.dashboard-markdown-holder').waitFor();
    before = await latestPosition();

    const renamed = await stage.api.call('PUT', `/api/v1/dashboard/${dashboardId}`, stage.adminToken, {
      dashboard_title: 'After the change',
    });
    expect(renamed.status).toBe(200);
    await addAndSave('Add Header');
    await grid().locator('.dashboard-header-component').waitFor();
    expect(await latestPosition()).toBeGreaterThan(before);
  });

  it('?as_of=N draws the old title and layout with the real chart, read-only under the banner', async () => {
    await page.goto(`${stage.server.baseUrl}/superset/dashboard/${dashboardId}/?as_of=${before}`);
    await banner().waitFor();
    expect(await banner().innerText()).toContain(`As it was at log position ${before}`);
    expect(await banner().innerText()).toContain('data as of now');
    await title().filter({ hasText: 'Before the change' }).waitFor();
    await grid().locator('.dashboard-markdown-holder').waitFor();
    expect(await grid().locator('.dashboard-header-component').count()).toBe(0);
    // The real chart, its data queried now.
    await page.locator(`[data-chart-id="${chartId}"][data-status="rendered"]`).waitFor({ timeout: 60_000 });
    await chart().getByText('Japan').first().waitFor();
    expect(await page.getByRole('button', { name: 'Edit dashboard' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Star dashboard' }).isDisabled()).toBe(true);
    await page.screenshot({ path: join(ARTIFACTS, 'dashboard-as-of.png') });
  });

  it('Back to now shows the dashboard as it is today', async () => {
    await banner().getByRole('link', { name: 'Back to now' }).click();
    await title().filter({ hasText: 'After the change' }).waitFor();
    await grid().locator('.dashboard-header-component').waitFor();
    expect(await banner().count()).toBe(0);
    expect(new URL(page.url()).search).toBe('');
    await page.getByRole('button', { name: 'Edit dashboard' }).waitFor();
  });
});
