import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { BOB, createCarsChart, createDashboard, createUser, editGrid, openEditMode } from './dashboard-support';
import { examplesLoaded, replayedSql, stepReplayUntil, stored } from './audit-support';
import { Stage } from './stage';
import { ARTIFACTS } from './support';

// Issue 13, "Done when", first bullet, as one scenario in Chromium: Bob works in SQL Lab, Explore and a
// dashboard; the admin opens /activity/, filters to Bob, sees each intent with a readable summary, opens
// the dashboard as it was before Bob's change, reverts one of Bob's changes, and replays Bob's session
// step by step; Bob gets 403 for the admin's activity.

const stage = new Stage('audit-scenario');
// Gamma lets Bob edit what he owns; sql_lab opens SQL Lab (the examples database is granted to it below).
const BOB_SQL = { ...BOB, roles: [...BOB.roles, 'sql_lab'] };
const SQL = "SELECT 'bob was here' AS marker";
const DASHBOARD = 'Cars overview';
const CHART = 'Cars by origin';
const RENAMED = 'Origins of cars';

let bobId = 0;
let adminId = 0;
let databaseId = 0;
let dashboardId = 0;
let chartId = 0;
let bobToken = '';
let bob: Page;
let admin: Page;

beforeAll(async () => {
  await stage.start();
  await examplesLoaded(stage);
  bobId = await createUser(stage.api, stage.adminToken, BOB_SQL);
  bobToken = await stage.api.token('bob', BOB.password);

  const databases = await stage.api.call<{ result: { id: number; database_name: string }[] }>(
    'GET',
    '/api/v1/database/?q=(page_size:100)',
    stage.adminToken,
  );
  databaseId = databases.body.result.find((d) => d.database_name === 'examples')!.id;
  const granted = await stage.api.call('PUT', `/api/v1/database/${databaseId}/access`, stage.adminToken, {
    roles: ['sql_lab'],
  });
  expect(granted.status).toBe(200);

  // Bob owns a dashboard with a chart on it, and the chart.
  dashboardId = await createDashboard(stage.api, stage.adminToken, { dashboard_title: DASHBOARD, owners: [bobId] });
  chartId = await createCarsChart(stage.api, stage.adminToken, {
    slice_name: CHART,
    owners: [bobId],
    dashboards: [dashboardId],
  });

  const me = await stage.api.call<{ result: { id: number } }>('GET', '/api/v1/me/', stage.adminToken);
  adminId = me.body.result.id;
  bob = await stage.signIn('bob', BOB.password);
  admin = await stage.signIn('admin', stage.server.adminPassword);
}, 300_000);

afterAll(() => stage.stop());

const rows = () => admin.locator('[data-testid^="activity-row-"]');
const row = (text: string) => rows().filter({ hasText: text });
const banner = () => admin.getByTestId('past-view-banner');

describe('auditing, reverting and replaying what Bob did (Chromium)', () => {
  it('Bob runs SQL in SQL Lab, renames his chart in Explore and adds a markdown to his dashboard', async () => {
    // SQL Lab: a new tab, SQL typed, run.
    await bob.goto(`${stage.server.baseUrl}/sqllab/`);
    await bob.getByRole('button', { name: 'New tab' }).click();
    await bob
      .getByRole('tablist', { name: 'Query tabs' })
      .getByRole('tab', { name: /Untitled Query 2/ })
      .waitFor();
    await bob.getByTestId('sql-editor').click();
    await bob.keyboard.type(SQL, { delay: 5 });
    await bob.getByRole('button', { name: 'Run', exact: true }).click();
    await bob.getByTestId('query-state').getByText('success').waitFor({ timeout: 60_000 });
    await bob.getByRole('grid', { name: 'Query results' }).getByRole('gridcell', { name: 'bob was here' }).waitFor();
    // The tab autosave (5 s after the last edit) stores the whole SQL on Bob's tab-state stream; leaving
    // before it, the server's tab would keep what an earlier save sent until SQL Lab is next opened.
    await stored(
      stage,
      `(actor:${bobId},types:!(sqllab/tabStateCreated,sqllab/tabStateSqlEdited),text:'here!' AS marker')`,
      bob,
    );

    // Explore: the chart saved under a new name.
    await bob.goto(`${stage.server.baseUrl}/explore/?slice_id=${chartId}`);
    await bob.waitForFunction(
      (name) => (document.querySelector('input[aria-label="Chart name"]') as HTMLInputElement | null)?.value === name,
      CHART,
    );
    // Save is enabled once the chart's dataset has loaded; the click waits for it.
    await bob.locator('.explore-header').getByRole('button', { name: 'Save', exact: true }).click();
    const modal = bob.getByRole('dialog', { name: 'Save chart' });
    await modal.getByLabel('Chart name').fill(RENAMED);
    await modal.getByRole('button', { name: 'Save', exact: true }).click();
    await bob.getByTestId('toast').filter({ hasText: RENAMED }).first().waitFor();
    await modal.waitFor({ state: 'detached' });
    await stored(stage, `(actor:${bobId},types:!(chart/chartRenamed))`, bob);

    // The dashboard: a markdown added in edit mode, saved.
    await openEditMode(stage.server.baseUrl, dashboardId, bob);
    await bob.getByRole('button', { name: 'Add Text / Markdown', exact: true }).click();
    await editGrid(bob).locator('.edit-item--markdown').first().waitFor();
    await bob.getByRole('button', { name: 'Save' }).click();
    await bob.getByTestId('edit-mode').waitFor({ state: 'detached' });
    await bob.getByTestId('dashboard-grid').locator('.dashboard-markdown-holder').waitFor();
    await stored(stage, `(actor:${bobId},types:!(dashboard/layoutPublished))`, bob);
    // Bob is done: his page writes nothing more.
    await bob.goto('about:blank');
  });

  it("the admin opens /activity/, filters to Bob and reads each of Bob's intents in words", async () => {
    await admin.goto(`${stage.server.baseUrl}/`);
    await admin.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity' }).click();
    await admin.getByRole('heading', { name: 'Activity' }).waitFor();
    const filters = admin.getByRole('form', { name: 'Filter the activity' });
    const user = filters.locator('select[name="actor"]');
    await user.locator(`option[value="${bobId}"]`).waitFor({ state: 'attached' });
    await user.selectOption(String(bobId));
    await filters.getByRole('button', { name: 'Apply' }).click();
    await admin.waitForURL(`**/activity/?actor=${bobId}`);
    await rows().first().waitFor();
    await admin.getByLabel('Rows per page').selectOption('1000');
    await admin.waitForURL(/page_size=1000/);
    await row(`renamed the chart '${CHART}' to '${RENAMED}'`).waitFor();

    const who = await admin.locator('[data-testid^="activity-row-"] td:nth-child(3)').allTextContents();
    expect(new Set(who)).toEqual(new Set(['bob']));
    const summaries = await admin.locator('[data-testid^="activity-row-"] td:nth-child(5)').allInnerTexts();
    expect(summaries).toEqual(
      expect.arrayContaining([
        "bob opened the tab 'Untitled Query 2'",
        `bob ran a query in the tab 'Untitled Query 2' on database ${databaseId}`,
        "the query in the tab 'Untitled Query 2' succeeded with 1 row",
        `bob renamed the chart '${CHART}' to '${RENAMED}'`,
        `bob published the layout of version 2 of the dashboard '${DASHBOARD}'`,
        `bob saved version 2 of the dashboard '${DASHBOARD}' (1 change)`,
        "bob added a markdown to the dashboard's grid",
      ]),
    );
    // Every event has its words: none falls back to the type.
    expect(summaries.filter((s) => s.includes("recorded '"))).toEqual([]);
    await admin.screenshot({ path: join(ARTIFACTS, 'audit-scenario-activity.png') });
  });

  it('the admin opens the dashboard as it was before Bob saved his layout', async () => {
    const published = row(`bob published the layout of version 2 of the dashboard '${DASHBOARD}'`);
    await published.getByRole('button', { name: /Show the details/ }).click();
    await admin.getByRole('link', { name: 'Open as it was before' }).click();
    await admin.waitForURL(new RegExp(`/superset/dashboard/${dashboardId}/\\?as_of=\\d+`));
    await banner().waitFor();
    expect(await banner().innerText()).toContain('As it was at log position');
    await admin.getByRole('heading', { level: 1 }).filter({ hasText: DASHBOARD }).waitFor();
    // The chart was on it then; Bob's markdown was not.
    await admin.locator(`[data-chart-id="${chartId}"]`).waitFor();
    expect(await admin.getByTestId('dashboard-grid').locator('.dashboard-markdown-holder').count()).toBe(0);
    expect(await admin.getByRole('button', { name: 'Edit dashboard' }).count()).toBe(0);
    await admin.screenshot({ path: join(ARTIFACTS, 'audit-scenario-as-of.png') });
  });

  it("the admin reverts Bob's chart rename from the chart's history", async () => {
    await admin.goBack();
    const renamed = row(`bob renamed the chart '${CHART}' to '${RENAMED}'`);
    await renamed.getByRole('link', { name: 'History' }).click();
    await admin.waitForURL(`**/activity/object/chart/${chartId}`);
    await admin.getByRole('heading', { name: `History of the chart ${chartId}` }).waitFor();
    const intent = admin
      .getByRole('table', { name: 'History' })
      .getByRole('row')
      .filter({ hasText: 'chart/chartRenamed' })
      .filter({ hasText: 'bob' });
    await intent.getByRole('button', { name: 'Revert' }).click();
    await intent
      .getByRole('group', { name: 'Confirm the revert' })
      .getByRole('button', { name: 'Yes, revert' })
      .click();
    await intent.getByText('reverted', { exact: true }).waitFor();

    const chart = await stage.api.call<{ result: { slice_name: string } }>(
      'GET',
      `/api/v1/chart/${chartId}`,
      stage.adminToken,
    );
    expect(chart.status).toBe(200);
    expect(chart.body.result.slice_name).toBe(CHART);
  });

  it("the admin replays Bob's session step by step: his SQL, then the markdown on his dashboard", async () => {
    await admin.goto(`${stage.server.baseUrl}/replay/`);
    const form = admin.getByRole('form', { name: 'Choose a session to replay' });
    await form.getByLabel('User').locator(`option[value="${bobId}"]`).waitFor({ state: 'attached' });
    await form.getByLabel('User').selectOption(String(bobId));
    // "To" in the browser's local time, a few minutes ahead: the form's minutes would cut this one off.
    const to = await admin.evaluate(() => {
      const d = new Date(Date.now() + 5 * 60_000);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
    });
    await form.getByLabel('To').fill(to);
    await form.getByRole('button', { name: 'Replay' }).click();
    await admin.getByTestId('replay-banner').waitFor();
    expect(await admin.getByTestId('replay-banner').innerText()).toContain('Replaying bob — read only');

    await stepReplayUntil(admin, async () => (await replayedSql(admin)) === SQL, "Bob's SQL");
    expect(await admin.getByTestId('replay-page').innerText()).toContain('SQL Lab');
    // His run as the log recorded it (status and row count); its rows are not kept, nothing runs again.
    const results = () => admin.getByTestId('replay-sqllab').getByTestId('result-set');
    await stepReplayUntil(
      admin,
      async () =>
        (await results().count()) > 0 && (await results().getByTestId('query-state').textContent()) === 'success',
      "Bob's run",
    );
    expect(await results().getByTestId('row-count').textContent()).toBe('1 row');
    expect(await results().getByTestId('rows-not-kept').innerText()).toContain('Results are not kept');
    // SQL Lab's real page: the tab's database in its left bar (the names are read; nothing from the database).
    await admin.waitForFunction(
      () =>
        document.querySelector('[data-testid="replay-sqllab"] select[aria-label="Database"] option:checked')
          ?.textContent === 'examples',
    );
    await admin.screenshot({ path: join(ARTIFACTS, 'audit-scenario-replay-sql.png') });

    // The real dashboard page: its grid, with Bob's markdown.
    const grid = () => admin.getByTestId('replay-stage').getByTestId('dashboard-grid');
    await stepReplayUntil(
      admin,
      async () => {
        if (!(await admin.getByTestId('replay-page').innerText()).startsWith('Dashboard')) return false;
        await grid().waitFor({ state: 'attached' });
        return (await grid().locator('.dashboard-markdown-holder').count()) > 0;
      },
      'the markdown',
    );
    expect(await admin.getByTestId('replay-page').innerText()).toContain(DASHBOARD);
    await admin.screenshot({ path: join(ARTIFACTS, 'audit-scenario-replay-dashboard.png') });
  });

  it("Bob asking the API for the admin's activity gets 403", async () => {
    const refused = await stage.api.call<{ errors: { error_type: string }[] }>(
      'GET',
      `/api/v1/audit/?q=${encodeURIComponent(`(actor:${adminId})`)}`,
      bobToken,
    );
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0]?.error_type).toBe('USER_ACTIVITY_SECURITY_ACCESS_ERROR');
  });
});
