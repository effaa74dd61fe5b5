import { join } from 'node:path';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { launchChromium } from './chromium';
import { startStrata, type RunningServer } from './strata-server';
import { ARTIFACTS, jsonApi, signIn } from './support';

// "Manage email reports" in the dashboard's actions menu, in Chromium against the real server (issue 14
// item 6; charts-dashboards-reports §9): a refusal of the real API shows on the field it names and keeps
// what was typed; a weekly PNG report is set up with Advanced settings (a refused width on its field first)
// and the API lists it; it is switched off and deleted; an alert's grace period reaches the server.

let server: RunningServer | undefined;
let browser: Browser | undefined;
let context: BrowserContext | undefined;
let page: Page;
let api: ReturnType<typeof jsonApi>;
let token = '';
let dashboardId = 0;

interface Listed {
  id: number;
  name: string;
  crontab: string;
  timezone: string;
  report_format: string;
  active: boolean;
  creation_method: string;
  dashboard_id: number | null;
  recipients: { type: string; recipient_config_json: { target: string } }[];
}

const listed = async () => {
  const q = `(filters:!((col:dashboard_id,opr:eq,value:${dashboardId})))`;
  const answer = await api.call<{ result: Listed[] }>('GET', `/api/v1/report/?q=${encodeURIComponent(q)}`, token);
  expect(answer.status).toBe(200);
  return answer.body.result;
};
const reportsMenu = async () => {
  await page.getByRole('button', { name: 'Dashboard actions' }).click();
  return page.getByRole('menu').getByRole('group', { name: 'Manage email reports' });
};
const shot = (name: string) => page.screenshot({ path: join(ARTIFACTS, `report-modal-${name}.png`), fullPage: true });

beforeAll(async () => {
  server = await startStrata(join(ARTIFACTS, 'server-report-modal.log'));
  api = jsonApi(server.baseUrl);
  browser = await launchChromium();
  token = await api.token('admin', server.adminPassword);
  const dashboard = await api.call<{ id: number }>('POST', '/api/v1/dashboard/', token, {
    dashboard_title: 'Flights weekly',
  });
  expect(dashboard.status).toBe(201);
  dashboardId = dashboard.body.id;
  ({ context, page } = await signIn(browser, server.baseUrl, 'admin', server.adminPassword));
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

describe('email reports from the dashboard menu in Chromium', () => {
  it('sets up a weekly PNG report; a bad cron is refused on its field first', async () => {
    await page.goto(`${server!.baseUrl}/dashboard/${dashboardId}/`);
    const menu = await reportsMenu();
    await menu.getByRole('menuitem', { name: 'Set up an email report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Email Report' });
    await expect(dialog.getByLabel('Report name').inputValue()).resolves.toBe('Weekly Report for Flights weekly');
    await dialog.getByLabel('Email recipients').fill('ops@example.com');
    await dialog.getByLabel('Cron schedule').fill('0 25 * * 1');
    await dialog.getByRole('button', { name: 'Add' }).click();
    const refusal = dialog.locator('#report-error-crontab');
    await refusal.waitFor();
    expect(await refusal.innerText()).toMatch(/^crontab: /);
    expect(await dialog.getByLabel('Email recipients').inputValue()).toBe('ops@example.com');
    await shot('bad-cron');

    await dialog.getByLabel('Repeat').selectOption('week');
    await dialog.getByLabel('Day of the week').selectOption({ label: 'Monday' });
    await dialog.getByLabel('Time of day').fill('09:00');
    expect(await dialog.getByLabel('Cron schedule').inputValue()).toBe('0 9 * * 1');
    await dialog.getByLabel('Time zone').selectOption('Europe/Paris');
    expect(await dialog.getByLabel('Format').locator('option').allInnerTexts()).toEqual(['PNG', 'PDF']);
    // The Advanced settings; a width the domain refuses shows on its field (the API's extra.field).
    await dialog.getByText('Advanced', { exact: true }).click();
    await dialog.getByLabel('Log retention').selectOption('30');
    await dialog.getByLabel('Screenshot width').fill('300');
    await dialog.getByLabel('Ignore cache when generating report').check();
    expect(await dialog.getByLabel('Tab to send').locator('option').allInnerTexts()).toEqual([
      'The whole dashboard (no tabs)',
    ]);
    await dialog.getByRole('button', { name: 'Add' }).click();
    const width = dialog.locator('#report-error-custom_width');
    await width.waitFor();
    expect(await width.innerText()).toMatch(/^custom_width: /);
    await shot('bad-width');
    await dialog.getByLabel('Screenshot width').fill('1200');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await dialog.waitFor({ state: 'detached' });

    expect(await listed()).toEqual([
      expect.objectContaining({
        name: 'Weekly Report for Flights weekly',
        crontab: '0 9 * * 1',
        timezone: 'Europe/Paris',
        report_format: 'PNG',
        log_retention: 30,
        working_timeout: 3600,
        custom_width: 1200,
        force_screenshot: true,
        extra: {},
        active: true,
        creation_method: 'dashboards',
        dashboard_id: dashboardId,
        recipients: [
          expect.objectContaining({
            type: 'Email',
            recipient_config_json: expect.objectContaining({ target: 'ops@example.com' }),
          }),
        ],
      }),
    ]);
  });

  it('after a reload the menu offers the report: switched off, then deleted after the confirmation', async () => {
    await page.reload();
    const menu = await reportsMenu();
    const active = menu.getByRole('menuitemcheckbox', { name: /Email reports active/ });
    expect(await active.getAttribute('aria-checked')).toBe('true');
    await active.click();
    await page.waitForFunction(
      () => document.querySelector('[role="menuitemcheckbox"]')?.getAttribute('aria-checked') === 'false',
    );
    expect((await listed())[0]!.active).toBe(false);

    await menu.getByRole('menuitem', { name: 'Delete email report' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete email report' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await listed()).toEqual([]);
    const again = await reportsMenu();
    await again.getByRole('menuitem', { name: 'Set up an email report' }).waitFor();
  });

  it('"+ Alert" on the alert list opens the alert editor: database, SQL and validator reach the server', async () => {
    const databases = await api.call<{ result: { id: number; database_name: string }[] }>(
      'GET',
      '/api/v1/database/',
      token,
    );
    const database = databases.body.result[0]!;
    await page.goto(`${server!.baseUrl}/alert/list/`);
    await page.getByRole('button', { name: '+ Alert' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Alert' });
    await dialog.getByLabel('Alert name').fill('Late flights e2e');
    await dialog
      .getByLabel('Database')
      .locator('option', { hasText: database.database_name })
      .waitFor({ state: 'attached' });
    await dialog.getByLabel('Database').selectOption(String(database.id));
    await dialog.getByLabel('SQL query').fill('SELECT count(*) FROM flights WHERE delay > 100');
    await dialog.getByLabel('Condition').selectOption('>');
    await dialog.getByLabel('Threshold').fill('10');
    await dialog.getByLabel('Content type').selectOption('dashboard');
    await dialog
      .getByLabel('Select content')
      .locator('option', { hasText: 'Flights weekly' })
      .waitFor({ state: 'attached' });
    await dialog.getByLabel('Select content').selectOption(String(dashboardId));
    await dialog.getByLabel('Email recipients').fill('ops@example.com');
    await dialog.getByText('Advanced', { exact: true }).click();
    await dialog.getByLabel('Grace period').fill('3600');
    await shot('alert');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await dialog.waitFor({ state: 'detached' });
    const alerts = await api.call<{ result: Record<string, unknown>[] }>(
      'GET',
      `/api/v1/report/?q=${encodeURIComponent('(filters:!((col:type,opr:eq,value:Alert)))')}`,
      token,
    );
    expect(alerts.body.result).toEqual([
      expect.objectContaining({
        type: 'Alert',
        name: 'Late flights e2e',
        creation_method: 'alerts_reports',
        dashboard_id: dashboardId,
        database: expect.objectContaining({ id: database.id }),
        sql: 'SELECT count(*) FROM flights WHERE delay > 100',
        validator_type: 'operator',
        validator_config_json: { op: '>', threshold: 10 },
        grace_period: 3600,
      }),
    ]);
    await page.getByRole('table', { name: 'Alerts' }).getByText('Late flights e2e').waitFor();
  });
});
