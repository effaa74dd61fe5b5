import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type Page } from 'playwright-core';
import { launchChromium } from './chromium';
import { startStrata, type RunningServer } from './strata-server';

// The dataset screens (issue 15 item 2) in Chromium against the real server (embedded mode): a dataset
// made in the UI from the examples, a calculated column and a metric added in the editor, a chart using both.
const ARTIFACTS = join(__dirname, '..', 'artifacts');
mkdirSync(ARTIFACTS, { recursive: true });

let server: RunningServer | undefined;
let browser: Browser | undefined;
let page: Page;
const NAME = `e2e_cars_${Date.now().toString(36)}`;

/** Asks again until the answer holds, as a user refreshing a list would. */
async function eventually<T>(read: () => Promise<T>, holds: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (holds(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 1000));
  }
}

beforeAll(async () => {
  server = await startStrata(join(ARTIFACTS, 'server-datasets.log'));
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  page.setDefaultTimeout(30_000);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('Datasets in Chromium against the real server', () => {
  let id = 0;

  it('logs in and waits for the example datasets', async () => {
    await page.goto(`${server!.baseUrl}/login/`);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(server!.adminPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page
      .getByRole('table', { name: 'Example tables' })
      .getByRole('row')
      .filter({ has: page.getByText('cars', { exact: true }) })
      .getByText('loaded')
      .waitFor({ timeout: 150_000 });
    const names = await eventually(
      async () => {
        const response = await page.request.get(`${server!.baseUrl}/api/v1/dataset/?q=(page_size:100)`);
        return ((await response.json()) as { result: { table_name: string }[] }).result.map((d) => d.table_name);
      },
      (found) => found.includes('cars'),
      60_000,
    );
    expect(names).toContain('cars');
  });

  it('lists the datasets and creates one from SQL over an example table; a failing query is refused', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Datasets' }).click();
    await page.waitForURL('**/tablemodelview/list/');
    await page.getByRole('table', { name: 'Datasets' }).getByRole('link', { name: 'cars', exact: true }).waitFor();

    await page.getByRole('button', { name: '+ Dataset' }).click();
    const dialog = page.getByRole('dialog', { name: 'New dataset' });
    // The example tables show in the table picker (physical datasets of them exist already).
    await dialog.getByLabel('Table').locator('option', { hasText: 'cars' }).first().waitFor({ state: 'attached' });
    await dialog.getByRole('radio', { name: /From SQL/ }).check();
    await dialog.getByLabel('Dataset name').fill(NAME);
    await dialog.getByRole('textbox', { name: 'SQL', exact: true }).fill('SELECT * FROM no_such_cars');
    await dialog.getByRole('button', { name: 'Create dataset' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'does not exist' }).waitFor();

    await dialog.getByRole('textbox', { name: 'SQL', exact: true }).fill('SELECT * FROM cars');
    await dialog.getByRole('button', { name: 'Create dataset' }).click();
    await page.waitForURL(/\/tablemodelview\/edit\/\d+$/);
    id = Number(new URL(page.url()).pathname.split('/').at(-1));
    await page.getByRole('table', { name: 'Columns' }).getByText('horsepower', { exact: true }).waitFor();
  });

  it('adds a calculated column and a metric in the editor', async () => {
    await page.getByRole('tab', { name: 'Calculated columns' }).click();
    await page.getByRole('button', { name: '+ Calculated column' }).click();
    await page
      .getByLabel('SQL expression of calculated_1')
      .fill("CASE WHEN horsepower > 100 THEN 'strong' ELSE 'weak' END");
    await page.getByLabel('Type of calculated_1').selectOption({ label: 'String' });
    await page.getByLabel('Name of calculated_1').fill('power_class');

    await page.getByRole('tab', { name: 'Metrics' }).click();
    await page.getByRole('button', { name: '+ Metric' }).click();
    await page.getByLabel('SQL expression of metric_1').fill('AVG(horsepower)');
    await page.getByLabel('Label of metric_1').fill('Average horsepower');
    await page.getByLabel('Name of metric_1').fill('avg_hp');
    const saved = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === `/api/v1/dataset/${id}`,
    );
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    expect((await saved).status()).toBe(200);
    // The form starts again from the server's answer: nothing left to save.
    await page.getByRole('table', { name: 'Metrics' }).getByLabel('Name of avg_hp').waitFor();

    const stored = (await (await page.request.get(`${server!.baseUrl}/api/v1/dataset/${id}`)).json()) as {
      result: { columns: { column_name: string; expression: string | null }[]; metrics: { metric_name: string }[] };
    };
    expect(stored.result.columns.find((c) => c.column_name === 'power_class')?.expression).toContain('CASE WHEN');
    expect(stored.result.metrics.map((m) => m.metric_name)).toContain('avg_hp');
  });

  it('builds a chart in Explore with the calculated column and the metric', async () => {
    await page.locator('.datasets__head').getByRole('link', { name: 'Explore' }).click();
    await page.waitForURL(/\/explore\//);
    const panel = page.getByRole('complementary', { name: 'Dataset' });
    await panel.getByRole('list', { name: 'Dataset columns' }).getByText('power_class').waitFor();
    await expect(panel.getByRole('link', { name: 'Edit dataset' }).getAttribute('href')).resolves.toBe(
      `/tablemodelview/edit/${id}`,
    );
    await page.getByLabel('Visualization type').selectOption('echarts_timeseries_bar');
    await page.getByLabel('X-axis').selectOption('power_class');
    await page.getByRole('button', { name: 'Add to Metrics' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit metric' });
    await editor.getByRole('tab', { name: 'Saved' }).click();
    await editor.getByLabel('Saved metric').selectOption('avg_hp');
    await editor.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: /Create chart|Update chart/ }).click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="chart-status"]')?.textContent === 'Rendered',
      undefined,
      { timeout: 60_000 },
    );
    await page.getByRole('tab', { name: 'View results' }).click();
    const results = page.getByRole('tabpanel', { name: 'View results' });
    await results.getByRole('cell', { name: 'strong', exact: true }).waitFor();
    await results.getByRole('cell', { name: 'weak', exact: true }).waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'datasets-chart.png') });
  });
});
