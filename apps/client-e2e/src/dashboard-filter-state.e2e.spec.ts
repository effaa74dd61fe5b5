import { join } from 'node:path';
import { type Browser, type Page, type Response } from 'playwright-core';
import { launchChromium } from './chromium';
import { startStrata, type RunningServer } from './strata-server';
import { ARTIFACTS, jsonApi } from './support';

// Issue 16 item 1 in Chromium against the real server: a value chosen in the dashboard's filter bar is
// kept under a native_filters_key in the address, so a reload applies it again, and a change made just
// before leaving is not lost.

let server: RunningServer | undefined;
let browser: Browser | undefined;
let page: Page;
let api: ReturnType<typeof jsonApi>;
let adminToken = '';
let dashboardId = 0;
let barId = 0;
const FILTER_ID = 'NATIVE_FILTER-origin';

/** The filters the next chart data request of the bar chart sends (on this test's page, or `on`). */
function barFilters(on: Page = page): Promise<unknown> {
  return on
    .waitForResponse((r: Response) => {
      if (!r.url().includes('/api/v1/chart/data') || r.request().method() !== 'POST') return false;
      const body = r.request().postDataJSON() as { form_data?: { slice_id?: number } } | null;
      return body?.form_data?.slice_id === barId;
    })
    .then((r) => {
      const sent = r.request().postDataJSON() as { form_data: { extra_form_data?: { filters?: unknown[] } } };
      return sent.form_data.extra_form_data?.filters ?? [];
    });
}

const keyOf = (url: string) => new URL(url).searchParams.get('native_filters_key');

/** The origin values kept under the key, read as the API answers them. */
async function keptValues(key: string): Promise<unknown> {
  const got = await api.call<{ value: string }>(
    'GET',
    `/api/v1/dashboard/${dashboardId}/filter_state/${key}`,
    adminToken,
  );
  expect(got.status).toBe(200);
  const state = JSON.parse(got.body.value) as { dataMask: Record<string, { filterState?: { value?: unknown } }> };
  return state.dataMask[FILTER_ID]?.filterState?.value;
}

beforeAll(async () => {
  server = await startStrata(join(ARTIFACTS, 'server-dashboard-filter-state.log'));
  api = jsonApi(server.baseUrl);
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
  page.setDefaultTimeout(30_000);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('dashboard filters kept under a native_filters_key in Chromium', () => {
  it('sets up a chart on cars and a dashboard with a select filter on origin through the API', async () => {
    adminToken = await api.token('admin', server!.adminPassword);
    const carsId = await api.datasetId(adminToken, 'cars');
    const dashboard = await api.call<{ id: number }>('POST', '/api/v1/dashboard/', adminToken, {
      dashboard_title: 'Cars kept filters e2e',
    });
    expect(dashboard.status).toBe(201);
    dashboardId = dashboard.body.id;
    const datasource = `${carsId}__table`;
    const bar = await api.call<{ id: number }>('POST', '/api/v1/chart/', adminToken, {
      datasource_id: carsId,
      datasource_type: 'table',
      dashboards: [dashboardId],
      slice_name: 'Cars by origin (kept filters)',
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
    const filters = await api.call('PUT', `/api/v1/dashboard/${dashboardId}/filters`, adminToken, {
      added: [
        {
          id: FILTER_ID,
          type: 'NATIVE_FILTER',
          name: 'Origin',
          filterType: 'filter_select',
          targets: [{ datasetId: carsId, column: { name: 'origin' } }],
          controlValues: { multiSelect: true, enableEmptyFilter: false, defaultToFirstItem: false },
          defaultDataMask: {},
          cascadeParentIds: [],
          scope: { rootPath: ['ROOT_ID'], excluded: [] },
        },
      ],
    });
    expect(filters.status).toBe(200);
  });

  it('a chosen value puts a key in the address; a reload applies it again', async () => {
    await page.goto(`${server!.baseUrl}/login/`);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(server!.adminPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));

    const first = barFilters();
    await page.goto(`${server!.baseUrl}/dashboard/${dashboardId}/`);
    expect(await first).toEqual([]);
    const bar = page.getByRole('complementary', { name: 'Filters' });
    await bar.getByRole('group', { name: 'Origin values' }).getByLabel('Japan', { exact: true }).check();
    const applied = barFilters();
    await bar.getByRole('button', { name: 'Apply filters' }).click();
    expect(await applied).toEqual([{ col: 'origin', op: 'IN', val: ['Japan'] }]);
    await page.waitForURL((url) => url.searchParams.has('native_filters_key'));
    const key = keyOf(page.url())!;
    expect(await keptValues(key)).toEqual(['Japan']);

    const reloaded = barFilters();
    await page.reload();
    expect(await reloaded).toEqual([{ col: 'origin', op: 'IN', val: ['Japan'] }]);
    await expect(
      bar.getByRole('group', { name: 'Origin values' }).getByLabel('Japan', { exact: true }).isChecked(),
    ).resolves.toBe(true);
    expect(keyOf(page.url())).toBe(key);
    await page.screenshot({ path: join(ARTIFACTS, 'dashboard-filter-state-reloaded.png'), fullPage: true });
  });

  it('Copy permalink copies an absolute link that opens, in another browser, with the filter applied', async () => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server!.baseUrl });
    await page.getByRole('button', { name: 'Copy permalink' }).click();
    await page.getByText('Copied to clipboard!').waitFor();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`^${server!.baseUrl}/superset/dashboard/p/[^/]+/$`));

    // Someone else: a new browser context with a session of its own, no address state, no local storage.
    const other = await browser!.newContext({ viewport: { width: 1440, height: 1000 } });
    try {
      const theirs = await other.newPage();
      theirs.setDefaultTimeout(30_000);
      await theirs.goto(`${server!.baseUrl}/login/`);
      await theirs.getByLabel('Username').fill('admin');
      await theirs.getByLabel('Password').fill(server!.adminPassword);
      await theirs.getByRole('button', { name: 'Sign in' }).click();
      await theirs.waitForURL((url) => !url.pathname.startsWith('/login'));
      const sent = barFilters(theirs);
      await theirs.goto(link);
      expect(await sent).toEqual([{ col: 'origin', op: 'IN', val: ['Japan'] }]);
      const filterBar = theirs.getByRole('complementary', { name: 'Filters' });
      await expect(
        filterBar.getByRole('group', { name: 'Origin values' }).getByLabel('Japan', { exact: true }).isChecked(),
      ).resolves.toBe(true);
      await theirs.screenshot({ path: join(ARTIFACTS, 'dashboard-filter-state-permalink.png'), fullPage: true });
    } finally {
      await other.close();
    }
  });

  it('a change applied just before leaving is sent as the page goes, and reopening the key keeps it', async () => {
    const key = keyOf(page.url())!;
    const bar = page.getByRole('complementary', { name: 'Filters' });
    await bar.getByRole('group', { name: 'Origin values' }).getByLabel('USA', { exact: true }).check();
    await bar.getByRole('button', { name: 'Apply filters' }).click();
    // No wait for the quiet time: the page goes at once and sends the change as it leaves.
    await page.goto(`${server!.baseUrl}/dashboard/list/`);
    for (;;) {
      const values = (await keptValues(key)) as string[];
      if (values.includes('USA')) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
    const reopened = barFilters();
    await page.goto(`${server!.baseUrl}/dashboard/${dashboardId}/?native_filters_key=${key}`);
    const sent = (await reopened) as { val: string[] }[];
    expect(sent[0]!.val.slice().sort()).toEqual(['Japan', 'USA']);
  });
});
