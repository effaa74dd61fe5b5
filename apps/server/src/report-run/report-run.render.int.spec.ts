/**
 * A PNG report run now, end to end with every real part: the whole server (AppModule, the example data)
 * serving the BUILT client, Chromium drawing the chart as its owner, a real SMTP server receiving the mail.
 * The inline PNG is decoded (by Chromium, on a canvas) and must hold the bars' colour. Needs the built
 * client: run it like report-render.int.spec.ts (report-render/CONTEXT.md), under /tmp/e2e.lock.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { AppModule } from '../app.module';
import { AppConfig } from '../config/app-config';
import { ExamplesService } from '../examples/examples.service';
import { MailConfig } from '../mail/mail-config';
import { CHROMIUM_PATH } from '../report-render/browser-pool';
import { colourKey, pngPixels } from '../report-render/page-checks';
import { RENDER_LIMITS, type RenderLimits } from '../report-render/report-renderer.service';
import { startHttpApp, type RunningHttpApp } from '../testing/http-app';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { ReportRunService } from './report-run.service';
import { ReportRunConfig } from './run-config';
import { startSmtpInbox, type SmtpInbox } from './testing/smtp-inbox';

const PATIENT_LIMITS: RenderLimits = { chartsMs: 300_000, navigationMs: 120_000, captureMs: 120_000, totalMs: 540_000 };
const CLIENT_DIST = join(__dirname, '..', '..', '..', 'client', 'dist');
/** SUPERSET_COLORS[0]: a one-metric bar chart's bars. */
const BAR_COLOUR = colourKey('#1FA8C9');
const PASSWORD = 'run-render-spec-admin-password';

describe('a PNG report run now (real server, built client, Chromium, SMTP)', () => {
  let home: string;
  let server: RunningHttpApp;
  let inbox: SmtpInbox;
  let db: TestDatabase;
  let token: string;
  let chartId: number;
  let dashboardId: number;
  let browser: Browser;
  let decoder: Page;

  const api = async <T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as T };
  };

  beforeAll(async () => {
    if (!existsSync(join(CLIENT_DIST, 'index.html')))
      throw new Error(`${CLIENT_DIST} is missing: run 'npx nx run-many -t build --projects=server,client' first`);
    home = mkdtempSync(join(tmpdir(), 'strata-run-render-'));
    db = await createTestDatabase('run_render');
    inbox = await startSmtpInbox();
    const config = new AppConfig(
      0,
      db.url,
      undefined,
      undefined,
      'q'.repeat(48),
      home,
      'admin',
      PASSWORD,
      'development',
    );
    server = await startHttpApp(
      { imports: [AppModule] },
      {
        clientDist: CLIENT_DIST,
        customize: (b) =>
          b
            .overrideProvider(AppConfig)
            .useValue(config)
            .overrideProvider(RENDER_LIMITS)
            .useValue(PATIENT_LIMITS)
            .overrideProvider(MailConfig)
            .useValue(
              new MailConfig(
                { host: '127.0.0.1', port: inbox.port, starttls: false, ssl: false },
                'reports@strata.example',
                '[Report] ',
                { connectionMs: 30_000, greetingMs: 30_000, socketMs: 30_000, webhookMs: 30_000 },
              ),
            )
            .overrideProvider(ReportRunConfig)
            .useValue(new ReportRunConfig('http://strata.example', [100, 100])),
      },
    );
    const login = await fetch(`${server.url}/api/v1/security/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD, provider: 'db' }),
    });
    token = ((await login.json()) as { access_token: string }).access_token;

    void server.app.get(ExamplesService).loadInBackground();
    let carsId: number | undefined;
    while (carsId === undefined) {
      const list = await api<{ result: { id: number; table_name: string }[] }>(
        'GET',
        '/api/v1/dataset/?q=(page_size:100)',
      );
      carsId = list.body.result.find((d) => d.table_name === 'cars')?.id;
      if (carsId === undefined) await new Promise((done) => setTimeout(done, 500));
    }
    dashboardId = (await api<{ id: number }>('POST', '/api/v1/dashboard/', { dashboard_title: 'Cars mail' })).body.id;
    chartId = (
      await api<{ id: number }>('POST', '/api/v1/chart/', {
        datasource_id: carsId,
        datasource_type: 'table',
        dashboards: [dashboardId],
        slice_name: 'Cars by origin',
        viz_type: 'echarts_timeseries_bar',
        params: JSON.stringify({
          viz_type: 'echarts_timeseries_bar',
          datasource: `${carsId}__table`,
          x_axis: 'origin',
          metrics: ['count'],
          groupby: [],
          adhoc_filters: [],
          row_limit: 100,
          time_range: 'No filter',
        }),
      })
    ).body.id;
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--headless', '--no-sandbox'] });
    decoder = await browser.newPage();
  }, 480_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await inbox?.close();
    await db?.drop();
    if (home) rmSync(home, { recursive: true, force: true });
  });

  beforeEach(() => {
    inbox.mails.length = 0;
  });

  // The schedules are inactive, so a scheduler in AppModule never runs them beside the spec: a manual run
  // still does.

  it('mails "[Report] <name>" with the chart drawn inline, and logs Success', async () => {
    const created = await api<{ id: number }>('POST', '/api/v1/report/', {
      type: 'Report',
      name: 'Cars weekly',
      crontab: '0 9 * * 1',
      creation_method: 'charts',
      chart: chartId,
      report_format: 'PNG',
      custom_width: 800,
      active: false,
      recipients: [{ type: 'Email', recipient_config_json: { target: 'ops@example.com' } }],
    });
    expect(created.status).toBe(201);
    const run = await api<{ result: { state: string; run_id: string } }>(
      'POST',
      `/api/v1/report/${created.body.id}/run`,
    );
    expect(run.status).toBe(200);
    expect(run.body.result.state).toBe('Success');

    expect(inbox.mails).toHaveLength(1);
    const mail = inbox.mails[0]!;
    expect(mail.subject).toBe('[Report] Cars weekly');
    expect(mail.html).toContain(`href="http://strata.example/explore/?slice_id=${chartId}"`);
    const cid = /<img src="cid:([^"]+)"/.exec(mail.html)?.[1];
    const image = mail.parts.find((p) => p.headers['content-id'] === `<${cid}>`);
    expect(image?.contentType).toMatch(/^image\/png/);
    expect(image?.headers['content-disposition']).toMatch(/^inline/);
    const pixels = await pngPixels(decoder, image!.body);
    expect(pixels.width).toBe(800);
    expect(pixels.colours[BAR_COLOUR] ?? 0).toBeGreaterThan(1000);

    const log = await api<{ result: { uuid: string; state: string }[] }>(
      'GET',
      `/api/v1/report/${created.body.id}/log/`,
    );
    expect(log.body.result).toEqual([expect.objectContaining({ uuid: run.body.result.run_id, state: 'Success' })]);
  }, 600_000);

  it('mails a dashboard as a PDF attachment', async () => {
    const created = await api<{ id: number }>('POST', '/api/v1/report/', {
      type: 'Report',
      name: 'Cars dashboard PDF',
      crontab: '0 9 * * 1',
      creation_method: 'dashboards',
      dashboard: dashboardId,
      report_format: 'PDF',
      active: false,
      recipients: [{ type: 'Email', recipient_config_json: { target: 'ops@example.com' } }],
    });
    const result = await server.app
      .get(ReportRunService)
      .run({ reportId: created.body.id, scheduledAt: '2026-03-02T14:00:00Z', trigger: 'manual' });
    expect(result).toMatchObject({ outcome: 'done', state: 'Success' });
    const pdf = inbox.mails[0]!.parts.find((p) => p.headers['content-disposition']?.startsWith('attachment'));
    expect(pdf?.contentType).toMatch(/^application\/pdf/);
    expect(pdf!.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(inbox.mails[0]!.html).toContain(`href="http://strata.example/superset/dashboard/${dashboardId}/"`);
  }, 600_000);
});
