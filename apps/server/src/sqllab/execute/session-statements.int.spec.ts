/**
 * POST /api/v1/sqllab/execute/ refuses SQL that would change the session's role or lift read-only mode,
 * on a read-only database and on one that allows DML alike, before anything runs; run-tuning settings
 * such as statement_timeout still go through.
 */
import { clientId, startSqlLabTestApp, type SqlLabTestApp } from './testing/sqllab-test-app';

let app: SqlLabTestApp;
let readOnly: number;
let writable: number;

beforeAll(async () => {
  app = await startSqlLabTestApp();
  readOnly = await app.addDatabase('target');
  writable = await app.addDatabase('target_dml', { allow_dml: true });
});
afterAll(async () => {
  await app?.close();
});

const run = (database_id: number, sql: string) => app.admin.post('/api/v1/sqllab/execute/', { database_id, client_id: clientId(), sql });

it.each([
  ['RESET ROLE', 'RESET ROLE'],
  ["SELECT 1; SELECT set_config('role', 'postgres', false)", "SELECT set_config('role', 'postgres', false)"],
  ['SET TRANSACTION READ WRITE; SELECT 1', 'SET TRANSACTION READ WRITE'],
])('refuses %j with 400 QUERY_SECURITY_ACCESS_ERROR on every database, and records no query', async (sql, what) => {
  for (const db of [readOnly, writable]) {
    const res = await run(db, sql);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      expect.objectContaining({ error_type: 'QUERY_SECURITY_ACCESS_ERROR', message: expect.stringContaining(`\`${what}\` is not allowed in SQL Lab`) }),
    ]);
    expect(res.body.query).toBeUndefined();
  }
  expect(await app.metaQuery(`SELECT count(*)::int AS n FROM query WHERE sql = $1`, [sql])).toEqual([{ n: 0 }]);
});

it('keeps SET statement_timeout allowed', async () => {
  const res = await run(readOnly, 'SET statement_timeout = 5000; SELECT 1 AS one');
  expect(res.status).toBe(200);
  expect(res.body.data).toEqual([{ one: 1 }]);
});

it('a read-only run leaves no session setting behind for the next run on the connection', async () => {
  // set_config in a SELECT is allowed for harmless settings; the run is rolled back, which undoes it.
  const changed = await run(readOnly, "SELECT set_config('search_path', 'nowhere', false) AS path");
  expect(changed.body.data).toEqual([{ path: 'nowhere' }]);
  for (let i = 0; i < 3; i++) {
    const next = await run(readOnly, "SELECT current_setting('search_path') AS path");
    expect(next.body.data[0].path).not.toBe('nowhere');
  }
});
