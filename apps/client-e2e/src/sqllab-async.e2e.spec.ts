import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type Page } from 'playwright-core';
import { launchChromium } from './chromium';
import { startStrata, type RunningServer } from './strata-server';

// SQL Lab's async runs in Chromium: a server with SQLLAB_FORCE_RUN_ASYNC sends every run to the job
// queue, so the page learns the end of a run from the async event channel (socket.io push, polling
// while the socket is down), never from the execute request.
const ARTIFACTS = join(__dirname, '..', 'artifacts');
mkdirSync(ARTIFACTS, { recursive: true });

let server: RunningServer | undefined;
let browser: Browser | undefined;
let page: Page;

const shot = (name: string) =>
  page.screenshot({ path: join(ARTIFACTS, `sqllab-async-${name}.png`), animations: 'disabled' });
const editor = () => page.getByTestId('sql-editor');

async function typeSql(sql: string) {
  await editor().click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.type(sql, { delay: 5 });
}

beforeAll(async () => {
  // Only this server's environment: the other e2e files run in the same process after this one.
  const before = process.env['SQLLAB_FORCE_RUN_ASYNC'];
  process.env['SQLLAB_FORCE_RUN_ASYNC'] = 'true';
  try {
    server = await startStrata(join(ARTIFACTS, 'server-sqllab-async.log'));
  } finally {
    if (before === undefined) delete process.env['SQLLAB_FORCE_RUN_ASYNC'];
    else process.env['SQLLAB_FORCE_RUN_ASYNC'] = before;
  }
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  page.setDefaultTimeout(30_000);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('SQL Lab async runs in Chromium against a server that runs every query async', () => {
  it('logs in and waits for the example flights table', async () => {
    await page.goto(`${server!.baseUrl}/login/`);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(server!.adminPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const examples = page.getByRole('table', { name: 'Example tables' });
    await examples
      .getByRole('row')
      .filter({ has: page.getByText('flights', { exact: true }) })
      .getByText('loaded')
      .waitFor({ timeout: 120_000 });
  });

  it('runs a query through the job queue; its end arrives pushed on the socket and the rows are fetched', async () => {
    const frames: string[] = [];
    page.on('websocket', (socket) => socket.on('framereceived', (frame) => frames.push(String(frame.payload))));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'SQL Lab' }).click();
    await page.waitForURL('**/sqllab/');
    await page.waitForFunction(
      () =>
        (document.querySelector('select[aria-label="Database"]') as HTMLSelectElement | null)?.selectedOptions[0]
          ?.textContent === 'examples',
    );
    await typeSql('SELECT origin, count(*) AS n FROM flights GROUP BY origin ORDER BY n DESC');
    const executed = page.waitForResponse((r) => r.url().includes('/api/v1/sqllab/execute/'));
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const answer = await executed;
    // Queued: the request answers at once with the run pending.
    expect(answer.status()).toBe(202);
    expect(((await answer.json()) as { query: { state: string } }).query.state).toBe('pending');
    await page.getByTestId('query-state').getByText('success').waitFor({ timeout: 60_000 });
    const grid = page.getByRole('grid', { name: 'Query results' });
    expect(await grid.getByRole('columnheader').allTextContents()).toEqual(['origin', 'n']);
    expect(Number(await grid.getAttribute('aria-rowcount'))).toBeGreaterThan(1);
    expect(frames.some((f) => f.includes('"async_event"') && f.includes('"done"'))).toBe(true);
    await shot('01-done');
  });

  it('shows the error of a failed async run', async () => {
    await typeSql('SELECT * FROM no_such_table');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page.getByTestId('query-state').getByText('failed').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('query-error').textContent()).toContain('no_such_table');
    await shot('02-failed');
  });
});
