import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { createUser, gammaUser } from './dashboard-support';
import { Stage } from './stage';

// Issue 15 item 1, Database Connections: the admin connects a second PostgreSQL database (one this spec
// makes on the machine's PostgreSQL, with an ordinary login) through the page, sees a wrong MariaDB
// password answered in words, and saves it. A Gamma user sees no menu entry, no database in the API,
// and gets 403 on a change.

const stage = new Stage('databases');
const suffix = randomBytes(3).toString('hex');
const dbName = `strata_e2e_conn_${suffix}`;
const login = `strata_e2e_reader_${suffix}`;
const admin = () => new Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'postgres' });

beforeAll(async () => {
  const pg = admin();
  await pg.connect();
  await pg.query(`CREATE ROLE ${login} LOGIN PASSWORD 'reader-pw'`);
  await pg.query(`CREATE DATABASE ${dbName} OWNER ${login}`);
  await pg.end();
  await stage.start();
  await createUser(stage.api, stage.adminToken, gammaUser('gina', 'gina-e2e-password'));
}, 300_000);

afterAll(async () => {
  await stage.stop();
  const pg = admin();
  await pg.connect();
  await pg.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await pg.query(`DROP ROLE IF EXISTS ${login}`);
  await pg.end();
});

describe('Database Connections (Chromium)', () => {
  it('the admin tests and connects a PostgreSQL database; a wrong password is said in words', async () => {
    const page = await stage.signIn('admin', stage.server.adminPassword);
    await page.goto(`${stage.server.baseUrl}/`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Database Connections' }).click();
    await page.getByRole('heading', { name: 'Databases' }).waitFor();
    await page.getByRole('button', { name: '+ Database' }).click();
    const dialog = page.getByRole('dialog');

    // MariaDB on this machine, root with a wrong password: the engine's refusal, translated.
    await dialog.getByLabel('Engine', { exact: true }).selectOption('mariadb');
    await dialog.getByLabel('Host', { exact: true }).fill('127.0.0.1');
    await dialog.getByLabel('Database name', { exact: true }).fill('mysql');
    await dialog.getByLabel('Username', { exact: true }).fill('root');
    await dialog.getByLabel('Password', { exact: true }).fill('certainly-wrong');
    await dialog.getByRole('button', { name: 'Test connection' }).click();
    const failed = dialog.getByRole('alert', { name: 'Connection test' });
    await failed.getByText('Access denied: wrong username or password').waitFor();

    await dialog.getByLabel('Display name', { exact: true }).fill('Second PostgreSQL');
    await dialog.getByLabel('Engine', { exact: true }).selectOption('postgresql');
    expect(await dialog.getByLabel('Port', { exact: true }).inputValue()).toBe('5432');
    await dialog.getByLabel('Database name', { exact: true }).fill(dbName);
    await dialog.getByLabel('Username', { exact: true }).fill(login);
    await dialog.getByLabel('Password', { exact: true }).fill('reader-pw');
    await dialog.getByRole('button', { name: 'Test connection' }).click();
    await dialog.getByRole('status', { name: 'Connection test' }).getByText('Connection looks good!').waitFor();
    await dialog.getByRole('button', { name: 'Connect', exact: true }).click();
    await page.getByTestId('database-Second PostgreSQL').waitFor();

    const list = await stage.api.call<{ result: { database_name: string; sqlalchemy_uri: string }[] }>(
      'GET',
      '/api/v1/database/',
      stage.adminToken,
    );
    const saved = list.body.result.find((d) => d.database_name === 'Second PostgreSQL')!;
    expect(saved.sqlalchemy_uri).toBe(`postgresql://${login}:XXXXXXXXXX@127.0.0.1:5432/${dbName}`);
  });

  it('a Gamma user sees no menu entry and no database, and may not change one', async () => {
    const page = await stage.signIn('gina', 'gina-e2e-password');
    await page.goto(`${stage.server.baseUrl}/`);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Charts' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Database Connections' }).count()).toBe(0);
    const token = await stage.api.token('gina', 'gina-e2e-password');
    const list = await stage.api.call<{ count: number }>('GET', '/api/v1/database/', token);
    expect(list.body.count).toBe(0);
    const created = await stage.api.call('POST', '/api/v1/database/', token, {
      database_name: 'mine',
      sqlalchemy_uri: `postgresql://${login}@127.0.0.1:5432/${dbName}`,
    });
    expect(created.status).toBe(403);
  });
});
