import { join } from 'node:path';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { launchChromium } from './chromium';
import { startStrata, type RunningServer } from './strata-server';
import { ARTIFACTS, jsonApi, signIn as signInTo } from './support';

// Issue 12 §3 and §6 in Chromium, two editors in two browser contexts: a tab title is renamed by
// double-clicking it (the Tabs block stays), and of two people typing in one markdown the later one is
// told and keeps their text, while the first one's text stays in the draft.

let server: RunningServer | undefined;
let browser: Browser | undefined;
const contexts: BrowserContext[] = [];
let alice: Page;
let bob: Page;
let adminToken = '';
let dashboardId = 0;
const BOB_PASSWORD = 'bob-e2e-password';

const grid = (page: Page) => page.getByTestId('edit-grid');
let api: ReturnType<typeof jsonApi>;
async function signIn(username: string, password: string): Promise<Page> {
  const { context, page } = await signInTo(browser!, server!.baseUrl, username, password);
  contexts.push(context);
  return page;
}

/** The draft as the server holds it (every editor's acknowledged edits). */
async function serverDraft(): Promise<Record<string, { type: string; meta: { code?: string; text?: string } }>> {
  const answer = await api.call<{ result: { position_json: Record<string, never> } }>(
    'GET',
    `/api/v1/dashboard/${dashboardId}/draft`,
    adminToken,
  );
  expect(answer.status).toBe(200);
  return answer.body.result.position_json;
}

/** Asks the server until its draft satisfies `check` (each ask is a round trip; no timer involved). */
async function draftWhere(check: (draft: Awaited<ReturnType<typeof serverDraft>>) => boolean) {
  for (;;) {
    const draft = await serverDraft();
    if (check(draft)) return draft;
  }
}
/** A click outside the field being typed in: the field is left (its text sent), the markdown stays selected. */
const leaveField = (page: Page) => page.getByTestId('edit-mode').click({ position: { x: 2, y: 2 } });
/** The markdown's field shows the draft's text once the user is not typing in it. */
const markdownField = (page: Page) => grid(page).getByRole('textbox', { name: 'Markdown text' });

const markdownCodes = (draft: Awaited<ReturnType<typeof serverDraft>>) =>
  Object.values(draft)
    .filter((item) => item?.type === 'MARKDOWN')
    .map((item) => item.meta.code ?? '');

beforeAll(async () => {
  server = await startStrata(join(ARTIFACTS, 'server-dashboard-edit-text.log'));
  api = jsonApi(server.baseUrl);
  browser = await launchChromium();
  adminToken = await api.token('admin', server.adminPassword);
  const created = await api.call<{ id: number }>('POST', '/api/v1/security/users', adminToken, {
    username: 'bob',
    password: BOB_PASSWORD,
    first_name: 'Bob',
    last_name: 'Editor',
    roles: ['Gamma'],
  });
  expect(created.status).toBe(201);
  const dashboard = await api.call<{ id: number }>('POST', '/api/v1/dashboard/', adminToken, {
    dashboard_title: 'Texts edited in e2e',
    owners: [created.body.id],
  });
  expect(dashboard.status).toBe(201);
  dashboardId = dashboard.body.id;
  alice = await signIn('admin', server.adminPassword);
  bob = await signIn('bob', BOB_PASSWORD);
  for (const page of [alice, bob]) {
    await page.goto(`${server.baseUrl}/dashboard/${dashboardId}/?edit=true`);
    await grid(page).waitFor();
  }
  await alice.getByLabel('bob is editing').waitFor();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
});

describe('texts edited in place by two editors (issue 12)', () => {
  it('double-clicking a tab title edits it in place; the Tabs block stays; Escape cancels', async () => {
    await alice.getByRole('button', { name: 'Add Tabs', exact: true }).click();
    const title = grid(alice).getByRole('tab', { name: 'Tab title' });
    await title.waitFor();
    await grid(bob).getByRole('tab', { name: 'Tab title' }).waitFor();

    await title.dblclick();
    const input = grid(alice).getByRole('textbox', { name: 'Tab title' });
    await input.waitFor();
    expect(await alice.locator('.edit-item--tabs').count()).toBe(1);
    await input.fill('Overview');
    await input.press('Enter');
    await grid(alice).getByRole('tab', { name: 'Overview' }).waitFor();
    // Live at the other editor, and the Tabs block is still there for both.
    await grid(bob).getByRole('tab', { name: 'Overview' }).waitFor();
    expect(await bob.locator('.edit-item--tabs').count()).toBe(1);
    expect(await alice.locator('.edit-item--tabs').count()).toBe(1);

    // Escape leaves the title as it was.
    await grid(alice).getByRole('tab', { name: 'Overview' }).dblclick();
    await input.fill('Not this');
    await input.press('Escape');
    await input.waitFor({ state: 'detached' });
    await grid(alice).getByRole('tab', { name: 'Overview' }).waitFor();
    const draft = await serverDraft();
    expect(
      Object.values(draft)
        .filter((i) => i?.type === 'TAB')
        .map((i) => i.meta.text),
    ).toEqual(['Overview']);
    await alice.screenshot({ path: join(ARTIFACTS, 'dashboard-edit-tab-title.png') });
  });

  it('two editors type in one markdown: the later is told, keeps their text, and the first text stays', async () => {
    await alice.getByRole('button', { name: 'Add Text / Markdown', exact: true }).click();
    await draftWhere((d) => markdownCodes(d).length === 1);
    // Both select the markdown and start typing in it.
    for (const page of [alice, bob]) {
      await grid(page).locator('.edit-item--markdown').click();
      await markdownField(page).waitFor();
    }
    await markdownField(bob).fill('# Bob was here');
    await markdownField(alice).fill('# Alice wrote this');
    // Alice leaves the field first: her text is sent and lands.
    await leaveField(alice);
    await draftWhere((d) => markdownCodes(d)[0] === '# Alice wrote this');
    // Bob still sees his own text in his field while he types; then he leaves it too.
    expect(await markdownField(bob).inputValue()).toBe('# Bob was here');
    await leaveField(bob);

    // Bob is told, with his text kept to re-apply.
    const refused = bob.getByRole('region', { name: 'Changes not applied' });
    await refused.waitFor();
    expect(await refused.innerText()).toContain('Someone else changed this text');
    expect(await refused.getByRole('textbox', { name: 'Your text' }).inputValue()).toBe('# Bob was here');
    await bob.screenshot({ path: join(ARTIFACTS, 'dashboard-edit-text-refused.png') });

    // Alice's text is the draft's, at the server and at both editors; Bob's was not applied.
    expect(markdownCodes(await serverDraft())).toEqual(['# Alice wrote this']);
    expect(await markdownField(bob).inputValue()).toBe('# Alice wrote this');
    expect(await markdownField(alice).inputValue()).toBe('# Alice wrote this');

    // Having read Alice's text, Bob re-applies his own over it: now it is a decision he made, and it lands.
    await refused.getByRole('button', { name: 'Re-apply' }).click();
    await draftWhere((d) => markdownCodes(d)[0] === '# Bob was here');
  });
});
