import { join } from 'node:path';
import { type Locator, type Page } from 'playwright-core';
import { aliceAndBob, editGrid as grid, openEditMode } from './dashboard-support';
import { Stage } from './stage';
import { ARTIFACTS } from './support';

// Issue 12 "Discard is per user", what each of two editors sees in Chromium: Alice's Discard takes back only
// her changes (Bob's markdown stays, her Undo brings hers back); an owner's discard of everyone's changes
// is confirmed with Bob's name and count, Bob is told, and the dropped draft is in the version history
// side panel (in view) and restorable.

const stage = new Stage('dashboard-discard');
let alice: Page;
let bob: Page;
let dashboardId = 0;

const bar = (page: Page) => page.getByRole('toolbar', { name: 'Edit dashboard' });
const markdowns = (page: Page) => grid(page).locator('.edit-item--markdown');
const dividers = (page: Page) => grid(page).locator('.edit-item--divider');

/** Whether the whole box is inside the viewport, as drawn now (no scrolling). */
async function inViewport(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const view = page.viewportSize()!;
  return !!box && box.x >= 0 && box.y >= 0 && box.x + box.width <= view.width + 1 && box.y < view.height;
}

beforeAll(async () => {
  await stage.start();
  ({ dashboardId, alice, bob } = await aliceAndBob(stage, 'Discarded per user'));
}, 400_000);

afterAll(() => stage.stop());

describe('Discard is per user, in Chromium with two editors', () => {
  it('both open edit mode; Bob adds a markdown, Alice a divider; each sees both', async () => {
    await openEditMode(stage.server.baseUrl, dashboardId, alice, bob);
    await alice.getByLabel('bob is editing').waitFor();
    await bob.getByRole('button', { name: 'Add Text / Markdown', exact: true }).click();
    await markdowns(alice).waitFor();
    await alice.getByRole('button', { name: 'Add Divider', exact: true }).click();
    await dividers(bob).waitFor();
  });

  it("Alice's Discard takes back only her divider: Bob's markdown stays on both screens; her Undo brings it back", async () => {
    await bar(alice).getByRole('button', { name: 'Discard', exact: true }).click();
    await dividers(alice).waitFor({ state: 'detached' });
    await dividers(bob).waitFor({ state: 'detached' });
    expect(await markdowns(alice).count()).toBe(1);
    expect(await markdowns(bob).count()).toBe(1);
    // Nobody left edit mode, and Bob's undo is still his.
    expect(await alice.getByTestId('edit-mode').count()).toBe(1);
    expect(await bob.getByTestId('edit-mode').count()).toBe(1);
    expect(await bar(bob).getByRole('button', { name: 'Undo' }).isEnabled()).toBe(true);
    await alice.screenshot({ path: join(ARTIFACTS, 'dashboard-discard-mine.png') });

    await bar(alice).getByRole('button', { name: 'Undo' }).click();
    await dividers(alice).waitFor();
    await dividers(bob).waitFor();
    expect(await markdowns(bob).count()).toBe(1);
  });

  it("the owner discards everyone's changes after a confirmation naming Bob and his count; Bob is told", async () => {
    await bar(alice).getByRole('button', { name: "Discard everyone's changes" }).click();
    const dialog = alice.getByRole('dialog', { name: "Discard everyone's changes" });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('bob has 1 unsaved change.');
    expect(await dialog.innerText()).toContain('You have 1 unsaved change.');
    await alice.screenshot({ path: join(ARTIFACTS, 'dashboard-discard-confirm.png') });
    await dialog.getByRole('button', { name: "Discard everyone's changes" }).click();
    await dialog.waitFor({ state: 'detached' });

    await markdowns(bob).waitFor({ state: 'detached' });
    await dividers(alice).waitFor({ state: 'detached' });
    await bob
      .getByText('admin discarded the draft, including 1 of your changes. Restore it from version history.')
      .waitFor();
    expect(await alice.getByText(/discarded the draft/).count()).toBe(0);
    await bob.screenshot({ path: join(ARTIFACTS, 'dashboard-discard-notice.png') });
  });

  it('the discarded draft is in the version history side panel, in view, and restoring it brings it back for both', async () => {
    await bob.getByRole('button', { name: 'Open version history' }).click();
    const history = bob.getByRole('complementary', { name: 'Version history' });
    const discarded = history.locator('[data-discard="1"]');
    await discarded.waitFor();
    expect(await discarded.innerText()).toContain('discarded by admin');
    expect(await inViewport(bob, history)).toBe(true);
    // A side panel: the viewport's full height on the right, not a block below the dashboard.
    const box = (await history.boundingBox())!;
    const view = bob.viewportSize()!;
    expect([Math.round(box.y), Math.round(box.height), Math.round(box.x + box.width)]).toEqual([
      0,
      view.height,
      view.width,
    ]);
    expect(await inViewport(bob, discarded)).toBe(true);
    await bob.screenshot({ path: join(ARTIFACTS, 'dashboard-discard-history.png') });

    await discarded.getByRole('button', { name: 'Restore as the draft' }).click();
    await markdowns(bob).waitFor();
    await markdowns(alice).waitFor();
    await dividers(alice).waitFor();
    await dividers(bob).waitFor();

    // Escape closes the panel.
    await bob.keyboard.press('Escape');
    await history.waitFor({ state: 'detached' });
  });
});
