import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type Page } from 'playwright-core';
import { launchChromium } from './chromium';
import { startStrata, type RunningServer } from './strata-server';

// Explore in Chromium against a server with GLOBAL_ASYNC_QUERIES (issues 4 and 5): POST /api/v1/chart/data
// answers 202 with a job; the page learns the end from the async event channel and GETs the result URL.
const ARTIFACTS = join(__dirname, '..', 'artifacts');
mkdirSync(ARTIFACTS, { recursive: true });

let server: RunningServer | undefined;
let browser: Browser | undefined;
let page: Page;

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

beforeAll(async () => {
  // Only this server's environment: the other e2e files run in the same process after this one.
  const before = process.env['FEATURE_FLAGS'];
  process.env['FEATURE_FLAGS'] = '{"GLOBAL_ASYNC_QUERIES":true}';
  try {
    server = await startStrata(join(ARTIFACTS, 'server-explore-async.log'));
  } finally {
    if (before === undefined) delete process.env['FEATURE_FLAGS'];
    else process.env['FEATURE_FLAGS'] = before;
  }
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  page.setDefaultTimeout(30_000);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('Explore with GLOBAL_ASYNC_QUERIES in Chromium against the real server', () => {
  it('logs in; /me tells the page the flag is on; the cars dataset is there', async () => {
    await page.goto(`${server!.baseUrl}/login/`);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(server!.adminPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const examples = page.getByRole('table', { name: 'Example tables' });
    await examples
      .getByRole('row')
      .filter({ has: page.getByText('cars', { exact: true }) })
      .getByText('loaded')
      .waitFor({ timeout: 150_000 });
    const me = await api<{ result: { feature_flags: Record<string, boolean> } }>('/api/v1/me/');
    expect(me.result.feature_flags['GLOBAL_ASYNC_QUERIES']).toBe(true);
    const names = await eventually(
      async () =>
        (await api<{ result: { table_name: string }[] }>(`/api/v1/dataset/?q=(page_size:100)`)).result.map(
          (d) => d.table_name,
        ),
      (found) => found.includes('cars'),
      120_000,
    );
    expect(names).toContain('cars');
  });

  it('runs a bar chart: the data request answers 202, the result comes from the job, and the chart renders', async () => {
    // Where the job's end can come from: socket frames, or polls of the event list while the socket is down.
    const seen: string[] = [];
    page.on('websocket', (socket) => socket.on('framereceived', (frame) => seen.push(String(frame.payload))));
    page.on('response', (r) => {
      if (r.url().includes('/api/v1/async_event/'))
        void r.text().then(
          (t) => seen.push(t),
          () => undefined,
        );
    });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Charts' }).click();
    await page.getByRole('link', { name: '+ Chart' }).click();
    await page.waitForURL('**/explore/');
    const panel = page.getByRole('complementary', { name: 'Dataset' });
    await panel.getByLabel('Search datasets').fill('cars');
    await panel.getByRole('list', { name: 'Datasets' }).getByRole('button', { name: 'cars', exact: true }).click();
    await panel.getByRole('list', { name: 'Dataset columns' }).waitFor();
    await page.getByLabel('Visualization type').selectOption('echarts_timeseries_bar');
    await page.getByLabel('X-axis').selectOption('origin');
    await page.getByRole('button', { name: 'Add to Metrics' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit metric' });
    await editor.getByRole('tab', { name: 'Simple' }).click();
    await editor.getByLabel('Column').selectOption('horsepower');
    await editor.getByLabel('Aggregate').selectOption('AVG');
    await editor.getByRole('button', { name: 'Save' }).click();

    const submitted = page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/chart/data') && r.request().method() === 'POST',
    );
    const fetched = page.waitForResponse(
      (r) => /\/api\/v1\/chart\/data\/[0-9a-f-]{36}$/.test(r.url()) && r.request().method() === 'GET',
      { timeout: 60_000 },
    );
    await page.getByRole('button', { name: /Create chart|Update chart/ }).click();
    const answer = await submitted;
    expect(answer.status()).toBe(202);
    const job = (await answer.json()) as { job_id: string; status: string };
    expect(job.status).toBe('pending');
    const result = await fetched;
    expect(result.url()).toContain(`/api/v1/chart/data/${job.job_id}`);
    expect(result.status()).toBe(200);
    await page.waitForFunction(
      () => document.querySelector('[data-testid="chart-status"]')?.textContent === 'Rendered',
      undefined,
      { timeout: 60_000 },
    );
    await page.getByTestId('viz-echarts_timeseries_bar').waitFor();
    await page.locator('.highcharts-series rect, .highcharts-point').first().waitFor();
    // The job's done event reached the page, on the socket or from polling the event list.
    expect(seen.some((text) => text.includes(job.job_id) && text.includes('"done"'))).toBe(true);
    await page.waitForTimeout(1500);
    await page.screenshot({ path: join(ARTIFACTS, 'explore-async-bar-chart.png'), animations: 'disabled' });
  });
});
