import { join } from 'node:path';
import { type Page, type WebSocketRoute } from 'playwright-core';
import { aliceAndBob, editGrid as grid, openEditMode } from './dashboard-support';
import { Stage } from './stage';
import { ARTIFACTS } from './support';

// Issue 12 "Disconnects" and item 3 in Chromium: an editor whose socket drops keeps editing, a reload
// keeps what was not sent, and an edit that can no longer apply is shown to its author with their text.

const stage = new Stage('dashboard-offline');
let alice: Page;
let bob: Page;
let dashboardId = 0;

/**
 * Alice's network for the socket only (the page and the REST API stay reachable, so a reload works):
 * every socket.io connection goes through a route that forwards it, and while `offline` the open ones
 * are cut and new ones closed at once, as a dead network would.
 */
const network = { offline: false, open: [] as WebSocketRoute[] };
function goOffline() {
  network.offline = true;
  for (const socket of network.open.splice(0)) void socket.close({ code: 4000, reason: 'offline' });
}

const pending = (page: Page, text: string) => page.getByTestId('pending-edits').filter({ hasText: text });
const refused = (page: Page) => page.getByRole('region', { name: 'Changes not applied' });

async function draftLayout(): Promise<Record<string, { type?: string; meta?: { code?: string } }>> {
  const draft = await stage.api.call<{ result: { position_json: string | object } }>(
    'GET',
    `/api/v1/dashboard/${dashboardId}/draft`,
    stage.adminToken,
  );
  const json = draft.body.result.position_json;
  return typeof json === 'string' ? JSON.parse(json) : (json as never);
}
/** The draft's components of a type (not the dashboard title's HEADER_ID, which is no grid component). */
const ofType = async (type: string) =>
  Object.entries(await draftLayout())
    .filter(([id, c]) => c.type === type && id !== 'HEADER_ID')
    .map(([, c]) => c);
const codes = async () => (await ofType('MARKDOWN')).map((c) => c.meta?.code);
/** Waits until `check` holds (the server or the page asked again after each answer, no fixed delay). */
async function until(check: () => Promise<boolean>, timeoutMs = 60_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) if (Date.now() > end) throw new Error('the condition never held');
}

beforeAll(async () => {
  await stage.start();
  ({ dashboardId, alice, bob } = await aliceAndBob(stage, 'Edited offline'));
  await alice.context().routeWebSocket(
    (url) => url.pathname.startsWith('/socket.io'),
    (socket) => {
      if (network.offline) return void socket.close({ code: 4000, reason: 'offline' });
      network.open.push(socket);
      socket.connectToServer();
    },
  );
  await openEditMode(stage.server.baseUrl, dashboardId, alice, bob);
}, 400_000);

afterAll(() => stage.stop());

describe('an editor whose connection drops, in Chromium', () => {
  it('keeps editing offline; after a reload the change waiting is sent and lands once', async () => {
    goOffline();
    await alice.getByText('Reconnecting…').waitFor();
    await alice.getByRole('button', { name: 'Add Header', exact: true }).click();
    await grid(alice).getByRole('heading', { name: 'New header' }).waitFor();
    await pending(alice, 'Offline: 1 change pending').waitFor();
    await alice.screenshot({ path: join(ARTIFACTS, 'dashboard-offline-pending.png') });

    // A reload while the socket is still down: the change is remembered and shown as waiting.
    await alice.reload();
    await pending(alice, '1 change waiting to be sent').waitFor();
    expect(await ofType('HEADER')).toEqual([]);

    network.offline = false;
    await grid(bob).getByRole('heading', { name: 'New header' }).waitFor({ timeout: 60_000 });
    await grid(alice).getByRole('heading', { name: 'New header' }).waitFor();
    await alice.getByTestId('pending-edits').waitFor({ state: 'detached' });
    expect(await ofType('HEADER')).toHaveLength(1);
    expect(await grid(bob).getByRole('heading', { name: 'New header' }).count()).toBe(1);
  });

  it('shows an offline edit of a markdown another editor deleted as not applied, with the text kept', async () => {
    await bob.getByRole('button', { name: 'Add Text / Markdown', exact: true }).click();
    await grid(alice).locator('.edit-item--markdown').waitFor();

    goOffline();
    await alice.getByText('Reconnecting…').waitFor();
    await grid(alice).locator('.edit-item--markdown').click();
    await grid(alice).getByRole('textbox', { name: 'Markdown text' }).fill('# Written offline');
    await alice.getByRole('toolbar', { name: 'Edit dashboard' }).click();
    await pending(alice, 'Offline: 1 change pending').waitFor();
    // Bob deletes the markdown meanwhile.
    await grid(bob).locator('.edit-item--markdown').click();
    await bob.getByRole('button', { name: 'Delete component' }).click();
    await grid(bob).locator('.edit-item--markdown').waitFor({ state: 'detached' });

    network.offline = false;
    await refused(alice).waitFor({ timeout: 60_000 });
    await refused(alice).getByText('This component no longer exists', { exact: false }).waitFor();
    expect(await refused(alice).getByRole('textbox', { name: 'Your text' }).inputValue()).toBe('# Written offline');
    await alice.getByTestId('pending-edits').waitFor({ state: 'detached' });
    expect(await ofType('MARKDOWN')).toEqual([]);
    await alice.screenshot({ path: join(ARTIFACTS, 'dashboard-offline-refused.png') });
    await refused(alice).getByRole('button', { name: 'Dismiss' }).click();
    await refused(alice).waitFor({ state: 'detached' });
  });

  it('two editors type in one markdown: the later is refused with the text kept, and Re-apply lands it', async () => {
    await bob.getByRole('button', { name: 'Add Text / Markdown', exact: true }).click();
    await grid(alice).locator('.edit-item--markdown').waitFor();
    for (const page of [alice, bob]) {
      await grid(page).locator('.edit-item--markdown').click();
      await grid(page).getByRole('textbox', { name: 'Markdown text' }).waitFor();
    }
    // Alice starts typing first, from the empty text; Bob types and leaves the field before she does.
    await grid(alice).getByRole('textbox', { name: 'Markdown text' }).fill('# Alice later');
    await grid(bob).getByRole('textbox', { name: 'Markdown text' }).fill('# Bob first');
    await bob.getByRole('toolbar', { name: 'Edit dashboard' }).click();
    await until(async () => (await codes()).join() === '# Bob first');
    await alice.getByRole('toolbar', { name: 'Edit dashboard' }).click();

    // Alice is told, with her text; Bob's text stays until she re-applies hers.
    await refused(alice).getByText('Someone else changed this text', { exact: false }).waitFor();
    expect(await refused(alice).getByRole('textbox', { name: 'Your text' }).inputValue()).toBe('# Alice later');
    expect(await codes()).toEqual(['# Bob first']);
    await alice.screenshot({ path: join(ARTIFACTS, 'dashboard-offline-text-refused.png') });
    await refused(alice).getByRole('button', { name: 'Re-apply' }).click();
    await refused(alice).waitFor({ state: 'detached' });
    // Bob, his markdown still selected, sees her text in its field.
    const bobsField = grid(bob).getByRole('textbox', { name: 'Markdown text' });
    await until(async () => (await bobsField.inputValue()) === '# Alice later');
    expect(await codes()).toEqual(['# Alice later']);
  });
});
