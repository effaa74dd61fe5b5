import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { createDashboard, editGrid as grid, openEditMode } from './dashboard-support';
import { Stage } from './stage';
import { ARTIFACTS } from './support';

// Issue 13, "Time travel everywhere": the dashboard time-travel e2e. An editor scrubs back before their
// layout edit, tries to edit (refused: the page is read-only, the server's draft is unchanged), returns
// to live: the edit is still there and editing works again. "Report a bug" carries the server events.

const stage = new Stage('dashboard-time-travel');
let page: Page;
let dashboardId = 0;

beforeAll(async () => {
  await stage.start();
  dashboardId = await createDashboard(stage.api, stage.adminToken, { dashboard_title: 'Travelled', owners: [] });
  page = await stage.signIn('admin', stage.server.adminPassword);
}, 180_000);

afterAll(() => stage.stop());

interface DraftJson {
  stream_version: number;
  position_json: Record<string, { type: string }>;
}
/** The shared draft as the server holds it. */
async function serverDraft(): Promise<DraftJson> {
  const answer = await stage.api.call<{ result: DraftJson }>(
    'GET',
    `/api/v1/dashboard/${dashboardId}/draft`,
    stage.adminToken,
  );
  expect(answer.status).toBe(200);
  return answer.body.result;
}
const markdownsIn = (draft: DraftJson) =>
  Object.values(draft.position_json).filter((c) => c.type === 'MARKDOWN').length;

/** Waits until the server's draft holds `n` markdowns (the edit was acknowledged). */
async function serverHasMarkdowns(n: number): Promise<DraftJson> {
  for (;;) {
    const draft = await serverDraft();
    if (markdownsIn(draft) === n) return draft;
    await page.waitForTimeout(100);
  }
}

const markdowns = () => grid(page).locator('.edit-item--markdown');
const addMarkdown = () => page.getByRole('button', { name: 'Add Text / Markdown', exact: true });
const bar = () => page.getByTestId('time-travel-bar');
const panel = () => page.getByRole('region', { name: 'Time travel' });
const rows = () => panel().getByTestId('time-travel-event');

describe('time travel on a dashboard in edit mode (Chromium)', () => {
  let live: DraftJson;

  it('an edit is made and the panel (Ctrl+Shift+E) lists the draft events with the page ones', async () => {
    await openEditMode(stage.server.baseUrl, dashboardId, page);
    await addMarkdown().click();
    await markdowns().first().waitFor();
    live = await serverHasMarkdowns(1);

    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Control+Shift+E');
    await panel().waitFor();
    const stores = await rows().locator('td:nth-child(2)').allInnerTexts();
    expect(stores).toContain('dashboard');
    expect(stores).toContain('dashboardDraft');
  });

  it('scrubbed back before the edit, the page shows the past read-only and refuses edits', async () => {
    const cells = await rows().evaluateAll((trs) =>
      trs.map((tr) => ({
        store: tr.children[1]?.textContent ?? '',
        type: tr.children[2]?.textContent ?? '',
      })),
    );
    const edit = cells.findIndex((c) => c.store === 'dashboardDraft' && c.type !== 'dashboard/draftStarted');
    expect(edit).toBeGreaterThan(0);
    // The row just before the edit's first event: the state after it is the one before the edit.
    await rows()
      .nth(edit - 1)
      .click();

    await bar().waitFor();
    expect(await bar().innerText()).toContain('Viewing the past');
    // Closed, the panel leaves the page in the past: the bar stays until Return to live.
    await panel().getByRole('button', { name: 'Close time travel' }).click();
    await bar().waitFor();
    await markdowns().first().waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: 'Undo' }).isDisabled()).toBe(true);
    await page.screenshot({ path: join(ARTIFACTS, 'dashboard-time-travel-past.png') });

    // Try to edit: add a component, and undo the edit with the keyboard. Both refused, said in the bar.
    await addMarkdown().click();
    await bar().getByRole('alert').waitFor();
    expect(await bar().getByRole('alert').innerText()).toContain('Read-only: you are viewing the past');
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Control+z');
    expect(await markdowns().count()).toBe(0);

    // Nothing reached the live draft: the server's stream has no new event and keeps the edit.
    const after = await serverDraft();
    expect(after.stream_version).toBe(live.stream_version);
    expect(markdownsIn(after)).toBe(1);
  });

  it('Return to live shows the edit again, and editing works again', async () => {
    await bar().getByRole('button', { name: 'Return to live' }).click();
    await bar().waitFor({ state: 'detached' });
    await markdowns().first().waitFor();
    expect(await markdowns().count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Undo' }).isEnabled()).toBe(true);

    await addMarkdown().click();
    await markdowns().nth(1).waitFor();
    expect((await serverHasMarkdowns(2)).stream_version).toBeGreaterThan(live.stream_version);
  });

  it('"Report a bug" downloads the page log with the server events of the dashboard and its draft', async () => {
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Control+Shift+E');
    await panel().waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      panel().getByRole('button', { name: 'Report a bug' }).click(),
    ]);
    const report = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
      version: number;
      appVersion: string;
      events: { store: string }[];
      server: { stream: string; events: { type: string }[]; error?: string }[];
    };
    expect(report.version).toBe(2);
    expect(report.appVersion).toMatch(/^\d+\.\d+\.\d+/);
    expect(report.events.some((e) => e.store === 'dashboardDraft')).toBe(true);
    const streams = Object.fromEntries(report.server.map((s) => [s.stream, s]));
    expect(streams[`dashboard:${dashboardId}`]?.events.length).toBeGreaterThan(0);
    const draft = streams[`dashboard-draft:${dashboardId}`];
    expect(draft?.error).toBeUndefined();
    expect(draft?.events.filter((e) => e.type !== 'dashboard/draftStarted').length).toBeGreaterThan(0);
  });
});
