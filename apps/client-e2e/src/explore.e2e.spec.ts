import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type Page } from 'playwright-core';
import { launchChromium } from './chromium';
import { startStrata, type RunningServer } from './strata-server';

// Explore in Chromium against the real server (embedded mode): screenshots to artifacts/ (gitignored).
const ARTIFACTS = join(__dirname, '..', 'artifacts');
mkdirSync(ARTIFACTS, { recursive: true });

let server: RunningServer | undefined;
let browser: Browser | undefined;
let page: Page;
const DASHBOARD = `E2E cars and flights ${Date.now().toString(36)}`;
const BAR = 'Average horsepower by origin';
const LINE = 'Flights per day';

// Highcharts animates series in JavaScript (CSS 'animations: disabled' does not reach it): let it finish.
const shot = async (name: string) => {
  await page.waitForTimeout(1500);
  await page.screenshot({ path: join(ARTIFACTS, `explore-${name}.png`), animations: 'disabled' });
};

/** Asks again until the answer holds, as a user refreshing a list would. */
async function eventually<T>(read: () => Promise<T>, holds: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (holds(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** The JSON API with the page's session (the browser context's cookies). */
async function api<T>(path: string): Promise<T> {
  const response = await page.request.get(`${server!.baseUrl}${path}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as T;
}

async function pickDataset(name: string) {
  const panel = page.getByRole('complementary', { name: 'Dataset' });
  await panel.getByLabel('Search datasets').fill(name);
  await panel.getByRole('list', { name: 'Datasets' }).getByRole('button', { name, exact: true }).click();
  await panel.getByRole('list', { name: 'Dataset columns' }).waitFor();
}

async function addSimpleMetric(control: string, column: string, aggregate: string) {
  await page.getByRole('button', { name: `Add to ${control}` }).click();
  const editor = page.getByRole('dialog', { name: 'Edit metric' });
  await editor.getByRole('tab', { name: 'Simple' }).click();
  await editor.getByLabel('Column').selectOption(column);
  await editor.getByLabel('Aggregate').selectOption(aggregate);
  await editor.getByRole('button', { name: 'Save' }).click();
}

async function runAndWaitRendered() {
  await page.getByRole('button', { name: /Create chart|Update chart/ }).click();
  await page.waitForFunction(
    () => document.querySelector('[data-testid="chart-status"]')?.textContent === 'Rendered',
    undefined,
    { timeout: 60_000 },
  );
}

async function save(name: string, dashboard: { newTitle: string } | { existing: string }) {
  await page.locator('.explore-header').getByRole('button', { name: 'Save', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'Save chart' });
  await modal.getByLabel('Chart name').fill(name);
  if ('newTitle' in dashboard) {
    await modal.getByLabel('Add to dashboard').selectOption('new');
    await modal.getByLabel('New dashboard name').fill(dashboard.newTitle);
  } else {
    await modal.locator('option', { hasText: dashboard.existing }).waitFor({ state: 'attached' });
    await modal.getByLabel('Add to dashboard').selectOption({ label: dashboard.existing });
  }
  await modal.getByRole('button', { name: 'Save', exact: true }).click();
  await page
    .getByTestId('toast')
    .filter({ hasText: `Chart [${name}] has been saved` })
    .waitFor();
  await modal.waitFor({ state: 'detached' });
  await page.waitForURL(/\/explore\/\?slice_id=\d+$/);
  return Number(new URL(page.url()).searchParams.get('slice_id'));
}

beforeAll(async () => {
  server = await startStrata(join(ARTIFACTS, 'server-explore.log'));
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
  page.setDefaultTimeout(30_000);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('Explore in Chromium against the real server', () => {
  let barId = 0;
  let lineId = 0;

  it('logs in and waits for the example datasets', async () => {
    await page.goto(`${server!.baseUrl}/login/`);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(server!.adminPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const examples = page.getByRole('table', { name: 'Example tables' });
    await examples
      .getByRole('row')
      .filter({ has: page.getByText('flights_200k', { exact: true }) })
      .getByText('loaded')
      .waitFor({ timeout: 150_000 });
    // The example tables become datasets once they are all loaded.
    const names = await eventually(
      async () =>
        (await api<{ result: { table_name: string }[] }>(`/api/v1/dataset/?q=(page_size:100)`)).result.map(
          (d) => d.table_name,
        ),
      (found) => found.includes('cars') && found.includes('flights'),
      60_000,
    );
    expect(names).toEqual(expect.arrayContaining(['cars', 'flights']));
  });

  it('builds a bar chart of average horsepower by origin on cars', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Charts' }).click();
    await page.getByRole('link', { name: '+ Chart' }).click();
    await page.waitForURL('**/explore/');
    await pickDataset('cars');
    await page.getByLabel('Visualization type').selectOption('echarts_timeseries_bar');
    await page.getByLabel('X-axis').selectOption('origin');
    // charts-dashboards-reports §5: metrics are required before the chart can run.
    await page.getByText('Metrics cannot be empty').waitFor();
    await addSimpleMetric('Metrics', 'horsepower', 'AVG');
    await runAndWaitRendered();
    await page.getByTestId('viz-echarts_timeseries_bar').waitFor();
    await page.locator('.highcharts-series rect, .highcharts-point').first().waitFor();
    await shot('bar-chart');

    // View results: what the database computed for the chart.
    await page.getByRole('tab', { name: 'View results' }).click();
    const results = page.getByRole('tabpanel', { name: 'View results' });
    await results.getByRole('cell', { name: 'USA', exact: true }).waitFor();
    await results.getByRole('cell', { name: 'Japan', exact: true }).waitFor();
  });

  it('saves the bar chart to a new dashboard', async () => {
    barId = await save(BAR, { newTitle: DASHBOARD });
    await page
      .getByTestId('toast')
      .filter({ hasText: `Dashboard [${DASHBOARD}] just got created and chart [${BAR}] was added to it` })
      .waitFor();
    expect(barId).toBeGreaterThan(0);
  });

  it('builds a line chart of flights per day and adds it to the same dashboard', async () => {
    await page.goto(`${server!.baseUrl}/explore/`);
    await pickDataset('flights');
    await page.getByLabel('Visualization type').selectOption('echarts_timeseries_line');
    await page.getByLabel('X-axis').selectOption('date');
    await page.getByLabel('Time grain').selectOption({ label: 'Day' });
    await page.getByRole('button', { name: 'Add to Metrics' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit metric' });
    await editor.getByRole('tab', { name: 'Saved' }).click();
    await editor.getByRole('button', { name: 'Save' }).click();
    await runAndWaitRendered();
    await page.getByTestId('viz-echarts_timeseries_line').waitFor();
    await page.locator('.highcharts-series path.highcharts-graph').first().waitFor();
    await shot('line-chart');
    lineId = await save(LINE, { existing: DASHBOARD });
    await page
      .getByTestId('toast')
      .filter({ hasText: `Chart [${LINE}] was added to dashboard [${DASHBOARD}]` })
      .waitFor();
  });

  it('the dashboard record exists and holds both charts', async () => {
    const q = `(filters:!((col:dashboard_title,opr:ct,value:'${DASHBOARD}')))`;
    const dashboards = await api<{ result: { id: number; dashboard_title: string }[] }>(
      `/api/v1/dashboard/?q=${encodeURIComponent(q)}`,
    );
    const dashboard = dashboards.result.find((d) => d.dashboard_title === DASHBOARD);
    expect(dashboard).toBeDefined();
    for (const id of [barId, lineId]) {
      const chart = await api<{ result: { dashboards: { id: number }[] } }>(`/api/v1/chart/${id}`);
      expect(chart.result.dashboards.map((d) => d.id)).toContain(dashboard!.id);
    }
  });

  it('reopens the saved bar chart from the chart list and downloads its CSV', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Charts' }).click();
    await page.getByLabel('Search charts').fill('horsepower');
    await page.getByRole('table', { name: 'Charts' }).getByRole('link', { name: BAR }).click();
    await page.waitForURL(`**/explore/?slice_id=${barId}`);
    // The saved chart replaces what Explore showed before once it has loaded.
    await page.waitForFunction(
      (name) => (document.querySelector('input[aria-label="Chart name"]') as HTMLInputElement | null)?.value === name,
      BAR,
    );
    expect(await page.getByLabel('Chart name').inputValue()).toBe(BAR);
    await page.waitForFunction(
      () => document.querySelector('[data-testid="chart-status"]')?.textContent === 'Rendered',
      undefined,
      { timeout: 60_000 },
    );
    await shot('reopened-bar-chart');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    const file = join(ARTIFACTS, 'explore-bar-chart.csv');
    await download.saveAs(file);
    const lines = readFileSync(file, 'utf8').trim().split(/\r?\n/);
    expect(lines[0]).toMatch(/origin/);
    expect(lines[0]).toMatch(/AVG\(horsepower\)/);
    expect(
      lines
        .slice(1)
        .map((l) => l.split(',')[0])
        .sort(),
    ).toEqual(['Europe', 'Japan', 'USA']);
  });

  it('opens a permalink of the chart with its edits', async () => {
    // An unsaved edit travels in the permalink: a row limit of 50.
    await page.getByLabel('Row limit').fill('50');
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/v1/explore/permalink') && r.request().method() === 'POST'),
      page.getByRole('button', { name: 'Copy permalink' }).click(),
    ]);
    expect(response.status()).toBe(201);
    // Absolute (issue 16): the link opens wherever it is pasted.
    const { url } = (await response.json()) as { url: string };
    expect(url).toMatch(/^https?:\/\/[^/]+\/explore\/p\/[\w-]+\/$/);
    expect(new URL(url).origin).toBe(new URL(server!.baseUrl).origin);
    await page.goto(url);
    await page.waitForFunction(
      () => document.querySelector('[data-testid="chart-status"]')?.textContent === 'Rendered',
      undefined,
      { timeout: 60_000 },
    );
    expect(await page.getByLabel('Chart name').inputValue()).toBe(BAR);
    expect(await page.getByLabel('Row limit').inputValue()).toBe('50');
  });

  it("opens the chart's query in SQL Lab from View query, on the dataset's database, and runs it", async () => {
    await page.getByRole('tab', { name: 'View query' }).click();
    const panel = page.getByRole('tabpanel', { name: 'View query' });
    const sql = (await panel.locator('pre').innerText()).trim();
    expect(sql).toMatch(/AVG\("horsepower"\)/);
    // Ctrl+click posts the query as form_data to a new browser tab; the chart stays where it is.
    const [apart] = await Promise.all([
      page.context().waitForEvent('page'),
      panel.getByRole('button', { name: 'Open in SQL Lab' }).click({ modifiers: ['Control'] }),
    ]);
    await apart.waitForLoadState();
    expect(new URL(apart.url()).pathname).toBe('/sqllab/');
    await apart.waitForFunction(
      (text) =>
        document.querySelector('[data-testid="sql-editor"] .ace_content')?.textContent?.includes(text.slice(0, 20)) ??
        false,
      sql,
    );
    await apart.getByLabel('Schema').filter({ hasText: 'public' }).waitFor();
    await apart.screenshot({ path: join(ARTIFACTS, 'explore-open-in-sqllab-new-tab.png'), animations: 'disabled' });
    await apart.close();
    expect(new URL(page.url()).pathname).not.toBe('/sqllab/');

    await panel.getByRole('button', { name: 'Open in SQL Lab' }).click();
    await page.waitForURL('**/sqllab/');
    const editor = page.getByTestId('sql-editor');
    await editor.waitFor();
    await page.waitForFunction(
      (text) =>
        document.querySelector('[data-testid="sql-editor"] .ace_content')?.textContent?.includes(text.slice(0, 20)) ??
        false,
      sql,
    );
    await page.getByLabel('Schema').filter({ hasText: 'public' }).waitFor();
    await editor.click();
    await page.keyboard.press('Control+Enter');
    await page.getByTestId('query-state').getByText('success').waitFor({ timeout: 60_000 });
    const results = page.getByRole('grid', { name: 'Query results' });
    await results.getByRole('gridcell', { name: 'Japan', exact: true }).waitFor();
    await shot('open-in-sqllab');
  });

  it('keeps a chart being built in the address: a reload shows it again, back and forward each chart built', async () => {
    const chartShows = async (viz: string, xAxis: string) => {
      await page.waitForFunction(
        ([v, x]) =>
          (document.querySelector('select[aria-label="X-axis"]') as HTMLSelectElement | null)?.value === x &&
          document.querySelector(`[data-testid="viz-${v}"]`) !== null &&
          document.querySelector('[data-testid="chart-status"]')?.textContent === 'Rendered',
        [viz, xAxis],
        { timeout: 60_000 },
      );
    };
    await page.goto(`${server!.baseUrl}/explore/`);
    await pickDataset('cars');
    await page.getByLabel('Visualization type').selectOption('echarts_timeseries_bar');
    await page.waitForURL(/form_data_key=/);
    await page.getByLabel('X-axis').selectOption('origin');
    await addSimpleMetric('Metrics', 'horsepower', 'MAX');
    await runAndWaitRendered();
    const first = page.url();
    // No wait for the last change's store: leaving the page sends it.
    await page.reload();
    await chartShows('echarts_timeseries_bar', 'origin');
    await page.getByText('MAX(horsepower)').first().waitFor();
    expect(page.url()).toBe(first);

    await page.goto(`${server!.baseUrl}/explore/`);
    await pickDataset('cars');
    await page.getByLabel('Visualization type').selectOption('echarts_timeseries_line');
    await page.waitForURL(/form_data_key=/);
    await page.getByLabel('X-axis').selectOption('year');
    await addSimpleMetric('Metrics', 'horsepower', 'MIN');
    await runAndWaitRendered();
    const second = page.url();
    expect(second).not.toBe(first);
    await page.goBack();
    await chartShows('echarts_timeseries_bar', 'origin');
    await page.goForward();
    await chartShows('echarts_timeseries_line', 'year');
    await shot('reloaded-unsaved-chart');
  });
  it('switching a drawn Bar to Pie keeps its dimension (one slice per origin) and View query shows the pie query', async () => {
    await page.goto(`${server!.baseUrl}/explore/`);
    await pickDataset('cars');
    await page.getByLabel('Visualization type').selectOption('echarts_timeseries_bar');
    await page.getByLabel('X-axis').selectOption('origin');
    await addSimpleMetric('Metrics', 'horsepower', 'AVG');
    await addSimpleMetric('Metrics', 'horsepower', 'MAX');
    await runAndWaitRendered();
    await page.getByRole('tab', { name: 'View query' }).click();
    const panel = page.getByRole('tabpanel', { name: 'View query' });
    await panel.locator('pre', { hasText: 'MAX("horsepower")' }).waitFor();

    // The chart is redrawn as a pie at once; the open pane follows it.
    await page.getByLabel('Visualization type').selectOption('pie');
    await page.getByTestId('viz-pie').waitFor();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="chart-status"]')?.textContent === 'Rendered',
      undefined,
      { timeout: 60_000 },
    );
    await page.waitForFunction(
      () => {
        const sql = document.querySelector('[role="tabpanel"][aria-label="View query"] pre')?.textContent ?? '';
        return sql.includes('AVG("horsepower")') && !sql.includes('MAX("horsepower")');
      },
      undefined,
      { timeout: 30_000 },
    );
    expect(await page.getByTestId('viz-pie').locator('.highcharts-series-group .highcharts-point').count()).toBe(3);
    await shot('bar-switched-to-pie');
  });
});
