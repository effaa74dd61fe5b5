import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchChromium } from './chromium';
import { startSmtpInbox, type SmtpInbox } from './smtp-inbox';
import { startStrata, type RunningServer } from './strata-server';
import { ARTIFACTS, jsonApi, signIn, type JsonApi } from './support';

// Issue 14's delivery in Chromium against the real built server: a weekly PNG report set up from the
// dashboard's actions menu and run now from /report/list/ reaches the spec's SMTP server with the dashboard
// drawn inline, and the list and the execution log show Success (Done when). Without SMTP_HOST (the
// embedded default, item 5) the same run lands in /report/outbox/, which shows the mail with its PNG and
// says that no SMTP server is configured.

/** SUPERSET_COLORS[0], a one-metric bar chart's bars, as pngPixels counts it (channels rounded to 16). */
const BAR_COLOUR = '#10a0c0';
const TITLE = 'Cars delivery';
const REPORT = `Weekly Report for ${TITLE}`;
/** A render takes minutes on this loaded machine: the run's own deadline is far longer. */
const RUN_MS = 600_000;

interface Pixels {
  width: number;
  height: number;
  nonBackground: number;
  colours: Record<string, number>;
}

/** Decodes a PNG (a data: or same-origin address) in Chromium on a canvas and counts its colours. */
const pngPixels = (page: Page, src: string): Promise<Pixels> =>
  page.evaluate(async (source) => {
    const image = new Image();
    image.src = source;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.drawImage(image, 0, 0);
    const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
    const colours: Record<string, number> = {};
    const hex = (v: number) => (v & 0xf0).toString(16).padStart(2, '0');
    for (let i = 0; i < data.length; i += 4) {
      const key = `#${hex(data[i]!)}${hex(data[i + 1]!)}${hex(data[i + 2]!)}`;
      colours[key] = (colours[key] ?? 0) + 1;
    }
    const total = canvas.width * canvas.height;
    const dominant = Math.max(0, ...Object.values(colours));
    return { width: canvas.width, height: canvas.height, nonBackground: total ? 1 - dominant / total : 0, colours };
  }, src);

/**
 * Not blank: the dashboard's window (1600 x 2000 device pixels) holds one chart near its top, so most of
 * it is background (the white card counts as background too, rounded to #f0f0f0); the bars must be drawn.
 */
function expectDrawn(pixels: Pixels): void {
  expect(pixels.width).toBeGreaterThan(400);
  expect(pixels.nonBackground).toBeGreaterThan(0.005);
  expect(pixels.colours[BAR_COLOUR] ?? 0).toBeGreaterThan(10_000);
}

/** The server, Chromium signed in as the admin, and a dashboard with a bar chart of the example cars. */
class Delivery {
  server!: RunningServer;
  browser!: Browser;
  context!: BrowserContext;
  page!: Page;
  api!: JsonApi;
  token = '';
  dashboardId = 0;

  constructor(private readonly name: string) {}

  async start(env: NodeJS.ProcessEnv): Promise<void> {
    this.server = await startStrata(join(ARTIFACTS, `server-report-delivery-${this.name}.log`), env);
    this.api = jsonApi(this.server.baseUrl);
    this.browser = await launchChromium();
    this.token = await this.api.token('admin', this.server.adminPassword);
    const dashboard = await this.api.call<{ id: number }>('POST', '/api/v1/dashboard/', this.token, {
      dashboard_title: TITLE,
    });
    expect(dashboard.status).toBe(201);
    this.dashboardId = dashboard.body.id;
    const carsId = await this.api.datasetId(this.token, 'cars');
    const chart = await this.api.call<{ id: number }>('POST', '/api/v1/chart/', this.token, {
      slice_name: 'Cars by origin',
      viz_type: 'echarts_timeseries_bar',
      datasource_id: carsId,
      datasource_type: 'table',
      dashboards: [this.dashboardId],
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
    });
    expect(chart.status).toBe(201);
    ({ context: this.context, page: this.page } = await signIn(
      this.browser,
      this.server.baseUrl,
      'admin',
      this.server.adminPassword,
    ));
  }

  async stop(): Promise<void> {
    await this.context?.close();
    await this.browser?.close();
    await this.server?.stop();
  }

  shot(name: string) {
    return this.page.screenshot({ path: join(ARTIFACTS, `report-delivery-${this.name}-${name}.png`), fullPage: true });
  }

  /** On the dashboard (its chart drawn), "Manage email reports" -> a weekly PNG report, saved. */
  async setUpWeeklyReport(): Promise<void> {
    const page = this.page;
    await page.goto(`${this.server.baseUrl}/dashboard/${this.dashboardId}/`);
    await page.locator('[data-chart-id][data-status="rendered"]').first().waitFor({ timeout: 120_000 });
    await page.getByRole('button', { name: 'Dashboard actions' }).click();
    const menu = page.getByRole('menu').getByRole('group', { name: 'Manage email reports' });
    await menu.getByRole('menuitem', { name: 'Set up an email report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Email Report' });
    expect(await dialog.getByLabel('Report name').inputValue()).toBe(REPORT);
    await dialog.getByLabel('Email recipients').fill('ops@example.com');
    await dialog.getByLabel('Repeat').selectOption('week');
    await dialog.getByLabel('Day of the week').selectOption({ label: 'Monday' });
    await dialog.getByLabel('Time of day').fill('09:00');
    expect(await dialog.getByLabel('Cron schedule').inputValue()).toBe('0 9 * * 1');
    await dialog.getByLabel('Format').selectOption('PNG');
    await this.shot('modal');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  /** /report/list/, "Run now" on the report's row; the row (its last state shows Success once it ended). */
  async runNowFromList(): Promise<Locator> {
    const page = this.page;
    await page.goto(`${this.server.baseUrl}/report/list/`);
    const row = page.getByRole('table', { name: 'Reports' }).getByRole('row').filter({ hasText: REPORT });
    await row.getByRole('button', { name: 'Run now' }).click();
    return row;
  }

  async expectListSuccess(row: Locator): Promise<void> {
    await row.locator('.run-state', { hasText: 'Success' }).waitFor({ timeout: RUN_MS });
    await row.getByText('Run now: Success').waitFor();
    await this.shot('list');
  }

  /** The report's execution log page, from its row, shows one Success run. */
  async expectLogSuccess(row: Locator): Promise<void> {
    await row.getByRole('link', { name: 'Log' }).click();
    await this.page.waitForURL(/\/report\/\d+\/log\/$/);
    const log = this.page.getByRole('table', { name: 'Execution log' });
    await log.locator('tbody tr .run-state', { hasText: 'Success' }).waitFor();
    expect(await log.locator('tbody tr').count()).toBe(1);
    await this.shot('log');
  }
}

async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 250));
  }
}

describe('a weekly PNG dashboard report run now reaches the SMTP server (Chromium)', () => {
  const run = new Delivery('smtp');
  let inbox: SmtpInbox;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    await run.start({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(inbox.port), EMAIL_FROM: 'reports@strata.example' });
  }, 400_000);

  afterAll(async () => {
    await run.stop();
    await inbox?.close();
  });

  it('set up from the dashboard menu, run from the list: mailed with the dashboard inline, Success logged', async () => {
    await run.setUpWeeklyReport();
    const row = await run.runNowFromList();
    await until(() => inbox.mails.length > 0, RUN_MS, 'the report mail');

    const mail = inbox.mails[0]!;
    expect(mail.rcpt).toEqual(['ops@example.com']);
    expect(mail.subject).toBe(`[Report] ${REPORT}`);
    expect(mail.html).toContain(`/superset/dashboard/${run.dashboardId}/`);
    const cid = /<img src="cid:([^"]+)"/.exec(mail.html)?.[1];
    const image = mail.parts.find((p) => p.headers['content-id'] === `<${cid}>`);
    expect(image?.contentType).toMatch(/^image\/png/);
    expect(image?.headers['content-disposition']).toMatch(/^inline/);
    writeFileSync(join(ARTIFACTS, 'report-delivery-smtp-mailed.png'), image!.body);
    expectDrawn(await pngPixels(run.page, `data:image/png;base64,${image!.body.toString('base64')}`));

    await run.expectListSuccess(row);
    await run.expectLogSuccess(row);
    expect(inbox.mails).toHaveLength(1);
  }, 900_000);
});

describe('without SMTP_HOST the run lands in the Outbox page (Chromium)', () => {
  const run = new Delivery('outbox');

  beforeAll(() => run.start({}), 400_000);
  afterAll(() => run.stop());

  it('shows the mail with its PNG and says no SMTP server is configured', async () => {
    await run.setUpWeeklyReport();
    const row = await run.runNowFromList();
    await run.expectListSuccess(row);
    await run.expectLogSuccess(row);

    const page = run.page;
    await page.goto(`${run.server.baseUrl}/report/outbox/`);
    expect(await page.getByRole('note').innerText()).toMatch(/No SMTP server is configured/);
    const mails = page.getByRole('table', { name: 'Mails' });
    expect(await mails.locator('tbody tr').count()).toBe(1);
    await mails.getByRole('link', { name: `[Report] ${REPORT}` }).click();
    const mail = page.getByRole('article', { name: `Mail: [Report] ${REPORT}` });
    await mail.waitFor();
    expect(await mail.getByText('ops@example.com').count()).toBeGreaterThan(0);
    const image = mail.getByTestId('mail-body').locator('img');
    const src = await image.getAttribute('src');
    expect(src).toMatch(/\/attachment\/\d+$/);
    await page.waitForFunction(
      (img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0,
      await image.elementHandle(),
    );
    expectDrawn(await pngPixels(page, src!));
    await mail
      .getByRole('list', { name: 'Attachments' })
      .getByText(/image\/png.*shown in the body/)
      .waitFor();
    await run.shot('outbox');
  }, 900_000);
});
