import type { Page } from 'playwright-core';
import { createUser, gammaUser, type NewUser } from './dashboard-support';
import { Stage } from './stage';

// Issue 13 item 3, the Activity page: Bob renames a chart; the admin opens /activity/, filters to Bob,
// sees the row saying so with the chart's name, opens it and sees the name before and after; with Live on,
// Bob's next rename arrives without a reload. Bob's own /activity/ shows only his rows, and Bob asking the
// API for the admin's activity gets 403.

const BOB: NewUser = { ...gammaUser('bob', 'bob-e2e-password'), first_name: 'Bob', roles: ['Alpha'] };
const stage = new Stage('activity');
let bobId = 0;
let chartId = 0;
let bobToken = '';

beforeAll(async () => {
  await stage.start();
  bobId = await createUser(stage.api, stage.adminToken, BOB);
  bobToken = await stage.api.token('bob', BOB.password);
  // Bob makes a chart of the example cars table, then renames it: both are his intents.
  const carsId = await stage.api.datasetId(bobToken, 'cars');
  const created = await stage.api.call<{ id: number }>('POST', '/api/v1/chart/', bobToken, {
    slice_name: 'Cars by origin',
    viz_type: 'table',
    datasource_id: carsId,
    datasource_type: 'table',
    params: JSON.stringify({
      viz_type: 'table',
      datasource: `${carsId}__table`,
      groupby: ['origin'],
      metrics: ['count'],
    }),
  });
  expect(created.status).toBe(201);
  chartId = created.body.id;
  const renamed = await stage.api.call('PUT', `/api/v1/chart/${chartId}`, bobToken, { slice_name: 'Origins of cars' });
  expect(renamed.status).toBe(200);
}, 300_000);

afterAll(() => stage.stop());

const renameRow = (page: Page) =>
  page.locator('[data-testid^="activity-row-"]', {
    hasText: "renamed the chart 'Cars by origin' to 'Origins of cars'",
  });

describe('the Activity page (Chromium)', () => {
  it('the admin filters to Bob, sees the rename in words and the name before and after it', async () => {
    const admin = await stage.signIn('admin', stage.server.adminPassword);
    await admin.goto(`${stage.server.baseUrl}/`);
    await admin.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity' }).click();
    await admin.getByRole('heading', { name: 'Activity' }).waitFor();

    const filters = admin.getByRole('form', { name: 'Filter the activity' });
    const user = filters.locator('select[name="actor"]');
    await user.locator(`option[value="${bobId}"]`).waitFor({ state: 'attached' });
    await user.selectOption(String(bobId));
    await filters.getByRole('button', { name: 'Apply' }).click();
    await admin.waitForURL(`**/activity/?actor=${bobId}`);

    const row = renameRow(admin);
    await row.waitFor();
    expect(await row.textContent()).toContain('bob');
    // Only Bob's rows are listed.
    const who = await admin.locator('[data-testid^="activity-row-"] td:nth-child(3)').allTextContents();
    expect(new Set(who)).toEqual(new Set(['bob']));

    await row.getByRole('button', { name: /Show the details/ }).click();
    const name = admin.getByRole('table', { name: 'Before and after' }).getByTestId('diff-slice_name');
    await name.waitFor();
    expect(await name.textContent()).toMatch(/changed.*"Cars by origin".*"Origins of cars"/);

    // Live: Bob's next rename arrives over socket.io without a reload.
    await admin.getByRole('checkbox', { name: 'Live' }).check();
    await admin.getByText('Following new activity').waitFor();
    const again = await stage.api.call('PUT', `/api/v1/chart/${chartId}`, bobToken, { slice_name: 'Car origins' });
    expect(again.status).toBe(200);
    await admin
      .locator('[data-testid^="activity-row-"]', { hasText: "renamed the chart 'Origins of cars' to 'Car origins'" })
      .waitFor();

    // The filters survive a reload.
    await admin.reload();
    await renameRow(admin).waitFor();
  });

  it("Bob's activity is his own: the page says so, and the API refuses him the admin's", async () => {
    const bob = await stage.signIn('bob', BOB.password);
    await bob.goto(`${stage.server.baseUrl}/activity/`);
    await bob.getByRole('heading', { name: 'My activity' }).waitFor();
    await bob.getByText('You see your own activity only').waitFor();
    await renameRow(bob).waitFor();
    const who = await bob.locator('[data-testid^="activity-row-"] td:nth-child(3)').allTextContents();
    expect(who.length).toBeGreaterThan(0);
    expect(new Set(who)).toEqual(new Set(['bob']));

    const me = await stage.api.call<{ result: { id: number } }>('GET', '/api/v1/me/', stage.adminToken);
    const adminId = me.body.result.id;
    const refused = await stage.api.call<{ errors: { error_type: string }[] }>(
      'GET',
      `/api/v1/audit/?q=${encodeURIComponent(`(actor:${adminId})`)}`,
      bobToken,
    );
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0]?.error_type).toBe('USER_ACTIVITY_SECURITY_ACCESS_ERROR');
  });
});
