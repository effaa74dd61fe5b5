/**
 * The server's SQL Lab settings against a real PostgreSQL: SQLLAB_FORCE_RUN_ASYNC sends a run that asked
 * to be sync to the queue, SQLLAB_PAYLOAD_MAX_MB fails a run whose result is too large with a clear
 * error (and stores nothing), and expand_data turns JSON object columns into columns.
 */
import type { SqlLabTimeouts } from '../../config/app-config';
import { clientId, startSqlLabTestApp, type SqlLabTestApp } from './testing/sqllab-test-app';

let app: SqlLabTestApp;
let db: number;
let settings: SqlLabTimeouts;

beforeAll(async () => {
  app = await startSqlLabTestApp();
  db = await app.addDatabase('target');
  settings = app.t.config.sqllab;
});
afterAll(async () => {
  await app?.close();
});
afterEach(() => {
  // The settings are read at each request; each test switches its own and puts them back.
  delete settings.forceRunAsync;
  delete settings.payloadMaxMb;
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const run = (body: Record<string, unknown>) =>
  app.admin.post('/api/v1/sqllab/execute/', { database_id: db, client_id: clientId(), ...body });

it('SQLLAB_FORCE_RUN_ASYNC: a sync request on a database without allow_run_async answers 202 and runs on the queue', async () => {
  settings.forceRunAsync = true;
  const res = await run({ sql: 'SELECT 42 AS answer', runAsync: false });
  expect(res.status).toBe(202);
  expect(res.body.query).toMatchObject({ state: 'pending', runAsync: true });
  let q = res.body.query;
  // Polled with a generous bound: a loaded machine is slow, not failing.
  for (const deadline = Date.now() + 30_000; q.state !== 'success' && Date.now() < deadline;) {
    await sleep(50);
    q = (await app.admin.get(`/api/v1/query/${q.id}`)).body.result;
  }
  expect(q.state).toBe('success');
  const results = await app.admin.get(`/api/v1/sqllab/results/?q=${encodeURIComponent(`(key:'${q.resultsKey}')`)}`);
  expect(results.body.data).toEqual([{ answer: 42 }]);
});

it('SQLLAB_PAYLOAD_MAX_MB: a result over the cap fails with RESULT_TOO_LARGE_ERROR naming the cap; a small one passes', async () => {
  settings.payloadMaxMb = 0.5;
  // 20,000 rows of an id and a 32-character hash: about 1 MB of JSON.
  const res = await run({ sql: 'SELECT id, h FROM big', queryLimit: 20000 });
  expect(res.status).toBe(413);
  expect(res.body.errors[0]).toMatchObject({ error_type: 'RESULT_TOO_LARGE_ERROR' });
  expect(res.body.errors[0].message).toMatch(
    /^The query's result grew past the 0\.5 MB this server allows \(SQLLAB_PAYLOAD_MAX_MB\)/,
  );
  expect(res.body.query).toMatchObject({ state: 'failed', resultsKey: null });
  const small = await run({ sql: 'SELECT id, h FROM big', queryLimit: 100 });
  expect(small.status).toBe(200);
  expect(small.body.data).toHaveLength(100);
});

it('SQLLAB_PAYLOAD_MAX_MB is checked while the rows are read: the statement stops there, the rows past it are never computed', async () => {
  settings.payloadMaxMb = 0.5;
  // About 55 bytes of JSON a row: the cap is reached near row 9,500; row 15,000 would divide by zero.
  const sql = 'SELECT g AS id, md5(g::text) AS h, 1 / (15000 - g) AS boom FROM generate_series(1, 20000) g';
  const res = await run({ sql, queryLimit: 20000 });
  expect(res.body.errors?.[0]).toMatchObject({ error_type: 'RESULT_TOO_LARGE_ERROR' });
  expect(res.status).toBe(413);
  // The same statement under the cap shows its rows (no division by zero before row 15,000).
  const small = await run({ sql, queryLimit: 1000 });
  expect(small.status).toBe(200);
  expect(small.body.data).toHaveLength(1000);
});

it('a result within the default cap (no SQLLAB_PAYLOAD_MAX_MB) and with 0 (no cap) passes; one row past the limit is dropped', async () => {
  for (const cap of [undefined, 0]) {
    settings.payloadMaxMb = cap;
    const res = await run({ sql: 'SELECT id, h FROM big ORDER BY id', queryLimit: 2000 });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(2000);
    expect(res.body.data[1999]).toEqual({ id: 2000, h: expect.any(String) });
    expect(res.body.query).toMatchObject({ rows: 2000 });
  }
});

it('expand_data: JSON object columns become one column per key, listed in expanded_columns', async () => {
  const sql = `SELECT 1 AS id, '{"city": "Paris", "pop": 2.1}'::json AS info UNION ALL SELECT 2, '{"city": "Lyon"}'::json ORDER BY id`;
  const res = await run({ sql, expand_data: true });
  expect(res.status).toBe(200);
  expect(res.body.selected_columns.map((c: { name: string }) => c.name)).toEqual(['id', 'info']);
  expect(
    res.body.expanded_columns.map((c: { name: string; type_generic: number }) => [c.name, c.type_generic]),
  ).toEqual([
    ['info.city', 1],
    ['info.pop', 0],
  ]);
  expect(res.body.columns.map((c: { name: string }) => c.name)).toEqual(['id', 'info', 'info.city', 'info.pop']);
  expect(res.body.data[1]).toEqual({ id: 2, info: { city: 'Lyon' }, 'info.city': 'Lyon', 'info.pop': null });
  const plain = await run({ sql });
  expect(plain.body.expanded_columns).toEqual([]);
  expect(plain.body.data[1]).toEqual({ id: 2, info: { city: 'Lyon' } });
});
