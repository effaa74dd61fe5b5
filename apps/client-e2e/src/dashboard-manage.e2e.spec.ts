import { join } from 'node:path';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { launchChromium } from './chromium';
import { startStrata, type RunningServer } from './strata-server';
import { ARTIFACTS, jsonApi, signIn } from './support';

// Managing a dashboard from its title bar and the list, in Chromium against the real server: create,
// properties (title, slug, colour scheme, owners), publish, label colours shared by its charts, save as
// and delete.

let server: RunningServer | undefined;
let browser: Browser | undefined;
const contexts: BrowserContext[] = [];
let page: Page;
let api: ReturnType<typeof jsonApi>;
let adminToken = '';
let danaId = 0;
let dashboardId = 0;
const DANA_PASSWORD = 'dana-e2e-password';
const VIC_PASSWORD = 'vic-e2e-password';
const TITLE = 'Cars managed in e2e';
const SLUG = 'cars-managed-e2e';
/** The Airbnb scheme's colours (charts/viz/shared/color-schemes.ts), picked in the properties. */
const BNB_COLORS = [
  '#ff5a5f',
  '#7b0051',
  '#007a87',
  '#00d1c1',
  '#8ce071',
  '#ffb400',
  '#b4a76c',
  '#ff8083',
  '#cc0086',
  '#00a1b3',
  '#00ffeb',
  '#bbedab',
  '#ffd266',
  '#cbc29a',
];

interface Dashboard {
  id: number;
  dashboard_title: string;
  slug: string | null;
  published: boolean;
  owners: { id: number }[];
  json_metadata: string;
  version: number;
  chart_ids: number[];
}

const heading = (p: Page) => p.getByRole('heading', { level: 1 });
const shot = async (name: string, p: Page = page) => {
  // Highcharts animates in JavaScript: let it finish before the picture.
  await p.waitForTimeout(1200);
  await p.screenshot({ path: join(ARTIFACTS, `dashboard-manage-${name}.png`), fullPage: true });
};
const stored = async (id = dashboardId) => {
  const answer = await api.call<{ result: Dashboard }>('GET', `/api/v1/dashboard/${id}`, adminToken);
  expect(answer.status).toBe(200);
  return { ...answer.body.result, metadata: JSON.parse(answer.body.result.json_metadata) as Record<string, unknown> };
};
const openActions = async (item: string) => {
  await page.getByRole('button', { name: 'Dashboard actions' }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: item }).click();
};

/** A signed-in user's list of dashboards, once it has loaded. */
async function listedTitles(p: Page): Promise<string[]> {
  const loaded = p.waitForResponse((r) => r.url().includes('/api/v1/dashboard/?q=') && r.request().method() === 'GET');
  await p.goto(`${server!.baseUrl}/dashboard/list/`);
  expect((await loaded).status()).toBe(200);
  const table = p.getByRole('table', { name: 'Dashboards' });
  await table.waitFor();
  await p.getByText('Loading…').waitFor({ state: 'detached' });
  return (await table.locator('tbody td:nth-child(2) a').allInnerTexts()).map((t) => t.trim());
}

/** Each slice of a pie as drawn: its legend text and the SVG fill of its slice and of its legend symbol. */
async function slicesOf(chartId: number): Promise<{ label: string; fill: string; legendFill: string }[]> {
  const holder = page.locator(`[data-chart-id="${chartId}"]`);
  await page.locator(`[data-chart-id="${chartId}"][data-status="rendered"]`).waitFor({ timeout: 60_000 });
  // Drawn in place: every legend entry has its slice, in the slice's colour.
  await page.waitForFunction((id) => {
    const root = document.querySelector(`[data-chart-id="${id}"]`);
    if (!root) return false;
    const fills = Array.from(root.querySelectorAll('.highcharts-series .highcharts-point')).map((p) =>
      (p.getAttribute('fill') ?? '').toLowerCase(),
    );
    const legend = Array.from(root.querySelectorAll('.highcharts-legend-item')).map((item) =>
      (item.querySelector('.highcharts-point')?.getAttribute('fill') ?? '').toLowerCase(),
    );
    return (
      legend.length > 0 && legend.length === fills.length && legend.every((fill, i) => fill !== '' && fill === fills[i])
    );
  }, chartId);
  return holder.evaluate((root) => {
    const fills = Array.from(root.querySelectorAll('.highcharts-series .highcharts-point')).map((p) =>
      (p.getAttribute('fill') ?? '').toLowerCase(),
    );
    const legend = Array.from(root.querySelectorAll('.highcharts-legend-item')).map((item) => ({
      label: (item.querySelector('text')?.textContent ?? '').trim(),
      legendFill: (item.querySelector('.highcharts-point')?.getAttribute('fill') ?? '').toLowerCase(),
    }));
    return legend.map((l, i) => ({ ...l, fill: fills[i] ?? '' }));
  });
}

beforeAll(async () => {
  server = await startStrata(join(ARTIFACTS, 'server-dashboard-manage.log'));
  api = jsonApi(server.baseUrl);
  browser = await launchChromium();
  adminToken = await api.token('admin', server.adminPassword);
  const dana = await api.call<{ id: number }>('POST', '/api/v1/security/users', adminToken, {
    username: 'dana',
    password: DANA_PASSWORD,
    first_name: 'Dana',
    last_name: 'Coowner',
    roles: ['Alpha'],
  });
  expect(dana.status).toBe(201);
  danaId = dana.body.id;
  const vic = await api.call<{ id: number }>('POST', '/api/v1/security/users', adminToken, {
    username: 'vic',
    password: VIC_PASSWORD,
    first_name: 'Vic',
    last_name: 'Viewer',
    roles: ['Gamma'],
  });
  expect(vic.status).toBe(201);
  const signedIn = await signIn(browser, server.baseUrl, 'admin', server.adminPassword);
  contexts.push(signedIn.context);
  page = signedIn.page;
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
});

describe('managing a dashboard from its title bar and the list in Chromium', () => {
  it('"+ Dashboard" on the list creates a dashboard and opens it in edit mode; the user leaves edit mode', async () => {
    await listedTitles(page);
    await page.getByRole('button', { name: '+ Dashboard' }).click();
    await page.waitForURL(
      (url) => /^\/dashboard\/\d+\/$/.test(url.pathname) && url.searchParams.get('edit') === 'true',
    );
    dashboardId = Number(/\/dashboard\/(\d+)\//.exec(new URL(page.url()).pathname)![1]);
    await page.getByTestId('edit-mode').waitFor();
    await shot('created-in-edit-mode');

    await page.getByRole('toolbar', { name: 'Edit dashboard' }).getByRole('button', { name: 'Exit edit mode' }).click();
    await page.getByTestId('edit-mode').waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.get('edit')).toBeNull();
    expect((await heading(page).innerText()).trim()).toBe('[ untitled dashboard ]');
    await page.getByRole('button', { name: 'Draft' }).waitFor();
    await page.getByRole('button', { name: 'Edit dashboard' }).waitFor();
    const created = await stored();
    expect(created).toMatchObject({ dashboard_title: '[ untitled dashboard ]', published: false });
  });

  it('Edit properties changes the title, slug and colour scheme and adds an owner found by searching', async () => {
    await openActions('Edit properties');
    const dialog = page.getByRole('dialog', { name: 'Dashboard properties' });
    await dialog.getByLabel('Title').fill(TITLE);
    await dialog.getByLabel('URL slug').fill(SLUG);
    await dialog.getByLabel('Color scheme').selectOption({ label: 'Airbnb Colors' });
    // The scheme's swatches show under the select.
    expect(await dialog.locator('.dashboard-properties__swatches span').count()).toBe(BNB_COLORS.length);

    await dialog.getByLabel('Search owners').fill('dan');
    const add = dialog.getByRole('list', { name: 'Matching users' }).getByRole('button', { name: 'Add Dana Coowner' });
    await add.click();
    const owners = dialog.getByRole('list', { name: 'Owners' });
    await owners.getByText('Dana Coowner').waitFor();
    // The one who created it is an owner already, listed by name.
    expect(await owners.getByRole('listitem').count()).toBe(2);
    await shot('properties');

    const saved = page.waitForResponse(
      (r) => r.url().endsWith(`/api/v1/dashboard/${dashboardId}`) && r.request().method() === 'PUT',
    );
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(200);
    await dialog.waitFor({ state: 'detached' });

    // The title bar shows the new title; the address follows the new slug.
    await heading(page).getByText(TITLE, { exact: true }).waitFor();
    await page.waitForURL((url) => url.pathname === `/dashboard/${SLUG}/`);
    await shot('properties-saved');

    const after = await stored();
    expect(after.dashboard_title).toBe(TITLE);
    expect(after.slug).toBe(SLUG);
    expect(after.owners.map((o) => o.id)).toContain(danaId);
    expect(after.owners).toHaveLength(2);
    expect(after.metadata.color_scheme).toBe('bnbColors');
    // A reload by the new address opens the same dashboard.
    await page.reload();
    await heading(page).getByText(TITLE, { exact: true }).waitFor();
  });

  it('the Draft badge publishes the dashboard: a viewer sees it in the list only then; clicked again it is a draft', async () => {
    const viewer = await signIn(browser!, server!.baseUrl, 'vic', VIC_PASSWORD);
    contexts.push(viewer.context);
    expect(await listedTitles(viewer.page)).not.toContain(TITLE);

    await page.getByRole('button', { name: 'Draft' }).click();
    await page.getByRole('button', { name: 'Published' }).waitFor();
    expect((await stored()).published).toBe(true);
    await shot('published');

    expect(await listedTitles(viewer.page)).toContain(TITLE);
    const row = viewer.page.getByRole('row').filter({ hasText: TITLE });
    expect(await row.getByRole('cell').nth(2).innerText()).toBe('Published');
    // A viewer may not edit it: the badge is a label, not a button, on their page.
    await row.getByRole('link', { name: TITLE }).click();
    await heading(viewer.page).getByText(TITLE, { exact: true }).waitFor();
    await viewer.page.locator('.dashboard-header .badge', { hasText: 'Published' }).waitFor();
    expect(await viewer.page.getByRole('button', { name: 'Published' }).count()).toBe(0);
    await shot('published-viewer', viewer.page);
    await viewer.context.close();

    await page.getByRole('button', { name: 'Published' }).click();
    await page.getByRole('button', { name: 'Draft' }).waitFor();
    expect((await stored()).published).toBe(false);
  });

  describe('label colours', () => {
    let allId = 0;
    let notUsaId = 0;

    it('two pies of cars by origin, one without USA, show each origin in one colour of the scheme', async () => {
      const carsId = await api.datasetId(adminToken, 'cars');
      const datasource = `${carsId}__table`;
      const pie = (name: string, adhoc_filters: unknown[]) =>
        api.call<{ id: number }>('POST', '/api/v1/chart/', adminToken, {
          datasource_id: carsId,
          datasource_type: 'table',
          dashboards: [dashboardId],
          slice_name: name,
          viz_type: 'pie',
          params: JSON.stringify({
            viz_type: 'pie',
            datasource,
            groupby: ['origin'],
            metric: 'count',
            adhoc_filters,
            row_limit: 100,
            time_range: 'No filter',
            show_legend: true,
          }),
        });
      const all = await pie('Cars by origin (pie)', []);
      expect(all.status).toBe(201);
      allId = all.body.id;
      const notUsa = await pie('Cars outside the USA (pie)', [
        { expressionType: 'SIMPLE', subject: 'origin', operator: 'NOT IN', comparator: ['USA'], clause: 'WHERE' },
      ]);
      expect(notUsa.status).toBe(201);
      notUsaId = notUsa.body.id;
      const before = await stored();
      expect(before.chart_ids.sort()).toEqual([allId, notUsaId].sort());

      await page.goto(`${server!.baseUrl}/dashboard/${SLUG}/`);
      const allSlices = await slicesOf(allId);
      const notUsaSlices = await slicesOf(notUsaId);
      expect(allSlices.map((s) => s.label).sort()).toEqual(['Europe', 'Japan', 'USA']);
      expect(notUsaSlices.map((s) => s.label).sort()).toEqual(['Europe', 'Japan']);
      // Largest first: on its own, each pie would give its first slice the scheme's first colour.
      expect(allSlices[0]!.label).toBe('USA');
      await shot('label-colors');

      const colorOf = (slices: { label: string; fill: string }[], label: string) =>
        slices.find((s) => s.label === label)!.fill;
      for (const slices of [allSlices, notUsaSlices]) for (const s of slices) expect(s.legendFill).toBe(s.fill);
      for (const label of ['Japan', 'Europe']) {
        expect(colorOf(notUsaSlices, label)).toBe(colorOf(allSlices, label));
        expect(BNB_COLORS).toContain(colorOf(allSlices, label));
      }
      expect(new Set(allSlices.map((s) => s.fill)).size).toBe(3);

      // The owner's page pushes the colours after a moment, as a sync: the dashboard's version stays.
      const deadline = Date.now() + 60_000;
      let after = await stored();
      while (!after.metadata.map_label_colors || Object.keys(after.metadata.map_label_colors).length < 3) {
        if (Date.now() > deadline) throw new Error(`no map_label_colors after 60 s: ${after.json_metadata}`);
        await page.waitForTimeout(250);
        after = await stored();
      }
      const map = after.metadata.map_label_colors as Record<string, string>;
      expect(Object.keys(map).sort()).toEqual(['Europe', 'Japan', 'USA']);
      for (const s of allSlices) expect(map[s.label]!.toLowerCase()).toBe(s.fill);
      expect(after.version).toBe(before.version);
      expect(after.metadata.color_scheme).toBe('bnbColors');
    });

    it('opened again, the pies keep those colours', async () => {
      const map = (await stored()).metadata.map_label_colors as Record<string, string>;
      await page.reload();
      for (const id of [allId, notUsaId])
        for (const s of await slicesOf(id)) expect(s.fill).toBe(map[s.label]!.toLowerCase());
    });
  });

  it('Save as copies the dashboard under a new title and opens the copy; Delete removes it and lands on the list', async () => {
    await openActions('Save as');
    const dialog = page.getByRole('dialog', { name: 'Save dashboard as' });
    expect(await dialog.getByLabel('New title').inputValue()).toBe(`${TITLE} [copy]`);
    await dialog.getByLabel('New title').fill('Cars copy in e2e');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(
      (url) => /^\/dashboard\/\d+\/$/.test(url.pathname) && url.pathname !== `/dashboard/${dashboardId}/`,
    );
    const copyId = Number(/\/dashboard\/(\d+)\//.exec(new URL(page.url()).pathname)![1]);
    expect(copyId).not.toBe(dashboardId);
    await heading(page).getByText('Cars copy in e2e', { exact: true }).waitFor();
    await page.getByTestId('toast').filter({ hasText: 'This dashboard was saved as "Cars copy in e2e"' }).waitFor();
    // The copy shows the same charts.
    await page.locator('[data-chart-id][data-status="rendered"]').nth(1).waitFor({ timeout: 60_000 });
    const copy = await stored(copyId);
    expect(copy.chart_ids.length).toBe(2);
    expect(copy.metadata.color_scheme).toBe('bnbColors');
    await shot('saved-as');

    await openActions('Delete');
    const confirm = page.getByRole('dialog', { name: 'Delete dashboard' });
    await confirm.getByText('Cars copy in e2e').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/list/');
    await page.getByTestId('toast').filter({ hasText: 'Deleted: Cars copy in e2e' }).waitFor();
    const table = page.getByRole('table', { name: 'Dashboards' });
    await table.getByRole('link', { name: TITLE, exact: true }).waitFor();
    expect(await table.getByRole('link', { name: 'Cars copy in e2e' }).count()).toBe(0);
    await shot('deleted');
    expect((await api.call('GET', `/api/v1/dashboard/${copyId}`, adminToken)).status).toBe(404);
    expect((await stored()).dashboard_title).toBe(TITLE);
  });
});
