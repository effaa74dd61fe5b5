import { join } from 'node:path';
import type { Page, Response } from 'playwright-core';
import { Stage } from './stage';
import { ARTIFACTS } from './support';

// Annotation layers in Chromium against the real server (issue 16 item 2, Done-when): a saved line chart of
// the stocks' monthly average price is opened in Explore; a formula layer and an event layer (read from a
// saved table chart of GOOG's months above 600) are added through the annotation layers control; after
// Update chart the chart draws both: the formula as a line series, one x plot line per event, as many as
// a hand-written SQL query counts.

const stage = new Stage('annotations');
let page: Page;
let lineId = 0;
let databaseId = 0;

type Row = Record<string, unknown>;

/** A hand-written query on the examples database, as the admin. */
const sql = (text: string): Promise<Row[]> => stage.sql(databaseId, text);

const EVENTS_CHART = 'GOOG above 600';

beforeAll(async () => {
  const { api, adminToken } = await stage.start();
  const stocksId = await api.datasetId(adminToken, 'stocks');
  const dataset = await api.call<{ result: { database: { id: number } } }>(
    'GET',
    `/api/v1/dataset/${stocksId}`,
    adminToken,
  );
  databaseId = dataset.body.result.database.id;
  const filter = (subject: string, operator: string, comparator: unknown, id: string) => ({
    expressionType: 'SIMPLE',
    clause: 'WHERE',
    subject,
    operator,
    comparator,
    filterOptionName: id,
  });
  const events = await api.call<{ id: number }>('POST', '/api/v1/chart/', adminToken, {
    datasource_id: stocksId,
    datasource_type: 'table',
    slice_name: EVENTS_CHART,
    viz_type: 'table',
    params: JSON.stringify({
      viz_type: 'table',
      datasource: `${stocksId}__table`,
      query_mode: 'raw',
      all_columns: ['date', 'symbol', 'price'],
      adhoc_filters: [filter('symbol', '==', 'GOOG', 'f1'), filter('price', '>', 600, 'f2')],
      time_range: 'No filter',
      row_limit: 1000,
    }),
  });
  expect(events.status).toBe(201);
  const line = await api.call<{ id: number }>('POST', '/api/v1/chart/', adminToken, {
    datasource_id: stocksId,
    datasource_type: 'table',
    slice_name: 'Average stock price',
    viz_type: 'echarts_timeseries_line',
    params: JSON.stringify({
      viz_type: 'echarts_timeseries_line',
      datasource: `${stocksId}__table`,
      x_axis: 'date',
      time_grain_sqla: 'P1M',
      metrics: [{ expressionType: 'SIMPLE', column: { column_name: 'price' }, aggregate: 'AVG', label: 'AVG(price)' }],
      groupby: [],
      adhoc_filters: [],
      time_range: 'No filter',
      row_limit: 10000,
    }),
  });
  expect(line.status).toBe(201);
  lineId = line.body.id;
  page = await stage.signIn('admin', stage.server.adminPassword);
}, 300_000);

afterAll(async () => {
  await stage.stop();
});

const rendered = () =>
  page.waitForFunction(() => document.querySelector('[data-testid="chart-status"]')?.textContent === 'Rendered', null, {
    timeout: 60_000,
  });

describe('annotation layers in Chromium', () => {
  it('a line chart with a formula annotation and an event annotation draws both', async () => {
    await page.goto(`${stage.server.baseUrl}/explore/?slice_id=${lineId}`);
    await rendered();

    const control = page.locator('[data-control="annotation_layers"]');
    await control.getByRole('button', { name: '+ Add annotation layer' }).click();
    let editor = control.getByRole('group', { name: 'Annotation layer' });
    await editor.getByLabel('Layer name').fill('Target');
    await editor.getByLabel('Formula').fill('y = 300');
    await editor.getByRole('button', { name: 'Apply' }).click();

    await control.getByRole('button', { name: '+ Add annotation layer' }).click();
    editor = control.getByRole('group', { name: 'Annotation layer' });
    await editor.getByLabel('Layer name').fill('GOOG highs');
    await editor.getByLabel('Annotation layer type').selectOption('EVENT');
    await editor.getByLabel('Source chart', { exact: true }).selectOption({ label: EVENTS_CHART });
    await editor.getByLabel('Time column').fill('date');
    await editor.getByLabel('Title column').fill('symbol');
    await editor.getByRole('button', { name: 'Apply' }).click();
    await control.getByRole('listitem').nth(1).waitFor();
    expect(await control.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringContaining('Target'),
      expect.stringContaining('GOOG highs'),
    ]);

    const answer = page.waitForResponse(
      (r: Response) => r.url().includes('/api/v1/chart/data') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: /Update chart/ }).click();
    const body = (await (await answer).json()) as { result: { annotation_data: Record<string, { records: Row[] }> }[] };
    await rendered();

    const [{ n }] = (await sql("SELECT count(*)::int AS n FROM stocks WHERE symbol = 'GOOG' AND price > 600")) as {
      n: number;
    }[];
    expect(n).toBeGreaterThan(0);
    expect(body.result[0].annotation_data['GOOG highs'].records).toHaveLength(n);

    const chart = page.locator('.explore-chart__area');
    // The formula: a line series named in the legend, drawn across the chart.
    // (A constant's path is flat, which Playwright counts as hidden: it is waited for as attached.)
    const formulaPath = chart.locator('.highcharts-series.strata-annotation-formula path.highcharts-graph');
    await formulaPath.waitFor({ state: 'attached' });
    const months = (await sql("SELECT count(DISTINCT date_trunc('month', date))::int AS m FROM stocks"))[0]!
      .m as number;
    // One point per month the chart draws: a move to the first, a line to each other.
    expect(((await formulaPath.getAttribute('d')) ?? '').match(/ L /g)).toHaveLength(months - 1);
    await chart.locator('.highcharts-legend').getByText('Target').waitFor();
    // The events: one vertical plot line each, labelled by its title column.
    await page.waitForFunction(
      (count) =>
        document.querySelectorAll('.explore-chart__area path.highcharts-plot-line.strata-annotation-event').length ===
        count,
      n,
      { timeout: 30_000 },
    );
    expect(await chart.locator('.highcharts-plot-line-label').first().textContent()).toBe('GOOG');
    await page.screenshot({ path: join(ARTIFACTS, 'annotations.png') });
  });
});
