import { join } from 'node:path';
import type { Page, Response } from 'playwright-core';
import { Stage } from './stage';
import { ARTIFACTS } from './support';

// Drill to detail from a bar of a dashboard chart in Chromium against the real server (issue 16 item 3):
// right click on Japan's bar, "Drill to detail by Japan", and the modal lists the rows behind that bar,
// 50 a page, the same rows a hand-written SQL query gives.

const stage = new Stage('drill');
let page: Page;
let dashboardId = 0;
let barId = 0;
let databaseId = 0;

type Row = Record<string, unknown>;

/** A hand-written query on the examples database, as the admin. */
const sql = (text: string): Promise<Row[]> => stage.sql(databaseId, text);

const chart = (id: number) => page.locator(`[data-chart-id="${id}"]`);
const modal = () => page.getByRole('dialog', { name: 'Drill to detail' });

/** The first column of the drilled rows as drawn, and its name. */
async function drawnColumn(): Promise<{ column: string; values: string[] }> {
  const table = modal().getByRole('table', { name: 'Drilled rows' });
  const column = (await table.locator('thead th').first().innerText()).trim();
  const values = (await table.locator('tbody tr td:first-child').allInnerTexts()).map((v) => v.trim());
  return { column, values };
}

/** Waits until the drill by modal draws `n` bars (its chart is redrawn once the new answer is in). */
const barsInDialog = (n: number) =>
  page.waitForFunction(
    (count) =>
      document.querySelectorAll('[role="dialog"][aria-label="Drill by"] .highcharts-series .highcharts-point')
        .length === count,
    n,
    { timeout: 30_000 },
  );

const samplesAnswer = () =>
  page.waitForResponse((r: Response) => r.url().includes('/datasource/samples') && r.request().method() === 'POST');

beforeAll(async () => {
  const { api, adminToken } = await stage.start();
  const carsId = await api.datasetId(adminToken, 'cars');
  const dataset = await api.call<{ result: { database: { id: number } } }>(
    'GET',
    `/api/v1/dataset/${carsId}`,
    adminToken,
  );
  databaseId = dataset.body.result.database.id;
  const dashboard = await api.call<{ id: number }>('POST', '/api/v1/dashboard/', adminToken, {
    dashboard_title: 'Cars to drill into',
  });
  expect(dashboard.status).toBe(201);
  dashboardId = dashboard.body.id;
  const bar = await api.call<{ id: number }>('POST', '/api/v1/chart/', adminToken, {
    datasource_id: carsId,
    datasource_type: 'table',
    dashboards: [dashboardId],
    slice_name: 'Cars by origin',
    viz_type: 'echarts_timeseries_bar',
    params: JSON.stringify({
      viz_type: 'echarts_timeseries_bar',
      datasource: `${carsId}__table`,
      x_axis: 'origin',
      metrics: ['count'],
      groupby: [],
      adhoc_filters: [],
      row_limit: 100,
      time_range: 'No filter',
    }),
  });
  expect(bar.status).toBe(201);
  barId = bar.body.id;
  page = await stage.signIn('admin', stage.server.adminPassword);
}, 300_000);

afterAll(async () => {
  await stage.stop();
});

describe('drill to detail in Chromium', () => {
  it("drill to detail from a bar shows its rows: Japan's cars, 50 a page, as SQL gives them", async () => {
    const chartAnswer = page.waitForResponse((r) => {
      if (!r.url().includes('/api/v1/chart/data') || r.request().method() !== 'POST') return false;
      return (r.request().postDataJSON() as { form_data?: { slice_id?: number } }).form_data?.slice_id === barId;
    });
    await page.goto(`${stage.server.baseUrl}/dashboard/${dashboardId}/`);
    const rows = ((await (await chartAnswer).json()) as { result: { data: Row[] }[] }).result[0].data;
    await page.locator(`[data-chart-id="${barId}"][data-status="rendered"]`).waitFor({ timeout: 60_000 });
    // The bars are drawn in the order of the answer's rows: right click Japan's.
    const japan = rows.findIndex((r) => r.origin === 'Japan');
    expect(japan).toBeGreaterThanOrEqual(0);
    await chart(barId).locator('.highcharts-series .highcharts-point').nth(japan).click({ button: 'right' });
    const firstPage = samplesAnswer();
    await page.getByRole('menuitem', { name: 'Drill to detail by Japan' }).click();
    expect((await firstPage).status()).toBe(200);

    const [{ n }] = (await sql("SELECT count(*)::int AS n FROM cars WHERE origin = 'Japan'")) as { n: number }[];
    await expect(modal().getByTestId('drill-count').innerText()).resolves.toBe(
      `${n} rows · page 1 of ${Math.ceil(n / 50)}`,
    );
    const shown = await drawnColumn();
    const quoted = `"${shown.column.replace(/"/g, '""')}"`;
    const expected = await sql(`SELECT ${quoted} AS v FROM cars WHERE origin = 'Japan' ORDER BY ${quoted} LIMIT 50`);
    expect(shown.values).toEqual(expected.map((r) => (r.v === null ? '' : String(r.v))));
    await page.screenshot({ path: join(ARTIFACTS, 'drill-detail.png') });

    // Next: the following 50 rows.
    const secondPage = samplesAnswer();
    await modal().getByRole('button', { name: 'Next' }).click();
    expect((await secondPage).status()).toBe(200);
    await modal()
      .getByText(`page 2 of ${Math.ceil(n / 50)}`)
      .waitFor();
    const next = await sql(
      `SELECT ${quoted} AS v FROM cars WHERE origin = 'Japan' ORDER BY ${quoted} LIMIT 50 OFFSET 50`,
    );
    await expect(drawnColumn().then((d) => d.values)).resolves.toEqual(
      next.map((r) => (r.v === null ? '' : String(r.v))),
    );
    await modal().getByRole('button', { name: 'Close' }).click();
    await expect(modal().count()).resolves.toBe(0);
  });

  it("drill by cylinders from Japan's bar draws one bar per cylinder count of Japan's cars, then by year from the modal", async () => {
    const japanBar = chart(barId).locator('.highcharts-series .highcharts-point');
    const rows = await sql("SELECT DISTINCT cylinders FROM cars WHERE origin = 'Japan'");
    // The x axis labels are in the order of the bars.
    const labels = (await chart(barId).locator('.highcharts-xaxis-labels text').allTextContents()).map((l) => l.trim());
    await japanBar.nth(labels.indexOf('Japan')).click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Drill by ›' }).click();
    const drilled = page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/chart/data') && r.request().method() === 'POST',
    );
    await page.getByRole('menuitem', { name: 'cylinders', exact: true }).click();
    expect((await drilled).status()).toBe(200);
    const dialog = page.getByRole('dialog', { name: 'Drill by' });
    await barsInDialog(rows.length);
    // Another column from the modal: one bar per model year of Japan's cars.
    const years = await sql("SELECT DISTINCT year FROM cars WHERE origin = 'Japan'");
    const regrouped = page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/chart/data') && r.request().method() === 'POST',
    );
    await dialog.getByLabel('Group by').selectOption('year');
    expect((await regrouped).status()).toBe(200);
    await barsInDialog(years.length);
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  it('the chart menu hands out an embed code whose absolute link opens the chart', async () => {
    await chart(barId).getByRole('button', { name: 'More options for Cars by origin' }).click();
    await page.getByRole('menuitem', { name: 'Embed code' }).click();
    const code = await page.getByRole('textbox', { name: 'Embed code' }).inputValue();
    const src = /src="([^"]+)"/.exec(code)?.[1] ?? '';
    expect(src).toMatch(new RegExp(`^${stage.server.baseUrl}/explore/p/[\\w-]+/\\?standalone=1&height=400$`));
    const key = /\/explore\/p\/([\w-]+)\//.exec(src)![1];
    const link = await page.request.get(`${stage.server.baseUrl}/api/v1/explore/permalink/${key}`);
    expect(link.status()).toBe(200);
    expect(((await link.json()) as { state: { formData: Row } }).state.formData).toMatchObject({ x_axis: 'origin' });
  });
});
