import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { Stage } from './stage';
import { ARTIFACTS } from './support';

// Issue 15 item 3, "Upload a file": a 50,000-row CSV the test writes is uploaded through the page into a
// database that allows uploads (one this spec makes on the machine's PostgreSQL); the progress bar shows
// while it is sent and loaded, then the table is counted in SQL Lab and opened in Explore as a dataset.

const stage = new Stage('upload');
const suffix = randomBytes(3).toString('hex');
const dbName = `strata_e2e_upload_${suffix}`;
const table = `orders_${suffix}`;
const ROWS = 50_000;
const pgAdmin = () => new Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'postgres' });
let csvPath = '';

beforeAll(async () => {
  const pg = pgAdmin();
  await pg.connect();
  await pg.query(`CREATE DATABASE ${dbName}`);
  await pg.end();
  const lines = ['id,city,amount,day'];
  const cities = ['Paris', 'Lyon', 'Nantes', 'Lille'];
  for (let i = 1; i <= ROWS; i++)
    lines.push(`${i},${cities[i % 4]},${(i % 1000) / 10},2024-${String((i % 12) + 1).padStart(2, '0')}-15`);
  csvPath = join(mkdtempSync(join(tmpdir(), 'strata-upload-')), `${table}.csv`);
  writeFileSync(csvPath, lines.join('\n') + '\n');
  await stage.start();
  const created = await stage.api.call('POST', '/api/v1/database/', stage.adminToken, {
    database_name: 'Uploads',
    sqlalchemy_uri: `postgresql://postgres@127.0.0.1:5432/${dbName}`,
    expose_in_sqllab: true,
    allow_file_upload: true,
    extra: JSON.stringify({ schemas_allowed_for_file_upload: ['public'] }),
    confirm_dangerous_login: true,
  });
  expect(created.status).toBe(201);
}, 300_000);

afterAll(async () => {
  await stage.stop();
  const pg = pgAdmin();
  await pg.connect();
  await pg.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await pg.end();
});

describe('Upload a file (Chromium)', () => {
  it('uploads a 50,000-row CSV with a progress bar; SQL Lab counts it and Explore opens it', async () => {
    const page = await stage.signIn('admin', stage.server.adminPassword);
    await page.goto(`${stage.server.baseUrl}/`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Upload file' }).waitFor();
    // From the databases list: the "Upload file" entry of a database that allows uploads chooses it.
    await page.goto(`${stage.server.baseUrl}/databaseview/list/`);
    await page.getByRole('link', { name: 'Upload a CSV or Excel file to Uploads' }).click();
    await page.getByRole('heading', { name: 'Upload file to database' }).waitFor();
    const database = page.getByLabel('Database', { exact: true });
    await database.locator('option', { hasText: /^Uploads$/ }).waitFor({ state: 'attached' });
    await page.waitForFunction(
      () =>
        (document.querySelector('select[aria-label="Database"]') as HTMLSelectElement | null)?.selectedOptions[0]
          ?.text === 'Uploads',
    );
    // The embedded examples database refuses uploads: it is listed, disabled, with the reason.
    const refusing = database.locator('option', { hasText: '(does not allow file uploads)' });
    expect(await refusing.count()).toBeGreaterThan(0);
    expect(await refusing.first().isDisabled()).toBe(true);
    await page.getByLabel('File (CSV or Excel)').setInputFiles(csvPath);
    expect(await page.getByLabel('Table name').inputValue()).toBe(table);
    // Inferred from the first rows, editable: amount stays float, day a date, id an integer.
    await page.getByLabel('Type of amount').waitFor();
    expect(await page.getByLabel('Type of id').inputValue()).toBe('integer');
    expect(await page.getByLabel('Type of day').inputValue()).toBe('date');
    await page.getByLabel('Type of amount').selectOption('float');
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByLabel('Upload progress').waitFor();
    await page.getByRole('status').getByText(`50,000 rows loaded into public.${table}.`).waitFor({ timeout: 120_000 });

    const exploreHref = await page.getByRole('link', { name: 'Explore' }).getAttribute('href');
    await page.getByRole('button', { name: 'Open in SQL Lab' }).click();
    await page.waitForURL(/\/sqllab\//);
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const grid = page.getByRole('grid', { name: 'Query results' });
    await grid.getByText(/^50,?000$/).waitFor({ timeout: 60_000 });

    await page.goto(`${stage.server.baseUrl}${exploreHref}`);
    const columns = page.getByRole('complementary', { name: 'Dataset' }).getByRole('list', { name: 'Dataset columns' });
    try {
      await columns.getByText('city').first().waitFor();
      await columns.getByText('amount').first().waitFor();
    } finally {
      await page.screenshot({ path: join(ARTIFACTS, 'upload-explore.png') });
    }
  });
});
