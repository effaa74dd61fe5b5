import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { Client } from 'pg';
import { startPasswordGate, type PasswordGate } from './pg-password-gate';
import { Stage } from './stage';
import { ARTIFACTS } from './support';

// Issue 15's first Done-when line as one user story in Chromium: the admin connects a second PostgreSQL
// database (made here, on the test PostgreSQL) through the Databases page, sees a wrong password said
// in words, finds its schema and table in SQL Lab, makes a dataset of the table, adds a calculated
// column and a metric in the editor, and builds a table chart of both whose numbers are what PostgreSQL
// computes. The test PostgreSQL trusts local logins, so the database is reached through a password gate
// (pg-password-gate.ts) that refuses a wrong password as PostgreSQL does (28P01).

const stage = new Stage('connect-your-data');
const suffix = randomBytes(3).toString('hex');
const dbName = `strata_e2e_data_${suffix}`;
const login = `strata_e2e_analyst_${suffix}`;
const PASSWORD = `pw-${suffix}`;
const DISPLAY = `Sales ${suffix}`;
const SCHEMA = 'sales';
const TABLE = 'orders';
const SIZE = "CASE WHEN amount >= 20 THEN 'large' ELSE 'small' END";
const METRIC = 'SUM(amount * quantity)';
const superuser = (database = 'postgres') => new Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database });
const asLogin = () => new Client({ host: '127.0.0.1', port: 5432, user: login, database: dbName });

let gate: PasswordGate | undefined;
let page: Page;

beforeAll(async () => {
  const admin = superuser();
  await admin.connect();
  await admin.query(`CREATE ROLE ${login} LOGIN PASSWORD '${PASSWORD}'`);
  await admin.query(`CREATE DATABASE ${dbName} OWNER ${login}`);
  await admin.end();
  const owner = asLogin();
  await owner.connect();
  await owner.query(`CREATE SCHEMA ${SCHEMA}`);
  await owner.query(
    `CREATE TABLE ${SCHEMA}.${TABLE} (id serial PRIMARY KEY, region text NOT NULL, amount integer NOT NULL, quantity integer NOT NULL)`,
  );
  await owner.query(
    `INSERT INTO ${SCHEMA}.${TABLE} (region, amount, quantity) VALUES
       ('north', 10, 2), ('north', 25, 1), ('south', 5, 7), ('south', 40, 3), ('east', 19, 4), ('west', 20, 2)`,
  );
  await owner.end();
  gate = await startPasswordGate(PASSWORD);
  await stage.start();
  page = await stage.signIn('admin', stage.server.adminPassword);
}, 300_000);

afterAll(async () => {
  await stage.stop();
  await gate?.close();
  const admin = superuser();
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.query(`DROP ROLE IF EXISTS ${login}`);
  await admin.end();
});

const shot = (name: string) => page.screenshot({ path: join(ARTIFACTS, `connect-your-data-${name}.png`) });

describe('Connect your data (Chromium)', () => {
  let datasetId = 0;

  it('connects the database from the Databases page: a wrong password is said in words, the right one passes', async () => {
    await page.goto(`${stage.server.baseUrl}/`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Database Connections' }).click();
    await page.getByRole('heading', { name: 'Databases' }).waitFor();
    await page.getByRole('button', { name: '+ Database' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect a database' });
    await dialog.getByLabel('Display name', { exact: true }).fill(DISPLAY);
    await dialog.getByLabel('Engine', { exact: true }).selectOption('postgresql');
    await dialog.getByLabel('Host', { exact: true }).fill('127.0.0.1');
    await dialog.getByLabel('Port', { exact: true }).fill(String(gate!.port));
    await dialog.getByLabel('Database name', { exact: true }).fill(dbName);
    await dialog.getByLabel('Username', { exact: true }).fill(login);
    await dialog.getByLabel('Password', { exact: true }).fill('not-the-password');
    await dialog.getByRole('button', { name: 'Test connection' }).click();
    // CONNECTION_INVALID_PASSWORD_ERROR, titled by the modal, with the spec's message.
    const failed = dialog.getByRole('alert', { name: 'Connection test' });
    await failed.getByText('Wrong password', { exact: true }).waitFor();
    await failed.getByText(`The password provided for username "${login}" is incorrect.`).waitFor();
    await shot('01-wrong-password');

    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Test connection' }).click();
    await dialog.getByRole('status', { name: 'Connection test' }).getByText('Connection looks good!').waitFor();
    await dialog.getByRole('tab', { name: 'Advanced' }).click();
    await dialog.getByLabel('Expose database in SQL Lab').check();
    await dialog.getByRole('button', { name: 'Connect', exact: true }).click();
    await page.getByTestId(`database-${DISPLAY}`).waitFor();
    await dialog.waitFor({ state: 'detached' });
  });

  it('finds the schema and its table in SQL Lab', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'SQL Lab' }).click();
    await page.waitForURL('**/sqllab/');
    const explorer = page.getByRole('complementary', { name: 'Database explorer' });
    await explorer.getByLabel('Database', { exact: true }).selectOption({ label: DISPLAY });
    const schemas = explorer.getByLabel('Schema', { exact: true });
    await schemas.locator('option', { hasText: SCHEMA }).waitFor({ state: 'attached' });
    await schemas.selectOption(SCHEMA);
    await explorer
      .getByLabel('Add a table', { exact: true })
      .locator('option', { hasText: TABLE })
      .waitFor({ state: 'attached' });
    await shot('02-sqllab');
  });

  it('creates a dataset from the table with the database, schema and table pickers', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Datasets' }).click();
    await page.waitForURL('**/tablemodelview/list/');
    await page.getByRole('button', { name: '+ Dataset' }).click();
    const dialog = page.getByRole('dialog', { name: 'New dataset' });
    await dialog.getByLabel('Database', { exact: true }).selectOption({ label: DISPLAY });
    const schemas = dialog.getByLabel('Schema', { exact: true });
    await schemas.locator('option', { hasText: SCHEMA }).waitFor({ state: 'attached' });
    await schemas.selectOption(SCHEMA);
    const tables = dialog.getByLabel('Table', { exact: true });
    await tables.locator('option', { hasText: TABLE }).waitFor({ state: 'attached' });
    await tables.selectOption(TABLE);
    await dialog.getByRole('button', { name: 'Create dataset' }).click();
    await page.waitForURL(/\/tablemodelview\/edit\/\d+$/);
    datasetId = Number(new URL(page.url()).pathname.split('/').at(-1));
    const columns = page.getByRole('table', { name: 'Columns' });
    for (const column of ['region', 'amount', 'quantity']) await columns.getByText(column, { exact: true }).waitFor();
  });

  it('adds a calculated column and a metric in the dataset editor and saves them', async () => {
    await page.getByRole('tab', { name: 'Calculated columns' }).click();
    await page.getByRole('button', { name: '+ Calculated column' }).click();
    await page.getByLabel('SQL expression of calculated_1').fill(SIZE);
    await page.getByLabel('Type of calculated_1').selectOption({ label: 'String' });
    await page.getByLabel('Name of calculated_1').fill('order_size');

    await page.getByRole('tab', { name: 'Metrics' }).click();
    await page.getByRole('button', { name: '+ Metric' }).click();
    await page.getByLabel('SQL expression of metric_1').fill(METRIC);
    await page.getByLabel('Label of metric_1').fill('Revenue');
    await page.getByLabel('Name of metric_1').fill('revenue');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    // The form starts again from the server's answer: the metric under its saved name, nothing to save.
    await page.getByRole('table', { name: 'Metrics' }).getByLabel('Name of revenue').waitFor();
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll('button')).some((b) => b.textContent === 'Save' && b.disabled),
    );
    await shot('03-editor');
  });

  it('builds a table chart grouped by the calculated column with the metric: the numbers are what PostgreSQL computes', async () => {
    const explore = page.getByRole('link', { name: 'Explore', exact: true });
    expect(await explore.getAttribute('href')).toBe(`/explore/?datasource_type=table&datasource_id=${datasetId}`);
    await explore.click();
    await page.waitForURL(/\/explore\//);
    const panel = page.getByRole('complementary', { name: 'Dataset' });
    await panel.getByRole('list', { name: 'Dataset columns' }).getByText('order_size').waitFor();
    await page.getByLabel('Visualization type').selectOption('table');
    await page.getByLabel('Add to Dimensions').selectOption('order_size');
    await page.getByRole('button', { name: 'Add to Metrics' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit metric' });
    await editor.getByRole('tab', { name: 'Saved' }).click();
    await editor.getByLabel('Saved metric').selectOption('revenue');
    await editor.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: /Create chart|Update chart/ }).click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="chart-status"]')?.textContent === 'Rendered',
      undefined,
      { timeout: 60_000 },
    );
    const grid = page.getByTestId('viz-table').getByRole('grid');
    await grid.getByRole('gridcell', { name: 'large', exact: true }).waitFor();
    const shown = await grid
      .locator('[role="row"][aria-rowindex]')
      .evaluateAll((rows) =>
        rows.map((row) => Array.from(row.querySelectorAll('[role="gridcell"]')).map((cell) => cell.textContent ?? '')),
      );
    await shot('04-chart');

    const owner = asLogin();
    await owner.connect();
    const expected = await owner.query<{ order_size: string; revenue: string }>(
      `SELECT ${SIZE} AS order_size, ${METRIC} AS revenue FROM ${SCHEMA}.${TABLE} GROUP BY 1`,
    );
    await owner.end();
    const byClass = (rows: string[][]) => [...rows].sort((a, b) => a[0].localeCompare(b[0]));
    expect(byClass(shown)).toEqual(byClass(expected.rows.map((r) => [r.order_size, String(r.revenue)])));
    expect(shown).toHaveLength(2);
  });
});
