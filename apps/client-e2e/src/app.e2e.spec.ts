import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type Page } from 'playwright-core';
import { launchChromium } from './chromium';
import { startStrata, type RunningServer } from './strata-server';

// Screenshots and the server's log are kept for whoever reads a failure (gitignored).
const ARTIFACTS = join(__dirname, '..', 'artifacts');
mkdirSync(ARTIFACTS, { recursive: true });

let server: RunningServer | undefined;
let browser: Browser | undefined;
let page: Page;
const newUser = `e2e_${Date.now().toString(36)}`;

const shot = (name: string) =>
  page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true, animations: 'disabled' });

beforeAll(async () => {
  server = await startStrata(join(ARTIFACTS, 'server.log'));
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  page.setDefaultTimeout(20_000);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('Strata in Chromium against the real server (embedded mode)', () => {
  it('logs in as the admin and shows the home page', async () => {
    await page.goto(`${server!.baseUrl}/`);
    // A visitor is sent to the login page.
    await page.waitForURL('**/login/');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(server!.adminPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await page.getByRole('heading', { name: 'Welcome, Strata Admin' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByTestId('home-roles').getByText('Admin').waitFor();
    // The example data table lists the tables with row counts while they load.
    const examples = page.getByRole('table', { name: 'Example tables' });
    await examples.getByText('flights_200k').waitFor();
    await examples.getByText('cars', { exact: true }).waitFor();
    // Nothing went wrong on the way: no error toast (a failed /me/ or status call would show one).
    expect(await page.locator('.toast--danger').allTextContents()).toEqual([]);
    await shot('01-home');
  });

  it('shows a toast when a user is created', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click();
    await page.getByTestId('user-admin').waitFor();
    const form = page.getByRole('form', { name: 'Create a user' });
    await form.getByLabel('Username').fill(newUser);
    await form.getByLabel('Password').fill('e2e password 123');
    await form.getByLabel('First name').fill('Eve');
    await form.getByLabel('Gamma').check();
    await form.getByRole('button', { name: 'Create user' }).click();

    const toast = page.getByTestId('toast').filter({ hasText: `User ${newUser} was created` });
    await toast.waitFor();
    await page.getByTestId(`user-${newUser}`).getByText('Gamma').waitFor();
    await shot('02-toast');
    // A success toast leaves by itself after 4 s.
    await toast.waitFor({ state: 'detached', timeout: 60_000 });
  });

  it('shows the error modal of a failing request: a username that exists', async () => {
    const form = page.getByRole('form', { name: 'Create a user' });
    await form.getByLabel('Username').fill('admin');
    await form.getByLabel('Password').fill('another password');
    await form.getByLabel('Alpha').check();
    await form.getByRole('button', { name: 'Create user' }).click();

    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Could not create user admin' }).waitFor();
    await dialog.getByText('A user with this username already exists.').waitFor();
    await dialog.getByRole('button', { name: 'See more' }).click();
    await dialog.getByTestId('error-details').getByText('422').waitFor();
    await shot('03-error-modal');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('scrubs back with the time-travel panel and shows the earlier state', async () => {
    await page.keyboard.press('Control+Shift+E');
    const panel = page.getByRole('region', { name: 'Time travel' });
    await panel.waitFor();
    const events = panel.getByTestId('time-travel-event');
    const types = await events.locator('td:nth-child(3)').allTextContents();
    const created = types.indexOf('users/userCreated');
    expect(created).toBeGreaterThan(0);
    expect(types).toEqual(expect.arrayContaining(['session/loggedIn', 'platform/toastAdded', 'errors/errorShown']));

    // Just before the creation: the new user is not in the list yet.
    await events.nth(created - 1).click();
    await page.getByTestId(`user-${newUser}`).waitFor({ state: 'detached' });
    await page.getByTestId('user-admin').waitFor();

    // Just after the creation and its toast: the toast that has long left is shown again.
    await events.nth(created + 1).click();
    await page.getByTestId(`user-${newUser}`).waitFor();
    await page
      .getByTestId('toast')
      .filter({ hasText: `User ${newUser} was created` })
      .waitFor();
    await shot('04-time-travel');

    await panel.getByRole('button', { name: 'Live' }).click();
    await page
      .getByTestId('toast')
      .filter({ hasText: `User ${newUser} was created` })
      .waitFor({ state: 'detached' });
    await page.getByTestId(`user-${newUser}`).waitFor();
    await panel.getByTestId('time-travel-status').getByText(/^Live/).waitFor();
  });
});
