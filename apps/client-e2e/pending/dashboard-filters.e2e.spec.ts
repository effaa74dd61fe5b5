import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page, type Response } from 'playwright-core';
import { startStrata, type RunningServer } from '../src/strata-server';

// Native select filter and cross-filters on a dashboard in Chromium against the real server (issue 5).
const ARTIFACTS = join(__dirname, '..', 'artifacts');
mkdirSync(ARTIFACTS, { recursive: true });

let server: RunningServer | undefined;
let browser: Browser | undefined;
let page: Page;
let adminToken = '';
let dashboardId = 0;
let barId = 0;
let tableId = 0;
const FILTER_ID = 'NATIVE_FILTER-origin';

type Row = Record<string, unknown>;

/** The JSON API with an access token (bearer requests need no CSRF token). */
async function call<T>(method: 'GET' | 'POST' | 'PUT', path: string, token: string | null, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${server!.baseUrl}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as T };
}

/** Waits for the next chart data answer of one chart (the query string and form_data name it). */
function chartData(chartId: number): Promise<Response> {
  return page.waitForResponse((r) => {
    if (!r.url().includes('/api/v1/chart/data') || r.request().method() !== 'POST') return false;
    const body = r.request().postDataJSON() as { form_data?: { slice_id?: number } } | null;
    return body?.form_data?.slice_id === chartId;
  });
}

async function rowsOf(response: Response): Promise<Row[]> {
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { result: { data: Row[] }[] };
  return body.result[0].data;
}

const origins = (rows: Row[]) => rows.map((r) => String(r.origin)).sort();
const chart = (id: number) => page.locator(`[data-chart-id="${id}"]`);
const rendered = (id: number) => page.locator(`[data-chart-id="${id}"][data-status="rendered"]`).waitFor({ timeout: 60_000 });
const shot = async (name: string) => {
  // Highcharts animates in JavaScript: let it finish before the picture.
  await page.waitForTimeout(1200);
  await page.screenshot({ path: join(ARTIFACTS, `dashboard-filters-${name}.png`), fullPage: true });
};
/** The table chart's origin cells as drawn (the table is a virtualized ARIA grid). */
async function tableOrigins(): Promise<string[]> {
  const table = chart(tableId).getByRole('grid');
  const headers = await table.getByRole('columnheader').allInnerTexts();
  const column = headers.findIndex((h) => h.trim().startsWith('origin'));
  expect(column).toBeGreaterThanOrEqual(0);
  const rows = table.locator('[role="row"]:not(.viz-table__row--header)');
  const texts: string[] = [];
  for (let i = 0; i < (await rows.count()); i++) texts.push((await rows.nth(i).getByRole('gridcell').nth(column).innerText()).trim());
  return texts.sort();
}

beforeAll(async () => {
  server = await startStrata(join(ARTIFACTS, 'server-dashboard-filters.log'));
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
  page.setDefaultTimeout(30_000);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('native select filter and cross-filters in Chromium', () => {
  let carsId = 0;

  it('sets up two charts on cars, a dashboard holding them and a select filter on origin through the API', async () => {
    const login = await call<{ access_token: string }>('POST', '/api/v1/security/login', null, { username: 'admin', password: server!.adminPassword, provider: 'db' });
    expect(login.status).toBe(200);
    adminToken = login.body.access_token;
    // The example tables become datasets once they are loaded (embedded mode loads them at start).
    const end = Date.now() + 240_000;
    while (!carsId && Date.now() < end) {
      const list = await call<{ result: { id: number; table_name: string }[] }>('GET', `/api/v1/dataset/?q=(page_size:100)`, adminToken);
      carsId = list.body.result?.find((d) => d.table_name === 'cars')?.id ?? 0;
      if (!carsId) await new Promise((r) => setTimeout(r, 2000));
    }
    expect(carsId).toBeGreaterThan(0);

    const dashboard = await call<{ id: number }>('POST', '/api/v1/dashboard/', adminToken, { dashboard_title: 'Cars filtered in e2e' });
    expect(dashboard.status).toBe(201);
    dashboardId = dashboard.body.id;
    const datasource = `${carsId}__table`;
    const base = { datasource_id: carsId, datasource_type: 'table', dashboards: [dashboardId] };
    const bar = await call<{ id: number }>('POST', '/api/v1/chart/', adminToken, {
      ...base,
      slice_name: 'Cars by origin (bar)',
      viz_type: 'echarts_timeseries_bar',
      params: JSON.stringify({ viz_type: 'echarts_timeseries_bar', datasource, x_axis: 'origin', metrics: ['count'], groupby: [], adhoc_filters: [], row_limit: 100, time_range: 'No filter' }),
    });
    expect(bar.status).toBe(201);
    barId = bar.body.id;
    const table = await call<{ id: number }>('POST', '/api/v1/chart/', adminToken, {
      ...base,
      slice_name: 'Cars by origin and cylinders (table)',
      viz_type: 'table',
      params: JSON.stringify({ viz_type: 'table', datasource, query_mode: 'aggregate', groupby: ['origin', 'cylinders'], metrics: ['count'], adhoc_filters: [], row_limit: 100, time_range: 'No filter' }),
    });
    expect(table.status).toBe(201);
    tableId = table.body.id;

    const filters = await call<{ result: { id: string }[] }>('PUT', `/api/v1/dashboard/${dashboardId}/filters`, adminToken, {
      added: [
        {
          id: FILTER_ID,
          type: 'NATIVE_FILTER',
          name: 'Origin',
          filterType: 'filter_select',
          targets: [{ datasetId: carsId, column: { name: 'origin' } }],
          controlValues: { multiSelect: false, enableEmptyFilter: false, defaultToFirstItem: false, inverseSelection: false },
          defaultDataMask: {},
          cascadeParentIds: [],
          scope: { rootPath: ['ROOT_ID'], excluded: [] },
        },
      ],
    });
    expect(filters.status).toBe(200);
    expect(filters.body.result.map((f) => f.id)).toEqual([FILTER_ID]);
  });

  it('opens the dashboard: both charts show every origin', async () => {
    await page.goto(`${server!.baseUrl}/login/`);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(server!.adminPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));

    const [barAnswer, tableAnswer] = [chartData(barId), chartData(tableId)];
    await page.goto(`${server!.baseUrl}/dashboard/${dashboardId}/`);
    const barRows = await rowsOf(await barAnswer);
    const tableRows = await rowsOf(await tableAnswer);
    expect(origins(barRows)).toEqual(['Europe', 'Japan', 'USA']);
    expect(new Set(tableRows.map((r) => r.origin))).toEqual(new Set(['Europe', 'Japan', 'USA']));
    await rendered(barId);
    await rendered(tableId);
    // Drawn: one bar per origin, the table's rows with all three origins.
    expect(await chart(barId).locator('.highcharts-series .highcharts-point').count()).toBe(3);
    expect(new Set(await tableOrigins())).toEqual(new Set(['Europe', 'Japan', 'USA']));
    await shot('unfiltered');
  });

  it('a value chosen in the select filter and applied narrows both charts to that origin', async () => {
    const bar = page.getByRole('complementary', { name: 'Filters' });
    const values = bar.getByRole('group', { name: 'Origin values' });
    await values.getByLabel('Japan', { exact: true }).check();
    const [barAnswer, tableAnswer] = [chartData(barId), chartData(tableId)];
    await bar.getByRole('button', { name: 'Apply filters' }).click();
    const [barResponse, tableResponse] = await Promise.all([barAnswer, tableAnswer]);
    // The filter reaches each query as extra form data.
    for (const response of [barResponse, tableResponse]) {
      const sent = response.request().postDataJSON() as { form_data: { extra_form_data: { filters: { col: string; op: string; val: unknown[] }[] } } };
      expect(sent.form_data.extra_form_data.filters).toEqual([{ col: 'origin', op: 'IN', val: ['Japan'] }]);
    }
    expect(origins(await rowsOf(barResponse))).toEqual(['Japan']);
    const tableRows = await rowsOf(tableResponse);
    expect(tableRows.length).toBeGreaterThan(0);
    expect(new Set(tableRows.map((r) => r.origin))).toEqual(new Set(['Japan']));
    await rendered(barId);
    await rendered(tableId);
    expect(await chart(barId).locator('.highcharts-series .highcharts-point').count()).toBe(1);
    expect(new Set(await tableOrigins())).toEqual(new Set(['Japan']));
    await shot('native-filter');
  });

  it('clearing the filter and clicking a bar cross-filters the other chart', async () => {
    const bar = page.getByRole('complementary', { name: 'Filters' });
    const [barAnswer, tableAnswer] = [chartData(barId), chartData(tableId)];
    await bar.getByRole('button', { name: 'Clear all' }).click();
    if (await bar.getByRole('button', { name: 'Apply filters' }).isEnabled()) await bar.getByRole('button', { name: 'Apply filters' }).click();
    const barRows = await rowsOf(await barAnswer);
    expect(origins(await rowsOf(await tableAnswer))).toEqual(expect.arrayContaining(['Europe', 'Japan', 'USA']));
    await rendered(barId);
    await rendered(tableId);
    expect(await chart(barId).locator('.highcharts-series .highcharts-point').count()).toBe(3);

    // The bars are drawn in the order of the answer's rows: click Europe's.
    const europe = barRows.findIndex((r) => r.origin === 'Europe');
    expect(europe).toBeGreaterThanOrEqual(0);
    const tableAfter = chartData(tableId);
    await chart(barId).locator('.highcharts-series .highcharts-point').nth(europe).click();
    const response = await tableAfter;
    const sent = response.request().postDataJSON() as { form_data: { extra_form_data: { filters?: { col: string; op: string; val: unknown[] }[] } } };
    expect(sent.form_data.extra_form_data.filters).toEqual([{ col: 'origin', op: 'IN', val: ['Europe'] }]);
    const rows = await rowsOf(response);
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.origin))).toEqual(new Set(['Europe']));
    await rendered(tableId);
    expect(new Set(await tableOrigins())).toEqual(new Set(['Europe']));
    // The clicked chart itself keeps all its bars and shows the cross-filter badge.
    expect(await chart(barId).locator('.highcharts-series .highcharts-point').count()).toBe(3);
    await chart(barId).getByText('Cross-filter: Europe').waitFor();
    await shot('cross-filter');
  });
});
