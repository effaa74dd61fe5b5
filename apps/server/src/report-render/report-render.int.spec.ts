/**
 * The renderer against the real thing: the whole server (AppModule, embedded mode, the example data)
 * serving the BUILT client (apps/client/dist: build it first, as `npm test` does), Debian's Chromium, a
 * bar chart on the example `cars` and a dashboard holding it. The PNGs are decoded (by Chromium, on a
 * canvas) and must hold the chart's bar colour; a chart whose query fails fails the render by name.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { AppModule } from '../app.module';
import { AppConfig } from '../config/app-config';
import { ExamplesService } from '../examples/examples.service';
import { startHttpApp, type RunningHttpApp } from '../testing/http-app';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { CHROMIUM_PATH } from './browser-pool';
import { colourKey, pngPixels } from './page-checks';
import { ReportRenderModule } from './report-render.module';
import { RENDER_LIMITS, ReportRenderer, RenderError, type RenderLimits } from './report-renderer.service';

const PATIENT_LIMITS: RenderLimits = { chartsMs: 300_000, navigationMs: 120_000, captureMs: 120_000, totalMs: 540_000 };

const CLIENT_DIST = join(__dirname, '..', '..', '..', 'client', 'dist');
/** SUPERSET_COLORS[0]: a one-metric bar chart's bars. */
const BAR_COLOUR = colourKey('#1FA8C9');
const PASSWORD = 'render-spec-admin-password';

describe('ReportRenderer (real server, built client, real Chromium)', () => {
  let home: string;
  let server: RunningHttpApp;
  let token: string;
  let adminId: number;
  let chartId: number;
  let dashboardId: number;
  let brokenChartId: number;
  let brokenDashboardId: number;
  let browser: Browser;
  let decoder: Page;
  let db: TestDatabase;

  const api = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json()) as T;
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
    return json;
  };
  const barChart = (datasetId: number, name: string, dashboards: number[], metric: unknown) =>
    api<{ id: number }>('POST', '/api/v1/chart/', {
      datasource_id: datasetId,
      datasource_type: 'table',
      dashboards,
      slice_name: name,
      viz_type: 'echarts_timeseries_bar',
      params: JSON.stringify({
        viz_type: 'echarts_timeseries_bar',
        datasource: `${datasetId}__table`,
        x_axis: 'origin',
        metrics: [metric],
        groupby: [],
        adhoc_filters: [],
        row_limit: 100,
        time_range: 'No filter',
      }),
    });
  const render = (request: Parameters<ReportRenderer['render']>[0]) =>
    server.app.get(ReportRenderer).render(request, server.url);

  beforeAll(async () => {
    if (!existsSync(join(CLIENT_DIST, 'index.html')))
      throw new Error(`${CLIENT_DIST} is missing: run 'npx nx run-many -t build --projects=server,client' first`);
    home = mkdtempSync(join(tmpdir(), 'strata-render-'));
    // The real PostgreSQL (the examples in a database derived from it): the embedded one starts too
    // slowly on a busy machine, and the renderer does not care where the data lives.
    db = await createTestDatabase('render');
    const config = new AppConfig(
      0,
      db.url,
      undefined,
      undefined,
      'r'.repeat(48),
      home,
      'admin',
      PASSWORD,
      'development',
    );
    server = await startHttpApp(
      { imports: [AppModule, ReportRenderModule] },
      {
        clientDist: CLIENT_DIST,
        // The examples keep loading beside the renders and the machine runs other suites: the steps keep
        // their deadlines, long enough that only a page that never settles fails.
        customize: (b) =>
          b.overrideProvider(AppConfig).useValue(config).overrideProvider(RENDER_LIMITS).useValue(PATIENT_LIMITS),
      },
    );
    const login = await fetch(`${server.url}/api/v1/security/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD, provider: 'db' }),
    });
    token = ((await login.json()) as { access_token: string }).access_token;
    adminId = (await api<{ result: { id: number } }>('GET', '/api/v1/me/')).result.id;

    // As main.ts does; the cars dataset is registered early, while the bigger tables still load.
    void server.app.get(ExamplesService).loadInBackground();
    let carsId: number | undefined;
    while (carsId === undefined) {
      const list = await api<{ result: { id: number; table_name: string }[] }>(
        'GET',
        '/api/v1/dataset/?q=(page_size:100)',
      );
      carsId = list.result.find((d) => d.table_name === 'cars')?.id;
      if (carsId === undefined) await new Promise((done) => setTimeout(done, 500));
    }
    dashboardId = (await api<{ id: number }>('POST', '/api/v1/dashboard/', { dashboard_title: 'Cars report' })).id;
    chartId = (await barChart(carsId, 'Cars by origin', [dashboardId], 'count')).id;
    brokenDashboardId = (await api<{ id: number }>('POST', '/api/v1/dashboard/', { dashboard_title: 'Broken report' }))
      .id;
    brokenChartId = (
      await barChart(carsId, 'Broken metric', [brokenDashboardId], {
        expressionType: 'SQL',
        sqlExpression: 'SUM(no_such_column)',
        label: 'broken',
      })
    ).id;

    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--headless', '--no-sandbox'] });
    decoder = await browser.newPage();
  }, 480_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await db?.drop();
    if (home) rmSync(home, { recursive: true, force: true });
  });

  /** The width in the PNG's IHDR chunk (bytes 16-19), read straight from the file. */
  const pngWidth = (png: Buffer) => png.readUInt32BE(16);

  it('renders a chart to a PNG of the requested width, with its bars drawn', async () => {
    const out = await render({ target: { chartId }, userId: adminId, format: 'PNG', width: 800, height: 500 });
    expect(out.contentType).toBe('image/png');
    expect(out.data.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(pngWidth(out.data)).toBe(800);
    expect(out.charts).toEqual([expect.objectContaining({ id: String(chartId), status: 'rendered' })]);
    const pixels = await pngPixels(decoder, out.data);
    expect(pixels.width).toBe(800);
    expect(pixels.colours[BAR_COLOUR] ?? 0).toBeGreaterThan(1000);
  }, 600_000);

  it('renders a dashboard in report mode to a PNG at its width, with the chart in it, cut below its content', async () => {
    const out = await render({ target: { dashboardId }, userId: adminId, format: 'PNG', width: 1000, height: 2000 });
    expect(pngWidth(out.data)).toBe(1000);
    expect(out.charts.map((c) => c.id)).toEqual([String(chartId)]);
    const pixels = await pngPixels(decoder, out.data);
    expect(pixels.colours[BAR_COLOUR] ?? 0).toBeGreaterThan(1000);
    // One row of one chart: the image ends below it, not at the bottom of the 2000 px window.
    expect(pixels.height).toBeLessThan(1000);
    expect(pixels.height).toBeGreaterThan(200);
  }, 600_000);

  it('prints a chart and a dashboard to PDF', async () => {
    for (const target of [{ chartId }, { dashboardId }]) {
      const out = await render({ target, userId: adminId, format: 'PDF', width: 900 });
      expect(out.contentType).toBe('application/pdf');
      expect(out.data.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
  }, 600_000);

  it('fails, naming the chart, when a chart query fails: alone or on a dashboard', async () => {
    const alone = render({ target: { chartId: brokenChartId }, userId: adminId, format: 'PNG', width: 800 });
    await expect(alone).rejects.toThrow(RenderError);
    await expect(alone).rejects.toThrow(`chart ${brokenChartId} failed`);
    const onDashboard = render({ target: { dashboardId: brokenDashboardId }, userId: adminId, format: 'PNG' });
    await expect(onDashboard).rejects.toThrow(`chart ${brokenChartId} "Broken metric" failed`);
  }, 600_000);
});
