import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type Page } from 'playwright-core';
import { launchChromium } from './chromium';
import { startStrata, type RunningServer } from './strata-server';

// SQL Lab in Chromium against the real server (embedded mode): screenshots to artifacts/ (gitignored).
const ARTIFACTS = join(__dirname, '..', 'artifacts');
mkdirSync(ARTIFACTS, { recursive: true });

let server: RunningServer | undefined;
let browser: Browser | undefined;
let page: Page;

const shot = (name: string) => page.screenshot({ path: join(ARTIFACTS, `sqllab-${name}.png`), animations: 'disabled' });
const tabs = () => page.getByRole('tablist', { name: 'Query tabs' }).getByRole('tab');
const editor = () => page.getByTestId('sql-editor');

/** Replaces the editor's text by typing it, as a user would. */
async function typeSql(sql: string) {
  await editor().click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.type(sql, { delay: 5 });
}

/**
 * Waits until the server holds `sql` as the user's active tab and in the audit (issue 13: what the audit
 * and the replay read); fails after 30 s, far past the 5 s autosave.
 */
async function serverKeeps(sql: string) {
  const q = encodeURIComponent(`(types:!(sqllab/tabStateCreated,sqllab/tabStateSqlEdited),text:'${sql}')`);
  for (const until = Date.now() + 30_000; ;) {
    const boot = (await (await page.request.get(`${server!.baseUrl}/api/v1/sqllab/`)).json()) as {
      result?: { active_tab?: { sql?: string } | null };
    };
    const audit = (await (await page.request.get(`${server!.baseUrl}/api/v1/audit/?q=${q}`)).json()) as {
      count?: number;
    };
    if (boot.result?.active_tab?.sql === sql && (audit.count ?? 0) > 0) return;
    if (Date.now() > until)
      throw new Error(
        `the server did not get "${sql}" within 30 s: its tab holds ${JSON.stringify(boot.result?.active_tab?.sql)}, the audit ${audit.count ?? 0} events`,
      );
    await page.waitForTimeout(250);
  }
}

beforeAll(async () => {
  server = await startStrata(join(ARTIFACTS, 'server-sqllab.log'));
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  page.setDefaultTimeout(30_000);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('SQL Lab in Chromium against the real server', () => {
  it('logs in and waits for the example flights tables', async () => {
    await page.goto(`${server!.baseUrl}/login/`);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(server!.adminPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // flights_200k loads last: once it is in, SQL Lab's table list (cached by the server) is complete.
    const examples = page.getByRole('table', { name: 'Example tables' });
    for (const table of ['flights', 'flights_200k']) {
      await examples
        .getByRole('row')
        .filter({ has: page.getByText(table, { exact: true }) })
        .getByText('loaded')
        .waitFor({ timeout: 120_000 });
    }
  });

  it('opens SQL Lab on the examples database and lists its tables', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'SQL Lab' }).click();
    await page.waitForURL('**/sqllab/');
    await tabs().filter({ hasText: 'Untitled Query 1' }).waitFor();
    await page.waitForFunction(
      () =>
        (document.querySelector('select[aria-label="Database"]') as HTMLSelectElement | null)?.selectedOptions[0]
          ?.textContent === 'examples',
    );
    expect(await page.locator('select[aria-label="Database"] option:checked').textContent()).toBe('examples');
    await page
      .locator('select[aria-label="Add a table"] option', { hasText: 'flights_200k' })
      .waitFor({ state: 'attached' });
    const tables = await page.locator('select[aria-label="Add a table"] option').allTextContents();
    expect(tables).toEqual(expect.arrayContaining(['flights', 'flights_200k', 'cars']));
    await shot('01-opened');
  });

  it('autocompletes a table name, runs the query and shows the results', async () => {
    await typeSql('SELECT delay, distance FROM flights_2');
    // Ace's live autocomplete offers every table of the schema, not only opened ones.
    const popup = page.locator('.ace_autocomplete');
    await popup.getByText('flights_200k').first().waitFor();
    await shot('02-autocomplete');
    await page.keyboard.press('Enter');
    await page.keyboard.type(' LIMIT 20', { delay: 5 });
    await page.keyboard.press('Control+Enter');
    await page.getByTestId('query-state').getByText('success').waitFor();
    await page.getByTestId('row-count').getByText('20 rows').waitFor();
    const headers = await page.getByRole('grid', { name: 'Query results' }).getByRole('columnheader').allTextContents();
    expect(headers).toEqual(['delay', 'distance']);
    await shot('03-results');
  });

  it('shows 1000 rows of SELECT * FROM flights with the DROPDOWN limiting message', async () => {
    await typeSql('SELECT * FROM flights');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page
      .getByTestId('limiting-message')
      .getByText('The number of rows displayed is limited to 1000 by the limit dropdown.')
      .waitFor();
    await page.getByTestId('row-count').getByText('1,000 rows').waitFor();
    expect(await page.getByRole('grid', { name: 'Query results' }).getAttribute('aria-rowcount')).toBe('1001');
    // The grid is virtualized: a thousand rows, a few dozen in the DOM.
    expect(await page.getByRole('grid', { name: 'Query results' }).getByRole('row').count()).toBeLessThan(80);
    await shot('04-limited');
  });

  it('fills the grid with flights_200k at the 100000 limit and scrolls to the last row', async () => {
    await page.locator('select[aria-label="Limit"]').selectOption('100000');
    await typeSql('SELECT * FROM flights_200k');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page.getByTestId('row-count').getByText('100,000 rows').waitFor({ timeout: 60_000 });
    // The browser receives DISPLAY_MAX_ROW rows and says so; the CSV export has them all.
    await page.getByTestId('display-limit-message').waitFor();
    await page.getByTestId('limiting-message').getByText('limited to 100000 by the limit dropdown').waitFor();
    const grid = page.getByRole('grid', { name: 'Query results' });
    const shown = Number(await grid.getAttribute('aria-rowcount')) - 1;
    expect(shown).toBe(10_000);
    await grid.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await grid.locator(`[aria-rowindex="${shown + 1}"]`).waitFor();
    expect(await grid.getByRole('row').count()).toBeLessThan(80);
    await shot('05-last-row');
  });

  it('stops SELECT pg_sleep(30) long before it would end, in the database too', async () => {
    await page.locator('select[aria-label="Limit"]').selectOption('1000');
    await typeSql('SELECT pg_sleep(30)');
    const executed = page.waitForRequest((r) => r.url().includes('/api/v1/sqllab/execute/'));
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const request = await executed;
    const clientId = (request.postDataJSON() as { client_id: string }).client_id;
    // Running: a Stop from now on cancels the statement in the database (one that comes before the
    // session is registered cancels it on registration), so no pause is needed here.
    await page.getByTestId('query-state').getByText('running').waitFor();
    const stop = page.waitForResponse((r) => r.url().endsWith('/api/v1/query/stop'));
    await page.getByRole('button', { name: 'Stop' }).click();
    await page.getByTestId('query-state').getByText('stopped').waitFor();
    // The server was asked to cancel this very run, and accepted.
    const answer = await stop;
    expect(answer.request().postDataJSON()).toEqual({ client_id: clientId });
    expect(answer.status()).toBe(200);
    // The run held the execute request; it is answered once the database has stopped the statement. Left
    // alone, pg_sleep(30) would answer only after 30 s: the bound below is a wait for that answer (generous
    // for a loaded machine), not a measured duration.
    const answered = await Promise.race([
      request.response(),
      new Promise<'not answered'>((r) => setTimeout(() => r('not answered'), 20_000)),
    ]);
    expect(answered).not.toBe('not answered');
    expect(answered).not.toBeNull();
    await page.getByRole('button', { name: 'Run', exact: true }).waitFor();
    await shot('06-stopped');
  });

  it('brings back three tabs with their SQL, names and the active tab after a reload', async () => {
    await page.getByRole('button', { name: 'New tab' }).click();
    await tabs().filter({ hasText: 'Untitled Query 2' }).waitFor();
    await typeSql('SELECT 2 AS two');
    await tabs().filter({ hasText: 'Untitled Query 2' }).dblclick();
    await page.getByLabel('Tab name').fill('Second tab');
    await page.getByLabel('Tab name').press('Enter');
    // The next new tab is named one above the highest 'Untitled Query N' left: 2 again.
    await page.getByRole('button', { name: 'New tab' }).click();
    await tabs().filter({ hasText: 'Untitled Query 2' }).waitFor();
    await typeSql('SELECT 3 AS three');
    await tabs().filter({ hasText: 'Second tab' }).click();
    // The tab sync moves new tabs to the server (they change id then) and activates the shown one; the
    // server must end up holding the three tabs with Second tab active (a switch or rename made while a
    // tab was being stored once got lost). Then wait for the browser's own storage write.
    const deadline = Date.now() + 30_000;
    for (;;) {
      const boot = (await (await page.request.get(`${server!.baseUrl}/api/v1/sqllab/`)).json()) as {
        result?: { active_tab?: { label?: string | null } | null; tab_state_ids?: unknown[] };
      };
      if (boot.result?.active_tab?.label === 'Second tab' && boot.result.tab_state_ids?.length === 3) break;
      if (Date.now() > deadline)
        throw new Error(
          `the tab sync did not store the tabs within 30 s: ${JSON.stringify(boot.result?.active_tab?.label)}`,
        );
      await page.waitForTimeout(250);
    }
    // The first tab's SQL (typed and run before the Stop) is kept by one of the two: the server's copy of
    // the tab, or the browser's storage of changes the server has not taken yet.
    const firstTabKept = async () => {
      const boot = (await (await page.request.get(`${server!.baseUrl}/api/v1/sqllab/`)).json()) as {
        result?: { tab_state_ids?: [number, string][] };
      };
      const first = boot.result?.tab_state_ids?.find(([, label]) => label === 'Untitled Query 1');
      const stored = first
        ? ((await (await page.request.get(`${server!.baseUrl}/tabstateview/${first[0]}`)).json()) as { sql?: string })
            .sql
        : undefined;
      const local = await page.evaluate(
        () =>
          (
            JSON.parse(localStorage.getItem('redux') ?? '{}') as { queryEditors?: { name: string; sql: string }[] }
          ).queryEditors?.find((qe) => qe.name === 'Untitled Query 1')?.sql,
      );
      return stored === 'SELECT pg_sleep(30)' || local === 'SELECT pg_sleep(30)';
    };
    for (const until = Date.now() + 30_000; !(await firstTabKept());) {
      if (Date.now() > until)
        throw new Error("neither the server nor the browser kept the first tab's SQL within 30 s");
      await page.waitForTimeout(250);
    }
    // The browser's own storage write (debounced) has caught up: it holds no tab as it was before the
    // last changes (with backend persistence it keeps only tabs changed since the server took them).
    await page.waitForFunction(() => {
      const text = localStorage.getItem('redux');
      if (text === null) return false;
      const final: Record<string, string> = {
        'Second tab': 'SELECT 2 AS two',
        'Untitled Query 2': 'SELECT 3 AS three',
      };
      const editors = (JSON.parse(text) as { queryEditors?: { name: string; sql: string }[] }).queryEditors ?? [];
      return editors.every((qe) => qe.name === 'Untitled Query 1' || final[qe.name] === qe.sql);
    });

    await page.reload();
    await tabs().first().waitFor();
    expect(await tabs().allTextContents()).toEqual(['Untitled Query 1', 'Second tab', 'Untitled Query 2']);
    expect(await tabs().filter({ hasText: 'Second tab' }).getAttribute('aria-selected')).toBe('true');
    await page.locator('.ace_content', { hasText: 'SELECT 2 AS two' }).waitFor();
    await tabs().filter({ hasText: 'Untitled Query 2' }).click();
    await page.locator('.ace_content', { hasText: 'SELECT 3 AS three' }).waitFor();
    await tabs().filter({ hasText: 'Untitled Query 1' }).click();
    await page.locator('.ace_content', { hasText: 'SELECT pg_sleep(30)' }).waitFor();
    await shot('07-after-reload');
  });

  it('saves a query, finds it in the saved queries list and opens it in a new tab', async () => {
    await tabs().filter({ hasText: 'Second tab' }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    // The save dialog: a name (the tab's by default) and a description.
    const dialog = page.getByRole('dialog', { name: 'Save query' });
    expect(await dialog.getByLabel('Query name').inputValue()).toBe('Second tab');
    await dialog.getByLabel('Description').fill('the number two');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByTestId('toast').filter({ hasText: 'Your query was saved' }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Saved queries' }).click();
    await page.getByLabel('Search saved queries').fill('Second');
    const list = page.getByRole('table', { name: 'Saved queries' });
    await list.getByRole('link', { name: 'Second tab' }).click();
    await page.waitForURL('**/sqllab/');
    // A new tab, active, with the saved query's SQL.
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="sqllab-tab"]').length === 4);
    const active = page.getByRole('tablist', { name: 'Query tabs' }).getByRole('tab', { selected: true });
    expect(await active.textContent()).toBe('Second tab');
    await page.locator('.ace_content', { hasText: 'SELECT 2 AS two' }).waitFor();
    await shot('08-saved-query-opened');
  });

  it('saves a query under a new name with a description; the tab takes the name', async () => {
    await typeSql('SELECT origin, count(*) AS n FROM flights GROUP BY origin');
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Save query' });
    // Updating a saved query shows what it was saved with.
    await page.waitForFunction(
      () =>
        (document.querySelector('textarea[aria-label="Description"]') as HTMLTextAreaElement | null)?.value ===
        'the number two',
    );
    await dialog.getByLabel('Query name').fill('Flights per origin');
    await dialog.getByLabel('Description').fill('how many flights leave each airport');
    await dialog.getByRole('button', { name: 'Save as new' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Your query was saved' }).waitFor();
    await tabs().filter({ hasText: 'Flights per origin' }).waitFor();
    await page.getByRole('link', { name: 'Saved queries' }).click();
    await page.getByLabel('Search saved queries').fill('origin');
    await page
      .getByRole('table', { name: 'Saved queries' })
      .getByRole('link', { name: 'Flights per origin' })
      .waitFor();
    await page.goBack();
    await page.waitForURL('**/sqllab/');
    await tabs().filter({ hasText: 'Flights per origin' }).waitFor();
    await shot('09-saved-with-name');
  });

  it("lists past queries in the history tab, filtered, and opens one's SQL in the editor", async () => {
    await page.getByRole('tab', { name: 'Query history' }).click();
    const history = page.getByRole('table', { name: 'Query history' });
    await history.getByText('SELECT * FROM flights_200k', { exact: true }).waitFor();
    // The stopped run is there too, and the state filter finds it alone.
    await page.getByLabel('Filter by state').selectOption('stopped');
    await history.getByText('SELECT pg_sleep(30)', { exact: true }).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="history-row"]').length === 1);
    await page.getByLabel('Filter by state').selectOption('');
    await page.getByLabel('Search the SQL').fill('SELECT * FROM flights_200k');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="history-row"]').length === 1);
    await history
      .getByRole('row')
      .filter({ hasText: 'SELECT * FROM flights_200k' })
      .getByRole('button', { name: 'Edit in this tab' })
      .click();
    await page.locator('.ace_content', { hasText: 'SELECT * FROM flights_200k' }).waitFor();
    await shot('10-history');
  });

  it('explores the results: a virtual dataset of the query is created and the chart builder opens on it', async () => {
    await typeSql('SELECT origin, delay FROM flights');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page.getByTestId('row-count').getByText('1,000 rows').waitFor();
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/dataset/') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Explore', exact: true }).click();
    const answer = await created;
    expect(answer.status()).toBe(201);
    const { id } = (await answer.json()) as { id: number };
    expect(answer.request().postDataJSON()).toMatchObject({
      sql: 'SELECT origin, delay FROM flights',
      schema: 'public',
    });
    await page.waitForURL(`**/explore/?datasource_type=table&datasource_id=${id}`);
    await shot('11-explore');
  });

  // Issue 13 "Nothing lost": SQL typed just before the user leaves SQL Lab reaches the server's tab state
  // and the audit, though the typing's quiet time and the 5 s autosave never end on that page.
  it('keeps SQL typed right before going to another page, though the app is left just after', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'SQL Lab' }).click();
    await page.waitForURL('**/sqllab/');
    await page.locator('.ace_content', { hasText: 'SELECT origin, delay FROM flights' }).waitFor();
    const sql = 'SELECT 42 AS typed_before_dashboards';
    await typeSql(sql);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboards' }).click();
    await page.getByRole('table', { name: 'Dashboards' }).waitFor();
    // SQL Lab is gone from the page; leaving the app now (as a closed browser tab) ends every timer it had left.
    await page.goto('about:blank');
    await serverKeeps(sql);
  });

  it('keeps SQL typed right before a reload, and shows it after', async () => {
    await page.goto(`${server!.baseUrl}/sqllab/`);
    await page.locator('.ace_content', { hasText: 'SELECT 42 AS typed_before_dashboards' }).waitFor();
    const sql = 'SELECT 43 AS typed_before_reload';
    await typeSql(sql);
    await page.reload();
    await serverKeeps(sql);
    await page.locator('.ace_content', { hasText: sql }).waitFor();
    await shot('12-kept-over-reload');
  });
});
