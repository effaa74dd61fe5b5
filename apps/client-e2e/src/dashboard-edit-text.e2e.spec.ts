import { join } from 'node:path';
import { type Page } from 'playwright-core';
import { aliceAndBob, editGrid as grid, openEditMode } from './dashboard-support';
import { Stage } from './stage';
import { ARTIFACTS } from './support';

// Issue 12 §3 and §6 in Chromium, two editors in two browser contexts: a tab title is renamed by
// double-clicking it (the Tabs block stays), and of two people typing in one markdown the later one is
// told and keeps their text, while the first one's text stays in the draft.

const stage = new Stage('dashboard-edit-text');
let alice: Page;
let bob: Page;
let dashboardId = 0;

/** The draft as the server holds it (every editor's acknowledged edits). */
async function serverDraft(): Promise<Record<string, { type: string; meta: { code?: string; text?: string } }>> {
  const answer = await stage.api.call<{ result: { position_json: Record<string, never> } }>(
    'GET',
    `/api/v1/dashboard/${dashboardId}/draft`,
    stage.adminToken,
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
  await stage.start();
  ({ dashboardId, alice, bob } = await aliceAndBob(stage, 'Texts edited in e2e'));
  await openEditMode(stage.server.baseUrl, dashboardId, alice, bob);
  await alice.getByLabel('bob is editing').waitFor();
});

afterAll(() => stage.stop());

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
