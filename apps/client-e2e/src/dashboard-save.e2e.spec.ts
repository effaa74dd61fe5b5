import { join } from 'node:path';
import { type Page } from 'playwright-core';
import { createDashboard, createUser, editGrid as grid, gammaUser, openEditMode } from './dashboard-support';
import { Stage } from './stage';
import { ARTIFACTS } from './support';

// Issue 12 "Save keeps everyone working", in Chromium: three editors (alice is the admin), one saves; the
// others are told how many of their changes went in and keep editing; a viewer gets each new version in
// place, by itself when nothing is open, else through the notice's "Load it".

const stage = new Stage('dashboard-save');
let alice: Page;
let bob: Page;
let carol: Page;
let dashboardId = 0;

const UNDO_BLOCKED = 'Your earlier changes are in version 2: restore an older version from the history to revert them';
const view = (page: Page) => page.getByTestId('dashboard-grid');
/** A mark on the page's window: still there after a version loaded, so it loaded in place, not by a reload. */
const markWindow = (page: Page) => page.evaluate(() => ((window as unknown as { e2eMark: number }).e2eMark = 12));
const windowMarked = (page: Page) => page.evaluate(() => (window as unknown as { e2eMark?: number }).e2eMark === 12);

beforeAll(async () => {
  const { api, adminToken } = await stage.start();
  const owners: number[] = [];
  for (const name of ['bob', 'carol'])
    owners.push(await createUser(api, adminToken, gammaUser(name, `${name}-e2e-password`)));
  dashboardId = await createDashboard(api, adminToken, {
    dashboard_title: 'Saved while others edit',
    owners,
    published: true,
  });
  alice = await stage.signIn('admin', stage.server.adminPassword);
  bob = await stage.signIn('bob', 'bob-e2e-password');
  carol = await stage.signIn('carol', 'carol-e2e-password');
}, 400_000);

afterAll(() => stage.stop());

describe('a save while others edit, and viewers of the dashboard', () => {
  it('bob is told how many of his changes alice saved, keeps editing next to carol, and his Undo says why it is empty', async () => {
    await openEditMode(stage.server.baseUrl, dashboardId, alice, bob, carol);
    await bob.getByLabel('carol is editing').waitFor();
    await bob.getByLabel('admin is editing').waitFor();

    await bob.getByRole('button', { name: 'Add Text / Markdown', exact: true }).click();
    await bob.getByRole('button', { name: 'Add Divider', exact: true }).click();
    await alice.locator('.edit-item--markdown').waitFor();
    await alice.locator('.edit-item--divider').waitFor();
    await alice.getByRole('button', { name: 'Save' }).click();
    await alice.getByTestId('edit-mode').waitFor({ state: 'detached' });

    const notice = bob.getByTestId('save-notice');
    await notice.filter({ hasText: 'admin saved version 2, including 2 of your changes.' }).waitFor();
    expect(await notice.innerText()).toContain(UNDO_BLOCKED);
    const undo = bob.getByRole('button', { name: 'Undo' });
    expect(await undo.isDisabled()).toBe(true);
    expect(await undo.getAttribute('title')).toBe(UNDO_BLOCKED);
    // Bob is still editing, with carol shown next to him; alice left when she saved.
    await grid(bob).waitFor();
    await bob.getByLabel('carol is editing').waitFor();
    await bob.getByLabel('admin is editing').waitFor({ state: 'detached' });
    expect(await bob.getByText('Only you are editing').count()).toBe(0);
    await bob.screenshot({ path: join(ARTIFACTS, 'dashboard-save-told-to-bob.png') });
  });

  it('a viewer with nothing open gets the next version live, in place', async () => {
    // Alice is in view mode since her save, looking at version 2.
    await view(alice).locator('.dashboard-markdown-holder').waitFor();
    await markWindow(alice);
    await carol.getByRole('button', { name: 'Add Header', exact: true }).click();
    await bob.locator('.edit-item--header').waitFor();
    await carol.getByRole('button', { name: 'Save' }).click();

    await view(alice).locator('.dashboard-header-component').waitFor();
    expect(await windowMarked(alice)).toBe(true);
    expect(await alice.getByTestId('new-version-notice').count()).toBe(0);
    await bob.getByTestId('save-notice').filter({ hasText: 'carol saved version 3.' }).waitFor();
  });

  it('a viewer with a menu open is told who saved, and loads it in place when they choose', async () => {
    await alice.getByRole('button', { name: 'Dashboard actions' }).click();
    await alice.getByRole('menu').waitFor();
    await bob.getByRole('button', { name: 'Add Text / Markdown', exact: true }).click();
    await grid(bob).locator('.edit-item--markdown').nth(1).waitFor();
    await bob.getByRole('button', { name: 'Save' }).click();
    await bob.getByTestId('edit-mode').waitFor({ state: 'detached' });

    const notice = alice.getByTestId('new-version-notice');
    await notice.filter({ hasText: 'A new version of this dashboard was saved by bob.' }).waitFor();
    // Nothing changed under the open menu meanwhile.
    expect(await view(alice).locator('.dashboard-markdown-holder').count()).toBe(1);
    await alice.screenshot({ path: join(ARTIFACTS, 'dashboard-save-new-version-notice.png') });
    await notice.getByRole('button', { name: 'Load it' }).click();
    await view(alice).locator('.dashboard-markdown-holder').nth(1).waitFor();
    await notice.waitFor({ state: 'detached' });
    expect(await windowMarked(alice)).toBe(true);
  });
});
