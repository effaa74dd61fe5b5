/**
 * The built client works under the server's Content-Security-Policy: the main pages are used as a user
 * does (the home page, SQL Lab running a query in the ace editor, a dashboard drawing a Highcharts chart,
 * Explore on that chart, a PNG download), and the browser reports no violation on any of them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './chromium';
import { startStrata, type RunningServer } from './strata-server';
import { ARTIFACTS, jsonApi } from './support';

let server: RunningServer | undefined;
let browser: Browser | undefined;
let page: Page;
let dashboardId = 0;
let chartId = 0;
/** Every violation the page reported, from its own event and from the console. */
const violations: string[] = [];

beforeAll(async () => {
  server = await startStrata(join(ARTIFACTS, 'server-csp.log'));
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1400, height: 900 }, acceptDownloads: true });
  page.setDefaultTimeout(30_000);
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(
        `CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`,
      );
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy|CSP violation/i.test(message.text())) violations.push(message.text());
  });
  page.on('pageerror', (error) => {
    if (/Content Security Policy|unsafe-eval|unsafe-inline/i.test(error.message)) violations.push(error.message);
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the pages under the Content-Security-Policy', () => {
  it('sets up a dashboard with a bar chart on cars through the API', async () => {
    const api = jsonApi(server!.baseUrl);
    const token = await api.token('admin', server!.adminPassword);
    const carsId = await api.datasetId(token, 'cars');
    const dashboard = await api.call<{ id: number }>('POST', '/api/v1/dashboard/', token, {
      dashboard_title: 'Cars under the CSP',
    });
    expect(dashboard.status).toBe(201);
    dashboardId = dashboard.body.id;
    const datasource = `${carsId}__table`;
    const bar = await api.call<{ id: number }>('POST', '/api/v1/chart/', token, {
      datasource_id: carsId,
      datasource_type: 'table',
      dashboards: [dashboardId],
      slice_name: 'Cars by origin under the CSP',
      viz_type: 'echarts_timeseries_bar',
      params: JSON.stringify({
        viz_type: 'echarts_timeseries_bar',
        datasource,
        x_axis: 'origin',
        metrics: ['count'],
        groupby: [],
        adhoc_filters: [],
        row_limit: 100,
        time_range: 'No filter',
      }),
    });
    expect(bar.status).toBe(201);
    chartId = bar.body.id;
  });

  it('signs in and shows the home page, served with the policy', async () => {
    const login = await page.goto(`${server!.baseUrl}/login/`);
    const headers = login!.headers();
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers['x-content-type-options']).toBe('nosniff');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(server!.adminPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Welcome, Strata Admin' }).waitFor();
  });

  it('SQL Lab: the ace editor, a query and its results', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'SQL Lab' }).click();
    await page.waitForURL('**/sqllab/');
    await page.getByTestId('sql-editor').click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    await page.keyboard.type('SELECT 1 AS one, 2 AS two', { delay: 5 });
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page.getByRole('grid', { name: 'Query results' }).getByRole('columnheader', { name: 'two' }).waitFor();
  });

  it('a dashboard draws its Highcharts chart and downloads it as PNG; Explore opens it', async () => {
    await page.goto(`${server!.baseUrl}/dashboard/${dashboardId}/`);
    await page.locator(`[data-chart-id="${chartId}"][data-status="rendered"]`).waitFor({ timeout: 60_000 });
    await page.locator(`[data-chart-id="${chartId}"] .highcharts-series .highcharts-point`).first().waitFor();
    // The image is drawn through an SVG data: URL on a canvas, then saved from a blob: URL.
    const chart = page.locator(`[data-chart-id="${chartId}"]`);
    await chart.getByRole('button', { name: 'More options for Cars by origin under the CSP' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      chart.getByRole('menuitem', { name: 'Download as image' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.png$/);
    const png = readFileSync((await download.path())!);
    expect([...png.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect(png.length).toBeGreaterThan(5_000);
    await page.goto(`${server!.baseUrl}/explore/?slice_id=${chartId}`);
    await page.locator('.highcharts-series .highcharts-point').first().waitFor();
  });

  it('reported no CSP violation on any of these pages', () => {
    expect(violations).toEqual([]);
  });
});
