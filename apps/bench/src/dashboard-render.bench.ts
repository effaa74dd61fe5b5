/**
 * Dashboard rendering: a 30-chart dashboard in headless Chromium, from navigation to every chart drawn
 * (`data-status="rendered"` on each chart holder: its Highcharts SVG or table is in the DOM with the
 * answer's data), against the slowest of the same 30 charts shown alone (the dashboard page with
 * `slice_id`, which loads and draws that one chart), in the same run, on the same server and browser.
 *
 * The server is the whole AppModule on scratch databases, serving the built client (apps/client/dist)
 * on its own port as in production; the charts (tables, bars, pies and lines over cars, flights and
 * stocks) and the dashboard are made through the REST API. Every navigation asks for `force`, so no
 * chart is answered from the cache.
 */
import 'reflect-metadata';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { adminHeaders, BENCH_ADMIN, withBenchServer } from './bench-server';
import { compare, environment, print, round } from './measure';

export interface RenderOptions {
  charts: number;
  rounds: number;
}

const TABLES = ['cars', 'flights', 'stocks'];
const AVG = (column: string) => ({
  expressionType: 'SIMPLE',
  column: { column_name: column },
  aggregate: 'AVG',
  label: `AVG(${column})`,
});

/** The kinds of chart the dashboard holds, cycled: [table, viz type, form data]. */
const KINDS: [string, string, Record<string, unknown>][] = [
  ['cars', 'table', { query_mode: 'aggregate', groupby: ['origin', 'cylinders'], metrics: ['count'], row_limit: 100 }],
  ['cars', 'echarts_timeseries_bar', { x_axis: 'origin', metrics: ['count'], groupby: [], row_limit: 100 }],
  ['cars', 'pie', { groupby: ['origin'], metric: 'count', row_limit: 100 }],
  [
    'cars',
    'echarts_timeseries_bar',
    { x_axis: 'cylinders', metrics: [AVG('horsepower')], groupby: [], row_limit: 100 },
  ],
  [
    'flights',
    'echarts_timeseries_line',
    { x_axis: 'date', time_grain_sqla: 'P1D', metrics: ['count'], groupby: [], row_limit: 10000 },
  ],
  ['flights', 'echarts_timeseries_bar', { x_axis: 'origin', metrics: ['count'], groupby: [], row_limit: 25 }],
  [
    'stocks',
    'echarts_timeseries_line',
    { x_axis: 'date', time_grain_sqla: 'P1M', metrics: [AVG('price')], groupby: ['symbol'], row_limit: 10000 },
  ],
];

const CLIENT_DIST = path.resolve(__dirname, '..', '..', 'client', 'dist', 'index.html');
const now = () => Number(process.hrtime.bigint()) / 1e6;

/** Makes the datasets, `count` charts on them and one dashboard holding them all; returns the ids. */
async function setUp(
  url: string,
  databaseId: number,
  count: number,
): Promise<{ dashboardId: number; chartIds: number[] }> {
  const headers = await adminHeaders(url);
  const post = async (route: string, body: unknown) => {
    const res = await fetch(`${url}${route}`, { method: 'POST', headers, body: JSON.stringify(body) });
    if (res.status !== 201) throw new Error(`POST ${route} answered ${res.status}: ${await res.text()}`);
    return ((await res.json()) as { id: number }).id;
  };
  const datasets: Record<string, number> = {};
  for (const table of TABLES)
    datasets[table] = await post('/api/v1/dataset/', { database: databaseId, schema: 'public', table_name: table });
  const dashboardId = await post('/api/v1/dashboard/', { dashboard_title: `${count} charts`, published: true });
  const chartIds: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const [table, vizType, form] = KINDS[i % KINDS.length]!;
    const params = {
      ...form,
      viz_type: vizType,
      datasource: `${datasets[table]}__table`,
      adhoc_filters: [],
      time_range: 'No filter',
    };
    chartIds.push(
      await post('/api/v1/chart/', {
        slice_name: `${vizType} on ${table} #${i + 1}`,
        viz_type: vizType,
        datasource_id: datasets[table],
        datasource_type: 'table',
        params: JSON.stringify(params),
        dashboards: [dashboardId],
      }),
    );
  }
  return { dashboardId, chartIds };
}

/** Milliseconds from navigation until every named chart is drawn; a failed chart fails the bench. */
async function timeRender(page: Page, target: string, chartIds: readonly number[]): Promise<number> {
  const start = now();
  await page.goto(target);
  await page.waitForFunction(
    (ids) => {
      // Runs in the page: the bench compiles without the DOM's types.
      const { document } = globalThis as unknown as { document: { querySelector(selector: string): unknown } };
      const failed = ids.find((id) => document.querySelector(`[data-chart-id="${id}"][data-status="failed"]`));
      if (failed !== undefined) throw new Error(`chart ${failed} failed to render`);
      return ids.every((id) => document.querySelector(`[data-chart-id="${id}"][data-status="rendered"]`));
    },
    chartIds,
    { timeout: 120_000, polling: 'raf' },
  );
  return now() - start;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function benchDashboardRender(options: RenderOptions): Promise<Record<string, unknown>> {
  if (!existsSync(CLIENT_DIST))
    throw new Error(`${CLIENT_DIST} is missing: build the client first (npx nx run client:build)`);
  return withBenchServer(async ({ url, meta, loadExamples }) => {
    const { dashboardId, chartIds } = await setUp(url, await loadExamples(TABLES), options.charts);
    // Debian's Chromium with the flags every headless run here needs (STACK.md): the closed network
    // refuses Chromium's own background connections.
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    try {
      // Tall enough that every chart of the grid is on screen: what is measured is loading and drawing.
      const page = await browser.newPage({ viewport: { width: 1600, height: 6000 } });
      await page.goto(`${url}/login/`);
      await page.getByLabel('Username').fill(BENCH_ADMIN.username);
      await page.getByLabel('Password').fill(BENCH_ADMIN.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL((u) => !u.pathname.startsWith('/login'));
      const dashboardUrl = `${url}/dashboard/${dashboardId}/?force=true`;
      // Warm-up: the client's bundles in the browser cache, the server's code paths and tables warm.
      await timeRender(page, dashboardUrl, chartIds);
      const whole: number[] = [];
      const alone = new Map<number, number[]>(chartIds.map((id) => [id, []]));
      // Rounds alternate the whole dashboard and each chart alone, so a busy moment hits both sides.
      for (let round = 0; round < options.rounds; round += 1) {
        whole.push(await timeRender(page, dashboardUrl, chartIds));
        for (const id of chartIds)
          alone
            .get(id)!
            .push(await timeRender(page, `${url}/dashboard/${dashboardId}/?force=true&slice_id=${id}`, [id]));
      }
      const singles = [...alone.entries()].map(([id, runs]) => ({ id, ms: median(runs) }));
      const slowest = singles.reduce((a, b) => (b.ms > a.ms ? b : a));
      const comparisons = [
        compare(
          `${options.charts}-chart dashboard vs its slowest chart alone`,
          `navigation to all ${options.charts} charts rendered (force) vs navigation to the slowest one shown alone (slice_id, force), headless Chromium`,
          ['whole dashboard', median(whole)],
          [`slowest chart alone (#${slowest.id})`, slowest.ms],
          { wholeRuns: whole.map((r) => round(r)), singles: singles.map((s) => ({ id: s.id, ms: round(s.ms) })) },
        ),
      ];
      print(
        `Dashboard render (${options.charts} charts, median of ${options.rounds} rounds after a warm-up, PostgreSQL at ${meta.server})`,
        comparisons,
      );
      return {
        environment: environment(),
        database: meta.server,
        charts: options.charts,
        rounds: options.rounds,
        comparisons,
      };
    } finally {
      await browser.close();
    }
  });
}
