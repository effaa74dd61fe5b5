import { join } from 'node:path';
import { type Page } from 'playwright-core';
import { aliceAndBob, editGrid as grid } from './dashboard-support';
import { Stage } from './stage';
import { ARTIFACTS, dragWithMouse as drag, framesDrawn } from './support';

// Live co-editing of one dashboard by two users in two browser contexts, against the real server.

const stage = new Stage('dashboard-edit');
let alice: Page;
let bob: Page;
let dashboardId = 0;

beforeAll(async () => {
  await stage.start();
  ({ dashboardId, alice, bob } = await aliceAndBob(stage, 'Co-edited in e2e'));
});

afterAll(() => stage.stop());

describe('two editors on one dashboard in Chromium', () => {
  it('both enter edit mode: one with the Edit dashboard button, the other from ?edit=true', async () => {
    await alice.goto(`${stage.server.baseUrl}/dashboard/${dashboardId}/`);
    await alice.getByRole('button', { name: 'Edit dashboard' }).click();
    await grid(alice).waitFor();
    expect(new URL(alice.url()).searchParams.get('edit')).toBe('true');
    await bob.goto(`${stage.server.baseUrl}/dashboard/${dashboardId}/?edit=true`);
    await grid(bob).waitFor();
    // Presence: each sees the other's avatar.
    await alice.getByLabel('bob is editing').waitFor();
    await bob.getByLabel('admin is editing').waitFor();
  });

  it('a header dragged in by one editor shows up live at the other', async () => {
    await drag(alice, alice.locator('[data-palette-type="HEADER"]'), grid(alice));
    await grid(alice).getByRole('heading', { name: 'New header' }).waitFor();
    // Live, with no reload (how fast is measured by apps/bench dashboard-coedit, not asserted here).
    await grid(bob).getByRole('heading', { name: 'New header' }).waitFor();
    await alice.screenshot({ path: join(ARTIFACTS, 'dashboard-edit-header.png') });
  });

  it('the other adds a markdown and resizes it with the handle; the first sees both', async () => {
    await bob.getByRole('button', { name: 'Add Text / Markdown', exact: true }).click();
    const markdown = bob.locator('.edit-item--markdown');
    await markdown.waitFor();
    await markdown.click();
    const holder = markdown.locator('.edit-markdown');
    expect(await holder.getAttribute('data-width')).toBe('4');
    const handle = markdown.locator('.edit-resize-handle');
    const box = (await handle.boundingBox())!;
    // One grid column plus its gutter, read from the markdown's own 4 columns.
    const column = ((await holder.boundingBox())!.width + 16) / 4;
    await bob.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await bob.mouse.down();
    await bob.mouse.move(box.x + box.width / 2 + column * 2, box.y + box.height / 2 + 80, { steps: 10 });
    await bob.mouse.up();
    await alice.locator('.edit-item--markdown .edit-markdown[data-width="6"]').waitFor();
    expect(Number(await alice.locator('.edit-item--markdown .edit-markdown').getAttribute('data-height'))).toBe(60);
  });

  it('each undoes only their own edits (Ctrl+Z)', async () => {
    await alice.locator('body').click({ position: { x: 5, y: 5 } });
    await alice.keyboard.press('Control+z');
    await grid(bob).getByRole('heading', { name: 'New header' }).waitFor({ state: 'detached' });
    await grid(alice).getByRole('heading', { name: 'New header' }).waitFor({ state: 'detached' });
    // Bob's markdown and its size stay.
    await alice.locator('.edit-item--markdown .edit-markdown[data-width="6"]').waitFor();
    expect(await alice.getByRole('button', { name: 'Undo' }).isDisabled()).toBe(true);
    expect(await bob.getByRole('button', { name: 'Undo' }).isEnabled()).toBe(true);
    // Bob's undo takes back his resize only.
    await bob.locator('body').click({ position: { x: 5, y: 5 } });
    await bob.keyboard.press('Control+z');
    await alice.locator('.edit-item--markdown .edit-markdown[data-width="4"]').waitFor();
    await alice.locator('.edit-item--markdown').waitFor();
  });

  it('a Tabs dropped on the zone above the grid makes top-level tabs, and their menu removes them', async () => {
    // The zone shows only once a new Tabs is lifted: grab it, then find the zone and drop there.
    const tabs = (await alice.locator('[data-palette-type="TABS"]').boundingBox())!;
    await alice.mouse.move(tabs.x + tabs.width / 2, tabs.y + tabs.height / 2);
    await alice.mouse.down();
    await alice.mouse.move(tabs.x + tabs.width / 2 - 10, tabs.y + tabs.height / 2 + 10, { steps: 5 });
    const zone = alice.getByTestId('top-level-tabs-drop');
    await zone.waitFor();
    const target = (await zone.boundingBox())!;
    await alice.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 25 });
    await framesDrawn(alice);
    await alice.mouse.up();
    // Bob sees the tab bar, with his markdown inside the new tab.
    await grid(bob).getByRole('tab', { name: 'Tab title' }).waitFor();
    await bob.locator('[role="tabpanel"] .edit-item--markdown').waitFor();
    await zone.waitFor({ state: 'detached' });
    await alice.screenshot({ path: join(ARTIFACTS, 'dashboard-edit-top-level-tabs.png') });

    await grid(alice).getByRole('tab', { name: 'Tab title' }).click();
    await alice.getByRole('button', { name: 'Remove top-level tabs' }).click();
    await grid(bob).getByRole('tab', { name: 'Tab title' }).waitFor({ state: 'detached' });
    await bob.locator('.edit-item--markdown').waitFor();
  });

  it('saving publishes a version, listed in the history with who saved it', async () => {
    await bob.getByRole('button', { name: 'Save' }).click();
    await bob.getByTestId('edit-mode').waitFor({ state: 'detached' });
    expect(new URL(bob.url()).searchParams.get('edit')).toBeNull();
    // The saved layout is the dashboard's: bob's view mode draws the markdown.
    await bob.locator('[data-testid="dashboard-grid"] .dashboard-markdown-holder').waitFor();

    await alice.getByRole('button', { name: 'Version history' }).click();
    const history = alice.getByRole('complementary', { name: 'Version history' });
    const newest = history.locator('[data-version="2"]');
    await newest.waitFor();
    expect(await newest.innerText()).toContain('bob');
    await history.locator('[data-version="1"]').waitFor();
    await alice.screenshot({ path: join(ARTIFACTS, 'dashboard-edit-history.png') });

    const versions = await stage.api.call<{
      count: number;
      current_version: number;
      result: { version: number; saved_by: { username: string } }[];
    }>('GET', `/api/v1/dashboard/${dashboardId}/versions`, await stage.api.token('admin', stage.server.adminPassword));
    expect(versions.body.current_version).toBe(2);
    expect(versions.body.result[0]).toMatchObject({ version: 2, saved_by: { username: 'bob' } });
  });

  it('restoring the first version makes it a new version, for the editor and the viewer alike', async () => {
    const history = alice.getByRole('complementary', { name: 'Version history' });
    await history.locator('[data-version="1"]').getByRole('button', { name: 'Restore' }).click();
    await alice.getByTestId('toast').filter({ hasText: 'Restored as version 3.' }).waitFor();
    // The draft follows the restore live: the markdown saved in version 2 is gone from the editor.
    await alice.locator('.edit-item--markdown').waitFor({ state: 'detached' });
    await history.locator('[data-version="3"]').waitFor();
    await bob.reload();
    // An empty grid has no height: attached, not visible.
    await bob.getByRole('heading', { level: 1, name: 'Co-edited in e2e' }).waitFor();
    await bob.getByTestId('dashboard-grid').waitFor({ state: 'attached' });
    expect(await bob.locator('[data-testid="dashboard-grid"] .dashboard-markdown-holder').count()).toBe(0);
    const versions = await stage.api.call<{
      current_version: number;
      result: { version: number; restored_from: number | null }[];
    }>('GET', `/api/v1/dashboard/${dashboardId}/versions`, await stage.api.token('admin', stage.server.adminPassword));
    expect(versions.body.current_version).toBe(3);
    expect(versions.body.result[0]).toMatchObject({ version: 3, restored_from: 1 });
  });
});
