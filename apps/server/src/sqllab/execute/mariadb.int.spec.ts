/**
 * The same SQL Lab contract on MariaDB (the machine's server, root without password): limits and
 * limitingFactor, DML refused with nothing changed, CTAS, Stop cancelling with KILL QUERY (the
 * processlist shows an hour-long SLEEP gone within the test's time limit), and the CSV export of every row.
 */
import { randomBytes } from 'node:crypto';
import { createConnection, type Connection } from 'mysql2/promise';
import { clientId, startSqlLabTestApp, type SqlLabTestApp } from './testing/sqllab-test-app';

const MARIADB = { host: '127.0.0.1', port: 3306, user: 'root', password: '' };
const schema = `sqllab_${randomBytes(4).toString('hex')}`;
let admin: Connection;
let app: SqlLabTestApp;
let db: number;
let ctasDb: number;

beforeAll(async () => {
  admin = await createConnection({ ...MARIADB, multipleStatements: true });
  await admin.query(`SET SESSION max_recursive_iterations = 100000; CREATE DATABASE ${schema}; USE ${schema};
    CREATE TABLE t1200 (id INT PRIMARY KEY, name VARCHAR(20));
    INSERT INTO t1200 WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < 1200) SELECT n, CONCAT('name ', n) FROM s;
    CREATE TABLE big (id INT PRIMARY KEY);
    INSERT INTO big WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < 20000) SELECT n FROM s;
    CREATE TABLE victims (id INT); INSERT INTO victims VALUES (1), (2), (3);`);
  app = await startSqlLabTestApp();
  db = await app.addDatabase('mariadb', { uri: `mysql://root@127.0.0.1:3306/${schema}` });
  ctasDb = await app.addDatabase('mariadb-ctas', { uri: `mysql://root@127.0.0.1:3306/${schema}`, allow_ctas: true });
}, 60_000);
afterAll(async () => {
  await app?.close();
  await admin?.query(`DROP DATABASE IF EXISTS ${schema}`);
  await admin?.end();
});

const run = (body: Record<string, unknown>, database = db) =>
  app.admin.post('/api/v1/sqllab/execute/', { database_id: database, client_id: clientId(), ...body });
const count = async (table: string) =>
  ((await admin.query(`SELECT COUNT(*) AS n FROM ${schema}.${table}`)) as unknown as [{ n: number }[]])[0][0].n;

it('limits: DROPDOWN 1000 of 1200, NOT_LIMITED with 10000, QUERY for LIMIT 10', async () => {
  const dropdown = await run({ sql: 'SELECT * FROM t1200 ORDER BY id', queryLimit: 1000 });
  expect(dropdown.status).toBe(200);
  expect(dropdown.body.data).toHaveLength(1000);
  expect(dropdown.body.query).toMatchObject({ rows: 1000, limitingFactor: 'DROPDOWN' });
  const all = await run({ sql: 'SELECT * FROM t1200', queryLimit: 10000 });
  expect(all.body.query).toMatchObject({ rows: 1200, limitingFactor: 'NOT_LIMITED' });
  const ten = await run({ sql: 'SELECT * FROM t1200 LIMIT 10', queryLimit: 1000 });
  expect(ten.body.query).toMatchObject({ rows: 10, limitingFactor: 'QUERY' });
});

it('refuses DML without allow_dml and changes nothing', async () => {
  const res = await run({ sql: 'DELETE FROM victims' });
  expect(res.status).toBe(400);
  expect(res.body.errors[0].error_type).toBe('DML_NOT_ALLOWED_ERROR');
  expect(await count('victims')).toBe(3);
});

it('a committed run (allow_dml) leaves no session variable or GET_LOCK lock to the next run on the pool', async () => {
  const dml = await app.addDatabase('mariadb-dml', { uri: `mysql://root@127.0.0.1:3306/${schema}`, allow_dml: true });
  const lock = `strata_reset_${schema}`;
  const first = await run({ sql: `SET SESSION sql_select_limit = 3; SELECT GET_LOCK('${lock}', 0) AS got` }, dml);
  expect(first.body.data).toEqual([{ got: 1 }]);
  for (let i = 0; i < 3; i++) {
    const next = await run(
      { sql: `SELECT @@session.sql_select_limit < 1000 AS limited, IS_USED_LOCK('${lock}') IS NULL AS free` },
      dml,
    );
    expect(next.body.data).toEqual([{ limited: 0, free: 1 }]);
  }
});

it("refuses what reaches the server's files or lifts read-only mode, on every database", async () => {
  for (const sql of [
    "SELECT LOAD_FILE('/etc/passwd')",
    'SET @@session.transaction_read_only = 0',
    "SELECT 1 INTO OUTFILE '/tmp/strata-x'",
  ]) {
    const res = await run({ sql });
    expect({ sql, status: res.status }).toEqual({ sql, status: 400 });
    expect(res.body.errors[0].error_type).toBe('QUERY_SECURITY_ACCESS_ERROR');
  }
});

it('CTAS creates its table', async () => {
  const res = await run(
    { sql: 'SELECT id FROM t1200 WHERE id <= 7', select_as_cta: true, tmp_table_name: 'ctas_out' },
    ctasDb,
  );
  expect(res.status).toBe(200);
  expect(res.body.query).toMatchObject({ state: 'success', tempTable: 'ctas_out' });
  expect(await count('ctas_out')).toBe(7);
});

/** Polls `probe`; the bound is generous (a loaded machine is slow, not failing) and below the test's own. */
async function until(probe: () => Promise<boolean>, what: string): Promise<void> {
  for (const deadline = Date.now() + 30_000; !(await probe());) {
    if (Date.now() > deadline) throw new Error(`still not true: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

it('Stop kills the running statement in MariaDB', async () => {
  const id = clientId();
  // An hour-long statement: only the Stop ends it within the test's time limit.
  const running = run({ client_id: id, sql: 'SELECT SLEEP(3600)' });
  const sleeping = async () =>
    (
      (await admin.query(
        `SELECT ID FROM information_schema.PROCESSLIST WHERE INFO LIKE 'SELECT SLEEP(3600)%'`,
      )) as unknown as [unknown[]]
    )[0].length;
  await until(async () => (await sleeping()) === 1, 'the statement to run');
  await app.admin.post('/api/v1/query/stop', { client_id: id });
  await until(async () => (await sleeping()) === 0, 'the statement to be gone');
  expect((await running).body.status).toBe('stopped');
});

it('SQLLAB_TIMEOUT stops a run on MariaDB (SLEEP returns normally when interrupted: the run still times out), and its CSV export', async () => {
  await app.withTimeout(1, async () => {
    const id = clientId();
    const res = await run({ client_id: id, sql: 'SELECT SLEEP(5) AS s' });
    expect(res.body.query).toMatchObject({ state: 'timed_out' });
    expect(res.body.errors[0]).toMatchObject({ error_type: 'SQLLAB_TIMEOUT_ERROR' });
    const csv = await fetch(`${app.t.url}/api/v1/sqllab/export/${id}/`, {
      headers: { authorization: `Bearer ${app.admin.token}` },
    });
    if (csv.status === 200) await expect(csv.text()).rejects.toThrow();
    else
      expect(((await csv.json()) as { errors: { error_type: string }[] }).errors[0]!.error_type).toBe(
        'SQLLAB_TIMEOUT_ERROR',
      );
  });
});

it('the CSV export holds all 20,000 rows while the dropdown kept 1,000', async () => {
  const id = clientId();
  const res = await run({ client_id: id, sql: 'SELECT id FROM big ORDER BY id', queryLimit: 1000 });
  expect(res.body.data).toHaveLength(1000);
  const csv = await app.admin.get(`/api/v1/sqllab/export/${id}/`);
  const lines = (csv.body as string).trimEnd().split('\r\n');
  expect(lines).toHaveLength(20001);
  expect(lines[20000]).toBe('20000');
});

it('the CSV export stops at SQL_MAX_ROW (100,000) on a statement that would return a trillion rows, without draining them', async () => {
  const id = clientId();
  // Draining a trillion rows would take days, far past the test's time limit.
  await app.admin.post('/api/v1/sqllab/execute/', {
    database_id: db,
    client_id: id,
    sql: 'SELECT seq AS n FROM seq_1_to_1000000000000',
    queryLimit: 10,
  });
  const csv = await app.admin.get(`/api/v1/sqllab/export/${id}/`);
  expect(csv.status).toBe(200);
  const lines = (csv.body as string).trimEnd().split('\r\n');
  expect(lines).toHaveLength(100_001);
  expect(lines[100_000]).toBe('100000');
});
