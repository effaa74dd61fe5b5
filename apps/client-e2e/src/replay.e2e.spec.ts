import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { BOB, createDashboard, createUser, editGrid, openEditMode } from './dashboard-support';

// SQL Lab needs the sql_lab role on top of Gamma (which lets bob edit the dashboards he owns).
const BOB_WITH_SQLLAB = { ...BOB, roles: [...BOB.roles, 'sql_lab'] };
import { audit, examplesLoaded, replayedSql, stepReplayUntil, stored } from './audit-support';
import { Stage } from './stage';
import { ARTIFACTS } from './support';

// Issue 13 item 4, "Replay a user's session", in Chromium against the real server: bob types SQL in a new
// SQL Lab tab and adds a markdown to a dashboard in edit mode; the admin replays bob's session step by
// step and sees the SQL, then the layout change; the replay writes nothing (the log's event count is
// the same before and after stepping through it); bob asking for the admin's session is refused.

const stage = new Stage('replay');
const SQL = "SELECT 'bob was here' AS marker";
let bobId = 0;
let adminId = 0;
let dashboardId = 0;
let since = '';
let admin: Page;
let bob: Page;

const eventCount = async () => (await audit(stage, '(page_size:1)')).count;
/** The log's newest events after a position, as "who type" (what a write while replaying would add). */
const eventsAfter = async (position: number) =>
  (await audit(stage, '(page_size:100)')).result
    .filter((row) => row.position > position)
    .map((row) => `${row.actor.username} ${row.type}`);

beforeAll(async () => {
  await stage.start();
  await examplesLoaded(stage);
  bobId = await createUser(stage.api, stage.adminToken, BOB_WITH_SQLLAB);
  dashboardId = await createDashboard(stage.api, stage.adminToken, { dashboard_title: 'Replayed', owners: [bobId] });
  const users = await stage.api.call<{ result: { id: number; username: string }[] }>(
    'GET',
    '/api/v1/security/users/?q=(page_size:100)',
    stage.adminToken,
  );
  adminId = users.body.result.find((u) => u.username === 'admin')!.id;
  since = new Date(Date.now() - 60_000).toISOString();
  bob = await stage.signIn('bob', BOB.password);
  admin = await stage.signIn('admin', stage.server.adminPassword);
}, 240_000);

afterAll(() => stage.stop());

const replayUrl = (user: number) =>
  `${stage.server.baseUrl}/replay/?${new URLSearchParams({
    user: String(user),
    since,
    until: new Date(Date.now() + 60_000).toISOString(),
  }).toString()}`;

describe("replaying bob's session (Chromium)", () => {
  it('bob creates a SQL Lab tab and types SQL, then adds a markdown to a dashboard in edit mode', async () => {
    await bob.goto(`${stage.server.baseUrl}/sqllab/`);
    await bob.getByRole('button', { name: 'New tab' }).click();
    await bob
      .getByRole('tablist', { name: 'Query tabs' })
      .getByRole('tab', { name: /Untitled Query 2/ })
      .waitFor();
    await bob.getByTestId('sql-editor').click();
    await bob.keyboard.type(SQL, { delay: 5 });
    // The tab autosave stores the SQL on bob's tab-state stream.
    await stored(stage, `(actor:${bobId},text:'here!' AS marker')`, bob);

    await openEditMode(stage.server.baseUrl, dashboardId, bob);
    await bob.getByRole('button', { name: 'Add Text / Markdown', exact: true }).click();
    await editGrid(bob).locator('.edit-item--markdown').first().waitFor();
    await stored(stage, `(actor:${bobId},types:!(dashboard/componentCreated))`, bob);
    // Bob is done: his page writes nothing more while the admin replays.
    await bob.goto('about:blank');
  });

  it("the admin steps through: bob's SQL in his tab, then the markdown in the dashboard layout; nothing is written", async () => {
    await admin.goto(replayUrl(bobId));
    await admin.getByTestId('replay-banner').waitFor();
    expect(await admin.getByTestId('replay-banner').innerText()).toContain('Replaying bob — read only');
    // Opening the page logs the admin's own page view; wait for it, then count the log.
    await stored(stage, `(actor:${adminId},types:!(platform/userEventLogged),text:'replay')`, admin);
    const before = await eventCount();
    const last = (await audit(stage, '(page_size:1)')).result[0]!.position;

    await stepReplayUntil(admin, async () => (await replayedSql(admin)) === SQL, "bob's SQL");
    // SQL Lab's real page: bob's tab with its SQL in the editor.
    await admin.locator('.replay-sqllab .ace_content').filter({ hasText: 'bob was here' }).waitFor();
    await admin
      .getByTestId('replay-sqllab')
      .getByRole('tab', { name: /Untitled Query 2/, selected: true })
      .waitFor();
    expect(await admin.getByTestId('replay-page').innerText()).toContain('SQL Lab');
    await admin.screenshot({ path: join(ARTIFACTS, 'replay-sqllab.png') });

    // The real dashboard page: its grid, with bob's markdown from the shared draft of then.
    const grid = () => admin.getByTestId('replay-stage').getByTestId('dashboard-grid');
    await stepReplayUntil(
      admin,
      async () => {
        if (!(await admin.getByTestId('replay-page').innerText()).startsWith('Dashboard')) return false;
        // The dashboard as it was is read from the server (as_of and its draft) for each step.
        await grid().waitFor({ state: 'attached' });
        return (await grid().locator('.dashboard-markdown-holder').count()) > 0;
      },
      'the markdown',
    );
    expect(await admin.getByTestId('replay-page').innerText()).toContain('Replayed');
    expect(await admin.getByTestId('past-draft').innerText()).toContain('Edit mode, unsaved changes');
    await admin.screenshot({ path: join(ARTIFACTS, 'replay-dashboard.png') });

    // Typing into the replayed page is stopped, and says so.
    await admin.getByTestId('replay-stage').click();
    await admin.getByTestId('replay-banner').getByRole('alert').waitFor();

    expect(await eventsAfter(last)).toEqual([]);
    expect(await eventCount()).toBe(before);
  });

  it("bob asking for the admin's session is refused by the server, and the page says so", async () => {
    await bob.goto(replayUrl(adminId));
    const refused = bob.getByTestId('replay-refused');
    await refused.waitFor();
    expect(await refused.innerText()).toContain('Cannot replay');
    expect(await bob.getByTestId('replay-banner').count()).toBe(0);
  });
});
