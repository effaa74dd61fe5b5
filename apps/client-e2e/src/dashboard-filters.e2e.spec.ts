import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type Page, type Response } from 'playwright-core';
import { launchChromium } from './chromium';
import { startStrata, type RunningServer } from './strata-server';
import { ARTIFACTS, jsonApi, signIn } from './support';

// Native select filter and cross-filters on a dashboard in Chromium against the real server (issue 5).

let server: RunningServer | undefined;
let browser: Browser | undefined;
let page: Page;
let adminToken = '';
let api: ReturnType<typeof jsonApi>;
let dashboardId = 0;
let barId = 0;
let tableId = 0;
const FILTER_ID = 'NATIVE_FILTER-origin';

type Row = Record<string, unknown>;

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
const rendered = (id: number) =>
  page.locator(`[data-chart-id="${id}"][data-status="rendered"]`).waitFor({ timeout: 60_000 });
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
  for (let i = 0; i < (await rows.count()); i++)
    texts.push((await rows.nth(i).getByRole('gridcell').nth(column).innerText()).trim());
  return texts.sort();
}

beforeAll(async () => {
  server = await startStrata(join(ARTIFACTS, 'server-dashboard-filters.log'));
  api = jsonApi(server.baseUrl);
  browser = await launchChromium();
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
    adminToken = await api.token('admin', server!.adminPassword);
    // The example tables become datasets once they are loaded (embedded mode loads them at start).
    carsId = await api.datasetId(adminToken, 'cars');

    const dashboard = await api.call<{ id: number }>('POST', '/api/v1/dashboard/', adminToken, {
      dashboard_title: 'Cars filtered in e2e',
    });
    expect(dashboard.status).toBe(201);
    dashboardId = dashboard.body.id;
    const datasource = `${carsId}__table`;
    const base = { datasource_id: carsId, datasource_type: 'table', dashboards: [dashboardId] };
    const bar = await api.call<{ id: number }>('POST', '/api/v1/chart/', adminToken, {
      ...base,
      slice_name: 'Cars by origin (bar)',
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
    barId = bar.body.id;
    const table = await api.call<{ id: number }>('POST', '/api/v1/chart/', adminToken, {
      ...base,
      slice_name: 'Cars by origin and cylinders (table)',
      viz_type: 'table',
      params: JSON.stringify({
        viz_type: 'table',
        datasource,
        query_mode: 'aggregate',
        groupby: ['origin', 'cylinders'],
        metrics: ['count'],
        adhoc_filters: [],
        row_limit: 100,
        time_range: 'No filter',
      }),
    });
    expect(table.status).toBe(201);
    tableId = table.body.id;

    const filters = await api.call<{ result: { id: string }[] }>(
      'PUT',
      `/api/v1/dashboard/${dashboardId}/filters`,
      adminToken,
      {
        added: [
          {
            id: FILTER_ID,
            type: 'NATIVE_FILTER',
            name: 'Origin',
            filterType: 'filter_select',
            targets: [{ datasetId: carsId, column: { name: 'origin' } }],
            controlValues: {
              multiSelect: false,
              enableEmptyFilter: false,
              defaultToFirstItem: false,
              inverseSelection: false,
            },
            defaultDataMask: {},
            cascadeParentIds: [],
            scope: { rootPath: ['ROOT_ID'], excluded: [] },
          },
        ],
      },
    );
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
      const sent = response.request().postDataJSON() as {
        form_data: { extra_form_data: { filters: { col: string; op: string; val: unknown[] }[] } };
      };
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
    if (await bar.getByRole('button', { name: 'Apply filters' }).isEnabled())
      await bar.getByRole('button', { name: 'Apply filters' }).click();
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
    const sent = response.request().postDataJSON() as {
      form_data: { extra_form_data: { filters?: { col: string; op: string; val: unknown[] }[] } };
    };
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

  it('the owner adds a cylinders filter through "Add and edit filters"; it narrows the table once applied', async () => {
    // The bar's cross-filter (Europe) stays on: the new filter narrows the table further.
    await page.getByRole('button', { name: '⚙ Add or edit filters' }).click();
    const modal = page.getByRole('dialog', { name: 'Add and edit filters' });
    await modal.getByRole('button', { name: '+ Add filter' }).click();
    await modal.getByLabel('Filter name').fill('Cylinders');
    await modal.getByLabel('Dataset').selectOption({ label: 'public.cars' });
    await modal.getByLabel('Column').selectOption('cylinders');
    await shot('filter-config-modal');
    const saved = page.waitForResponse(
      (r) => r.url().endsWith(`/api/v1/dashboard/${dashboardId}/filters`) && r.request().method() === 'PUT',
    );
    await modal.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(200);
    await modal.waitFor({ state: 'detached' });

    const bar = page.getByRole('complementary', { name: 'Filters' });
    const values = bar.getByRole('group', { name: 'Cylinders values' });
    await values.getByText('4', { exact: true }).click();
    const tableAnswer = chartData(tableId);
    await bar.getByRole('button', { name: 'Apply filters' }).click();
    const rows = await rowsOf(await tableAnswer);
    expect(new Set(rows.map((r) => Number(r.cylinders)))).toEqual(new Set([4]));
    await rendered(tableId);
    const stored = await api.call<{ result: { json_metadata: string } }>(
      'GET',
      `/api/v1/dashboard/${dashboardId}`,
      adminToken,
    );
    const names = (
      JSON.parse(stored.body.result.json_metadata) as { native_filter_configuration: { name: string }[] }
    ).native_filter_configuration.map((f) => f.name);
    expect(names).toEqual(['Origin', 'Cylinders']);
    await shot('filter-config-applied');
  });

  it("downloads a chart as a PNG image of the chart as drawn, from the chart's menu", async () => {
    await chart(barId).getByRole('button', { name: 'More options for Cars by origin (bar)' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      chart(barId).getByRole('menuitem', { name: 'Download as image' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.png$/);
    const file = join(ARTIFACTS, 'dashboard-filters-download.png');
    await download.saveAs(file);
    const png = readFileSync(file);
    // The PNG signature, then the IHDR chunk with the picture's size: about the chart's box, not empty.
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const box = (await chart(barId).boundingBox())!;
    expect(png.readUInt32BE(16)).toBeGreaterThan(box.width * 0.8);
    expect(png.readUInt32BE(20)).toBeGreaterThan(box.height * 0.5);
    expect(png.length).toBeGreaterThan(5_000);
    // Drawn as the page shows it: the card's white corners, no menu or shadow laid over the chart.
    const corners = await page.evaluate(async (base64) => {
      const image = new Image();
      image.src = `data:image/png;base64,${base64}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      [canvas.width, canvas.height] = [image.width, image.height];
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0);
      const at = (x: number, y: number) => Array.from(context.getImageData(x, y, 1, 1).data);
      return [at(3, image.height - 4), at(image.width - 4, image.height - 4)];
    }, png.toString('base64'));
    expect(corners).toEqual([
      [255, 255, 255, 255],
      [255, 255, 255, 255],
    ]);
  });

  it("the owner narrows the bar chart's cross-filter scope: the table leaves it and shows every origin again", async () => {
    await chart(barId).getByRole('button', { name: 'More options for Cars by origin (bar)' }).click();
    await chart(barId).getByRole('menuitem', { name: 'Cross-filter scope' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cross-filter scope' });
    await dialog.getByLabel('A scope of its own').check();
    await dialog.getByLabel('Apply to specific panels').check();
    await dialog.getByLabel('Filter applies to Cars by origin and cylinders (table)').uncheck();
    const [saved, tableAnswer] = [
      page.waitForResponse(
        (r) => r.url().endsWith(`/api/v1/dashboard/${dashboardId}`) && r.request().method() === 'PUT',
      ),
      chartData(tableId),
    ];
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(200);
    // The table is out of the bar's scope now: Europe's cross-filter no longer narrows it (cylinders 4 still does).
    const rows = await rowsOf(await tableAnswer);
    expect(new Set(rows.map((r) => r.origin))).toEqual(new Set(['Europe', 'Japan', 'USA']));
    const stored = await api.call<{ result: { json_metadata: string } }>(
      'GET',
      `/api/v1/dashboard/${dashboardId}`,
      adminToken,
    );
    const config = (
      JSON.parse(stored.body.result.json_metadata) as {
        chart_configuration: Record<string, { crossFilters: { scope: { excluded: number[] } } }>;
      }
    ).chart_configuration;
    expect(config[String(barId)]!.crossFilters.scope.excluded).toEqual([tableId]);
  });
});

describe('"Dynamically search all filter values" of a select filter in Chromium', () => {
  // airports.city has 2675 distinct values, more than the FILTER_VALUES_ROW_LIMIT (1000) a select filter
  // loads; sorted ascending, the loaded ones end in the H's, so Janesville and Zanesville are not loaded.
  const TYPED = 'anesvil';
  const SEARCH_ALL = 'NATIVE_FILTER-city-search-all';
  const LOADED_ONLY = 'NATIVE_FILTER-city-loaded';
  let airportsDashboard = 0;
  let airportsChart = 0;

  type Filter = { col: string; op: string; val: unknown };
  type Sent = {
    form_data: { slice_id?: number; groupby?: string[]; extra_form_data?: { filters?: Filter[] } };
    queries: { filters?: Filter[] }[];
  };
  const sentOf = (r: Response) => r.request().postDataJSON() as Sent;
  const isChartData = (r: Response) => r.url().includes('/api/v1/chart/data') && r.request().method() === 'POST';
  const isSearch = (r: Response) =>
    isChartData(r) && !!sentOf(r).form_data?.extra_form_data?.filters?.some((f) => f.op === 'ILIKE');
  const cityFilter = (id: string, name: string, searchAllOptions: boolean, airportsId: number) => ({
    id,
    type: 'NATIVE_FILTER',
    name,
    filterType: 'filter_select',
    targets: [{ datasetId: airportsId, column: { name: 'city' } }],
    controlValues: {
      multiSelect: false,
      enableEmptyFilter: false,
      defaultToFirstItem: false,
      inverseSelection: false,
      searchAllOptions,
    },
    defaultDataMask: {},
    cascadeParentIds: [],
    scope: { rootPath: ['ROOT_ID'], excluded: [] },
  });

  it('sets up a table chart on airports and two select filters on city, one searching all values, through the API', async () => {
    adminToken ||= await api.token('admin', server!.adminPassword);
    const airportsId = await api.datasetId(adminToken, 'airports');
    const dashboard = await api.call<{ id: number }>('POST', '/api/v1/dashboard/', adminToken, {
      dashboard_title: 'Airports searched in e2e',
    });
    expect(dashboard.status).toBe(201);
    airportsDashboard = dashboard.body.id;
    const chartAnswer = await api.call<{ id: number }>('POST', '/api/v1/chart/', adminToken, {
      datasource_id: airportsId,
      datasource_type: 'table',
      dashboards: [airportsDashboard],
      slice_name: 'Airports by city (table)',
      viz_type: 'table',
      params: JSON.stringify({
        viz_type: 'table',
        datasource: `${airportsId}__table`,
        query_mode: 'aggregate',
        groupby: ['city', 'state'],
        metrics: ['count'],
        adhoc_filters: [],
        row_limit: 100,
        time_range: 'No filter',
      }),
    });
    expect(chartAnswer.status).toBe(201);
    airportsChart = chartAnswer.body.id;
    const filters = await api.call<{ result: { id: string; controlValues: { searchAllOptions?: boolean } }[] }>(
      'PUT',
      `/api/v1/dashboard/${airportsDashboard}/filters`,
      adminToken,
      {
        added: [
          cityFilter(SEARCH_ALL, 'City searched', true, airportsId),
          cityFilter(LOADED_ONLY, 'City loaded', false, airportsId),
        ],
      },
    );
    expect(filters.status).toBe(200);
    expect(filters.body.result.map((f) => [f.id, f.controlValues.searchAllOptions])).toEqual([
      [SEARCH_ALL, true],
      [LOADED_ONLY, false],
    ]);
  });

  it('opens the dashboard: the filters load only the first FILTER_VALUES_ROW_LIMIT cities, without the one searched for', async () => {
    ({ page } = await signIn(browser!, server!.baseUrl, 'admin', server!.adminPassword));
    page.setDefaultTimeout(30_000);
    const valuesAnswer = page.waitForResponse(
      (r) =>
        isChartData(r) &&
        sentOf(r).form_data?.slice_id === undefined &&
        sentOf(r).form_data?.groupby?.[0] === 'city' &&
        !isSearch(r),
    );
    const chartAnswer = chartData(airportsChart);
    await page.goto(`${server!.baseUrl}/dashboard/${airportsDashboard}/`);
    const loaded = (await rowsOf(await valuesAnswer)).map((r) => String(r.city));
    expect(loaded).toHaveLength(1000);
    expect(loaded.filter((c) => c.toLowerCase().includes(TYPED))).toEqual([]);
    expect((await rowsOf(await chartAnswer)).length).toBe(100);
    await rendered(airportsChart);
    const bar = page.getByRole('complementary', { name: 'Filters' });
    await bar.getByRole('group', { name: 'City loaded values' }).getByRole('radio').first().waitFor();
    await bar.getByRole('group', { name: 'City searched values' }).getByRole('radio').first().waitFor();
  });

  it('with the option off, typing part of a city beyond the loaded ones finds nothing: only loaded values are searched', async () => {
    const bar = page.getByRole('complementary', { name: 'Filters' });
    const searches: Response[] = [];
    const onResponse = (r: Response) => void (isSearch(r) && searches.push(r));
    page.on('response', onResponse);
    await bar.getByLabel('Search City loaded').pressSequentially(TYPED, { delay: 30 });
    const values = bar.getByRole('group', { name: 'City loaded values' });
    await values.getByText('No values', { exact: true }).waitFor();
    // No query went to the database. Rather than wait out the debounce, the same typing in the filter with
    // the option then searches: its query leaves after any the first typing could have started, so by its
    // answer the only search seen must be its own.
    const searched = page.waitForResponse((r) => isSearch(r));
    await bar.getByLabel('Search City searched').pressSequentially(TYPED, { delay: 30 });
    await searched;
    page.off('response', onResponse);
    expect(searches).toHaveLength(1);
    expect(await values.getByRole('radio').count()).toBe(0);
    await bar.getByLabel('Search City loaded').fill('');
    await bar.getByLabel('Search City searched').fill('');
  });

  it('with the option on, the same typing asks the database (ILIKE) and finds it; selected and applied, it narrows the chart', async () => {
    const bar = page.getByRole('complementary', { name: 'Filters' });
    const searchAnswer = page.waitForResponse(
      (r) => isSearch(r) && sentOf(r).form_data.extra_form_data!.filters!.some((f) => f.val === `%${TYPED}%`),
    );
    const input = bar.getByLabel('Search City searched');
    expect(await input.getAttribute('placeholder')).toBe('Search all values');
    await input.pressSequentially(TYPED, { delay: 30 });
    const search = await searchAnswer;
    const sent = sentOf(search);
    expect(sent.form_data.extra_form_data!.filters).toEqual([{ col: 'city', op: 'ILIKE', val: `%${TYPED}%` }]);
    expect(sent.queries[0]!.filters).toEqual(expect.arrayContaining([{ col: 'city', op: 'ILIKE', val: `%${TYPED}%` }]));
    expect((await rowsOf(search)).map((r) => r.city)).toEqual(['Janesville', 'Zanesville']);
    const values = bar.getByRole('group', { name: 'City searched values' });
    await values.getByLabel('Zanesville', { exact: true }).waitFor();
    expect(await values.getByRole('radio').count()).toBe(2);
    await values.getByLabel('Janesville', { exact: true }).waitFor();
    await shot('search-all-values');

    await values.getByLabel('Zanesville', { exact: true }).check();
    const chartAnswer = chartData(airportsChart);
    await bar.getByRole('button', { name: 'Apply filters' }).click();
    const response = await chartAnswer;
    expect(sentOf(response).form_data.extra_form_data!.filters).toEqual([
      { col: 'city', op: 'IN', val: ['Zanesville'] },
    ]);
    const rows = await rowsOf(response);
    expect(rows.map((r) => [r.city, r.state, Number(r.count)])).toEqual([['Zanesville', 'OH', 1]]);
    await rendered(airportsChart);
    await chart(airportsChart).getByRole('gridcell', { name: 'Zanesville', exact: true }).waitFor();
    await shot('search-all-values-applied');
  });
});
