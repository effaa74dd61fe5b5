import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { startStrata, type RunningServer } from '../src/strata-server';

// Issue 5's "Done when" for co-editing, step by step: two editors and a viewer in three browser contexts.
const ARTIFACTS = join(__dirname, '..', 'artifacts');
mkdirSync(ARTIFACTS, { recursive: true });

let server: RunningServer | undefined;
let browser: Browser | undefined;
const contexts: BrowserContext[] = [];
let alice: Page;
let bob: Page;
let carol: Page;
let adminToken = '';
let dashboardId = 0;
let chartId = 0;
const CHART = 'Cars by origin for co-editing';
const BOB_PASSWORD = 'bob-e2e-password';
const CAROL_PASSWORD = 'carol-e2e-password';
// A fresh database on the machine's PostgreSQL: the embedded PGlite shares one session between all its
// connections, and the editors' concurrent socket and REST queries interleave there ("bind message
// supplies 1 parameters, but prepared statement requires 2"), failing a subscribe now and then.
const DATABASE = `strata_e2e_coedit_${Date.now().toString(36)}`;
const psql = (sql: string) => execFileSync('psql', ['-h', '127.0.0.1', '-U', 'postgres', '-d', 'postgres', '-v', 'ON_ERROR_STOP=1', '-c', sql], { stdio: 'pipe' });

async function call<T>(method: 'GET' | 'POST', path: string, token: string | null, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${server!.baseUrl}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as T };
}

async function signIn(username: string, password: string): Promise<Page> {
  const context = await browser!.newContext({ viewport: { width: 1440, height: 900 } });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  await page.goto(`${server!.baseUrl}/login/`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  return page;
}

/** Drags with the mouse in small steps, as @hello-pangea/dnd needs to see a real drag. */
async function drag(page: Page, from: Locator, to: Locator) {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + 20, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + 30, a.y + a.height / 2 + 10, { steps: 5 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 25 });
  await page.waitForTimeout(300);
  await page.mouse.up();
}

const grid = (page: Page) => page.getByTestId('edit-grid');
const editedChart = (page: Page) => grid(page).locator('.edit-item--chart .edit-chart');

type Versions = {
  current_version: number;
  result: { version: number; saved_by: { username: string }; restored_from: number | null; changes: { user: { username: string }; kind: string; component_type: string | null }[] }[];
};

beforeAll(async () => {
  psql(`CREATE DATABASE ${DATABASE}`);
  server = await startStrata(join(ARTIFACTS, 'server-dashboard-coedit.log'), { databaseUrl: `postgres://postgres@127.0.0.1:5432/${DATABASE}` });
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const login = await call<{ access_token: string }>('POST', '/api/v1/security/login', null, { username: 'admin', password: server.adminPassword, provider: 'db' });
  expect(login.status).toBe(200);
  adminToken = login.body.access_token;
  const bobUser = await call<{ id: number }>('POST', '/api/v1/security/users', adminToken, { username: 'bob', password: BOB_PASSWORD, first_name: 'Bob', last_name: 'Editor', roles: ['Gamma'] });
  expect(bobUser.status).toBe(201);
  // The viewer may read everything (Alpha) but owns nothing, so she only views.
  const carolUser = await call<{ id: number }>('POST', '/api/v1/security/users', adminToken, { username: 'carol', password: CAROL_PASSWORD, first_name: 'Carol', last_name: 'Viewer', roles: ['Alpha'] });
  expect(carolUser.status).toBe(201);

  // A chart on the example cars table, on no dashboard yet: the editor drags it in from the chart list.
  let carsId = 0;
  const end = Date.now() + 240_000;
  while (!carsId && Date.now() < end) {
    const list = await call<{ result: { id: number; table_name: string }[] }>('GET', `/api/v1/dataset/?q=(page_size:100)`, adminToken);
    carsId = list.body.result?.find((d) => d.table_name === 'cars')?.id ?? 0;
    if (!carsId) await new Promise((r) => setTimeout(r, 2000));
  }
  expect(carsId).toBeGreaterThan(0);
  const chart = await call<{ id: number }>('POST', '/api/v1/chart/', adminToken, {
    slice_name: CHART,
    viz_type: 'table',
    datasource_id: carsId,
    datasource_type: 'table',
    params: JSON.stringify({ viz_type: 'table', datasource: `${carsId}__table`, query_mode: 'aggregate', groupby: ['origin'], metrics: ['count'], adhoc_filters: [], row_limit: 100, time_range: 'No filter' }),
  });
  expect(chart.status).toBe(201);
  chartId = chart.body.id;

  // Published, so the viewer (no owner) may see it (spec §6).
  const dashboard = await call<{ id: number }>('POST', '/api/v1/dashboard/', adminToken, { dashboard_title: 'Co-edited with a chart', owners: [bobUser.body.id], published: true });
  expect(dashboard.status).toBe(201);
  dashboardId = dashboard.body.id;
  alice = await signIn('admin', server.adminPassword);
  bob = await signIn('bob', BOB_PASSWORD);
  carol = await signIn('carol', CAROL_PASSWORD);
}, 400_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
  // The server derives its examples database from DATABASE_URL: drop both.
  for (const name of [DATABASE, `${DATABASE}_examples`]) psql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
});

describe('two editors and a viewer on one dashboard in Chromium', () => {
  it('both editors open the dashboard in edit mode and see each other', async () => {
    await alice.goto(`${server!.baseUrl}/dashboard/${dashboardId}/?edit=true`);
    await bob.goto(`${server!.baseUrl}/dashboard/${dashboardId}/?edit=true`);
    await grid(alice).waitFor();
    await grid(bob).waitFor();
    await alice.getByLabel('bob is editing').waitFor();
    await bob.getByLabel('admin is editing').waitFor();
  });

  it('A drags a chart from the chart list into a new row and resizes it; B sees both within a second', async () => {
    const item = alice.locator(`.edit-charts li[data-chart-id="${chartId}"]`);
    await item.waitFor();
    await drag(alice, item, grid(alice));
    await editedChart(alice).waitFor({ timeout: 5000 });
    let started = Date.now();
    await editedChart(bob).waitFor({ timeout: 5000 });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await grid(bob).locator('.edit-item--row .edit-item--chart').count()).toBe(1);
    expect(await editedChart(bob).innerText()).toContain(CHART);
    expect(await editedChart(alice).getAttribute('data-width')).toBe('4');

    // Resize by the corner handle: two columns wider.
    await editedChart(alice).click();
    const handle = editedChart(alice).locator('.edit-resize-handle');
    const box = (await handle.boundingBox())!;
    const column = ((await editedChart(alice).boundingBox())!.width + 16) / 4;
    await alice.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await alice.mouse.down();
    await alice.mouse.move(box.x + box.width / 2 + column * 2, box.y + box.height / 2, { steps: 10 });
    await alice.mouse.up();
    await grid(alice).locator('.edit-item--chart .edit-chart[data-width="6"]').waitFor({ timeout: 5000 });
    started = Date.now();
    await grid(bob).locator('.edit-item--chart .edit-chart[data-width="6"]').waitFor({ timeout: 5000 });
    expect(Date.now() - started).toBeLessThan(1000);
    await bob.screenshot({ path: join(ARTIFACTS, 'dashboard-coedit-chart-seen-by-b.png') });
  });

  it('B adds a markdown; A undoes its last move and B’s markdown stays', async () => {
    await bob.getByRole('button', { name: 'Add Text / Markdown', exact: true }).click();
    await bob.locator('.edit-item--markdown').waitFor();
    await alice.locator('.edit-item--markdown').waitFor({ timeout: 5000 });

    await alice.locator('body').click({ position: { x: 5, y: 5 } });
    await alice.keyboard.press('Control+z');
    // A's resize is taken back at both; the chart A dropped and B's markdown stay.
    await grid(bob).locator('.edit-item--chart .edit-chart[data-width="4"]').waitFor({ timeout: 5000 });
    await grid(alice).locator('.edit-item--chart .edit-chart[data-width="4"]').waitFor();
    expect(await alice.locator('.edit-item--markdown').count()).toBe(1);
    expect(await bob.locator('.edit-item--markdown').count()).toBe(1);
    await alice.screenshot({ path: join(ARTIFACTS, 'dashboard-coedit-after-undo.png') });
  });

  it('A saves; the viewer sees the saved version', async () => {
    // The viewer has the dashboard open in view mode meanwhile: she sees the last saved (empty) version
    // and is no editor, so no avatar of hers shows up at the editors.
    await carol.goto(`${server!.baseUrl}/dashboard/${dashboardId}/`);
    await carol.getByRole('heading', { level: 1, name: 'Co-edited with a chart' }).waitFor();
    expect(await carol.locator(`[data-testid="dashboard-grid"] [data-chart-id="${chartId}"]`).count()).toBe(0);
    expect(await alice.getByLabel('carol is editing').count()).toBe(0);

    await alice.getByRole('button', { name: 'Save' }).click();
    await alice.getByTestId('edit-mode').waitFor({ state: 'detached' });
    await carol.reload();
    const view = carol.getByTestId('dashboard-grid');
    await view.locator(`[data-chart-id="${chartId}"]`).waitFor();
    await view.locator('.dashboard-markdown-holder').waitFor();
    // The viewer is not editing: no edit grid.
    expect(await carol.getByTestId('edit-grid').count()).toBe(0);
    await carol.locator(`[data-chart-id="${chartId}"][data-status="rendered"]`).waitFor({ timeout: 60_000 });
    await carol.getByTestId('dashboard-grid').getByRole('gridcell', { name: 'Japan', exact: true }).waitFor();
    await carol.screenshot({ path: join(ARTIFACTS, 'dashboard-coedit-viewer.png') });
    // The saved layout is what the editors ended with: A's chart back at its default 4 columns, B's markdown.
    const saved = await call<{ result: { position_json: string } }>('GET', `/api/v1/dashboard/${dashboardId}`, adminToken);
    const items = Object.values(JSON.parse(saved.body.result.position_json) as Record<string, { type?: string; meta?: { chartId?: number; width?: number } }>);
    expect(items.filter((c) => c.type === 'CHART').map((c) => [c.meta?.chartId, c.meta?.width])).toEqual([[chartId, 4]]);
    expect(items.filter((c) => c.type === 'MARKDOWN')).toHaveLength(1);
  });

  it('the version history lists both users’ changes', async () => {
    await bob.getByRole('button', { name: 'Version history' }).click();
    const history = bob.getByRole('complementary', { name: 'Version history' });
    const saved = history.locator('[data-version="2"]');
    await saved.waitFor();
    const text = await saved.innerText();
    expect(text).toContain('admin');
    expect(text).toContain('bob');
    await history.locator('[data-version="1"]').waitFor();
    await bob.screenshot({ path: join(ARTIFACTS, 'dashboard-coedit-history.png') });

    const versions = await call<Versions>('GET', `/api/v1/dashboard/${dashboardId}/versions`, adminToken);
    expect(versions.body.current_version).toBe(2);
    const v2 = versions.body.result.find((v) => v.version === 2)!;
    expect(v2.saved_by.username).toBe('admin');
    const byUser = (name: string) => v2.changes.filter((c) => c.user.username === name).map((c) => c.component_type);
    expect(byUser('admin')).toContain('CHART');
    expect(byUser('bob')).toContain('MARKDOWN');
  });

  it('restoring the first version works: a new version, seen by the viewer', async () => {
    const history = bob.getByRole('complementary', { name: 'Version history' });
    await history.locator('[data-version="1"]').getByRole('button', { name: 'Restore' }).click();
    await bob.getByTestId('toast').filter({ hasText: 'Restored as version 3.' }).waitFor();
    await bob.locator('.edit-item--markdown').waitFor({ state: 'detached', timeout: 5000 });
    expect(await editedChart(bob).count()).toBe(0);
    await carol.reload();
    await carol.getByRole('heading', { level: 1, name: 'Co-edited with a chart' }).waitFor();
    await carol.getByTestId('dashboard-grid').waitFor({ state: 'attached' });
    expect(await carol.locator(`[data-testid="dashboard-grid"] [data-chart-id="${chartId}"]`).count()).toBe(0);
    expect(await carol.locator('[data-testid="dashboard-grid"] .dashboard-markdown-holder').count()).toBe(0);
    const versions = await call<Versions>('GET', `/api/v1/dashboard/${dashboardId}/versions`, adminToken);
    expect(versions.body.current_version).toBe(3);
    expect(versions.body.result[0]).toMatchObject({ version: 3, restored_from: 1 });
  });
});
