/**
 * runReadOnly is the last step before a chart query reaches the database: whatever built the SQL, the
 * SQL guard reads the whole text with PostgreSQL's own parser and refuses before a connection is taken.
 */
import { Client } from 'pg';
import { createEngine } from '../engines/create-engine';
import { parseConnectionUri } from '../engines/connection-uri';
import type { QueryEngine } from '../engines/query-engine';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { runReadOnly } from './run-sql';
import { ChartQueryError } from './sql/datasource-sql';

let db: TestDatabase;
let engine: QueryEngine;
const options = { maxRows: 10, timeoutMs: 30_000 };

beforeAll(async () => {
  db = await createTestDatabase('run_sql_guard');
  const c = new Client({ connectionString: db.url });
  await c.connect();
  await c.query('CREATE TABLE victims (id int); INSERT INTO victims VALUES (1), (2), (3)');
  await c.end();
  engine = createEngine(parseConnectionUri(db.url));
});
afterAll(async () => {
  await engine?.close();
  await db?.drop();
});

it.each([
  ["SELECT pg_read_file('/etc/hostname') AS h FROM victims", 'QUERY_SECURITY_ACCESS_ERROR'],
  ["SELECT n FROM (SELECT set_config('role', 'postgres', true) AS n) AS virtual_table", 'QUERY_SECURITY_ACCESS_ERROR'],
  ['WITH gone AS (DELETE FROM victims RETURNING id) SELECT count(*) FROM gone', 'DML_NOT_ALLOWED_ERROR'],
  ['SELECT 1; SELECT 2', 'INVALID_SQL_ERROR'],
])('refuses %j with %s before it runs', async (sql, errorType) => {
  const refused = await runReadOnly(engine, { sql, parameters: [] }, options).then(
    () => null,
    (err: unknown) => err,
  );
  expect(refused).toBeInstanceOf(ChartQueryError);
  expect((refused as ChartQueryError).errorType).toBe(errorType);
});

it('runs a generated query with bound values', async () => {
  const result = await runReadOnly(
    engine,
    { sql: 'SELECT count(*)::int AS n FROM victims WHERE id >= $1', parameters: [2] },
    options,
  );
  expect(result.rows).toEqual([{ n: 2 }]);
});

it("reads at most maxRows of SQL without its own LIMIT (an alert's), and a generated query's rows whole", async () => {
  const series = 'SELECT generate_series(1, 50) AS n';
  expect((await runReadOnly(engine, { sql: series, parameters: [] }, options)).rows).toHaveLength(10);
  const limited = await runReadOnly(
    engine,
    { sql: 'SELECT id FROM victims ORDER BY id LIMIT $1', parameters: [2] },
    { ...options, limited: true },
  );
  expect(limited.rows).toEqual([{ id: 1 }, { id: 2 }]);
  // Whatever a limited query returns, never more than maxRows reach the caller.
  expect((await runReadOnly(engine, { sql: series, parameters: [] }, { ...options, limited: true })).rows).toHaveLength(
    10,
  );
});
