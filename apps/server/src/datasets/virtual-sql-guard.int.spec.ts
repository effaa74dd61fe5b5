/**
 * A virtual dataset's SQL reaches the database outside SQL Lab (column inference, refresh, every chart
 * query as a subquery), so it passes the same SQL guard (sql-guard/) under the read-only rules, on a
 * real PostgreSQL whose login is a superuser (a badly configured connection: the guard is then the only
 * barrier) and on the embedded examples database (PGlite: one superuser session that only SET ROLE to
 * the reader protects). Refused SQL is a 400 at create and update; a dataset whose stored SQL the guard
 * refuses (stored before the guard) answers chart data and samples with a 400, never runs.
 */
import { CommandBus } from '@nestjs/cqrs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { createChartTestApp } from '../chart-data/testing/chart-test-app';
import { insertDatabase, userClient, type ApiClient } from '../sqllab/bootstrap/rest-testing';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../storage/embedded/embedded-postgres';
import { EMBEDDED_READER_ROLE } from '../storage/storage-runtime';
import type { AuthTestApp } from '../testing/auth-test-app';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { DecideDataset } from './decide-dataset';

const FILE_READ = "SELECT pg_read_file('/etc/hostname') FROM (SELECT set_config('role','postgres',true)) s";
const WRITING_CTE = 'WITH gone AS (DELETE FROM victims RETURNING id) SELECT id FROM gone';
/** Comments, a CTE and strings that only look like what the guard refuses. */
const HARMLESS = `-- set role postgres
WITH kept AS (SELECT id, 'set role postgres; pg_read_file' AS note FROM victims) /* RESET ROLE */
SELECT id, note FROM kept;`;

let t: AuthTestApp;
let admin: ApiClient;
let target: TestDatabase;
let pglite: EmbeddedPostgres;
let home: string;
const db = { postgres: 0, embedded: 0 };
const rows: Record<keyof typeof db, () => Promise<number>> = { postgres: async () => 0, embedded: async () => 0 };

/** `victims` (3 rows), readable by `reader`; written as the examples loader writes to PGlite, whose session is read-only as the reader. */
async function seed(url: string, reader?: string): Promise<() => Promise<number>> {
  const c = new Client({ connectionString: url });
  await c.connect();
  await c.query(
    `BEGIN READ WRITE; SET LOCAL ROLE postgres; CREATE TABLE victims (id int); INSERT INTO victims VALUES (1), (2), (3); ${reader ? `GRANT SELECT ON victims TO ${reader};` : ''} COMMIT`,
  );
  await c.end();
  return async () => {
    const r = new Client({ connectionString: url });
    await r.connect();
    try {
      return (await r.query('SELECT count(*)::int AS n FROM victims')).rows[0].n as number;
    } finally {
      await r.end();
    }
  };
}

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'strata-pglite-dataset-guard-'));
  pglite = await startEmbeddedPostgres({
    name: 'examples',
    dataDir: join(home, 'examples'),
    password: 'dataset-guard-password',
    readerRole: EMBEDDED_READER_ROLE,
  });
  rows.embedded = await seed(pglite.url(), EMBEDDED_READER_ROLE);
  target = await createTestDatabase('dataset_guard');
  rows.postgres = await seed(target.url);
  t = await createChartTestApp();
  admin = await userClient(t, ['Admin']);
  db.postgres = await insertDatabase(t, { name: 'superuser_login', uri: target.url });
  db.embedded = await insertDatabase(t, { name: 'examples', uri: pglite.url(EMBEDDED_READER_ROLE) });
}, 180_000);
afterAll(async () => {
  await t?.close();
  await target?.drop();
  await pglite?.stop();
  rmSync(home, { recursive: true, force: true });
});

const datasetCount = async () =>
  (await t.app.get(DataSource).query('SELECT count(*)::int AS n FROM datasets'))[0].n as number;
let names = 0;
const create = (database: number, sql: string, extra: Record<string, unknown> = {}) =>
  admin.post('/api/v1/dataset/', { database, schema: 'public', table_name: `guarded ${++names}`, sql, ...extra });
const chartData = (id: number, metrics: unknown[] = ['count']) =>
  admin.post('/api/v1/chart/data', {
    datasource: { id, type: 'table' },
    queries: [{ columns: [], metrics, row_limit: 10 }],
  });

describe.each(Object.keys(db) as (keyof typeof db)[])('on %s', (name) => {
  it('refuses a virtual dataset that reads server files after lifting its role, at create, with the guard error; nothing is stored', async () => {
    const before = await datasetCount();
    const attempts = [
      await create(db[name], FILE_READ),
      // Columns given: nothing is inferred, but the SQL would still run in every chart.
      await create(db[name], FILE_READ, { columns: [{ column_name: 'pg_read_file', type: 'TEXT' }] }),
      // The template renders first; the rendered SQL is what the guard reads.
      await create(db[name], "SELECT {{ fn }}('/etc/hostname') AS h", { template_params: '{"fn": "pg_read_file"}' }),
    ];
    for (const res of attempts) {
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([
        expect.objectContaining({
          error_type: 'QUERY_SECURITY_ACCESS_ERROR',
          message: expect.stringMatching(/` is not allowed: .*(pg_read_file|role)/),
        }),
      ]);
    }
    expect(await datasetCount()).toBe(before);
  });

  it('refuses a data-modifying CTE with DML_NOT_ALLOWED_ERROR; the rows stay', async () => {
    const res = await create(db[name], WRITING_CTE);
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({
      error_type: 'DML_NOT_ALLOWED_ERROR',
      message: expect.stringContaining('Only `SELECT` statements are allowed'),
    });
    expect(await rows[name]()).toBe(3);
  });

  it('refuses the same SQL at update (sql or template_params) and keeps the stored query', async () => {
    const made = await create(db[name], 'SELECT id FROM victims WHERE id > {{ min }}', {
      template_params: '{"min": 0}',
    });
    expect(made.status).toBe(201);
    const id = made.body.id as number;
    const sqlChange = await admin.put(`/api/v1/dataset/${id}`, { sql: FILE_READ });
    expect(sqlChange.status).toBe(400);
    expect(sqlChange.body.errors[0].error_type).toBe('QUERY_SECURITY_ACCESS_ERROR');
    const cteChange = await admin.put(`/api/v1/dataset/${id}`, { sql: WRITING_CTE });
    expect(cteChange.status).toBe(400);
    expect(cteChange.body.errors[0].error_type).toBe('DML_NOT_ALLOWED_ERROR');
    const paramsChange = await admin.put(`/api/v1/dataset/${id}`, {
      template_params: `{"min": "0 UNION SELECT length(pg_read_file('/etc/hostname'))"}`,
    });
    expect(paramsChange.status).toBe(400);
    expect(paramsChange.body.errors[0].error_type).toBe('QUERY_SECURITY_ACCESS_ERROR');
    const stored = (await admin.get(`/api/v1/dataset/${id}`)).body.result;
    expect([stored.sql, stored.template_params]).toEqual(['SELECT id FROM victims WHERE id > {{ min }}', '{"min": 0}']);
    expect((await admin.put(`/api/v1/dataset/${id}`, { template_params: '{"min": 1}' })).status).toBe(200);
  });

  it('keeps normal virtual datasets working: a CTE, comments and strings that mention what is refused', async () => {
    const made = await create(db[name], HARMLESS);
    expect(made.status).toBe(201);
    expect(made.body.result.columns.map((c: { column_name: string }) => c.column_name)).toEqual(['id', 'note']);
    const res = await chartData(made.body.id);
    expect(res.status).toBe(200);
    expect(res.body.result[0].data).toEqual([{ count: 3 }]);
    const refreshed = await admin.put(`/api/v1/dataset/${made.body.id}/refresh`, {});
    expect(refreshed.status).toBe(200);
  });

  it('answers chart data, samples and refresh of a dataset whose stored SQL the guard refuses with a 400, never running it', async () => {
    const made = await create(db[name], 'SELECT id FROM victims');
    expect(made.status).toBe(201);
    const id = made.body.id as number;
    // As a dataset saved before the guard: the stored SQL changes without passing the service.
    await t.app
      .get(CommandBus)
      .execute(
        new DecideDataset(
          id,
          { type: 'UpdateDataset', data: { sql: WRITING_CTE } },
          { actor: 'system', undoable: false },
        ),
      );
    for (const res of [
      await chartData(id),
      await admin.post(`/datasource/samples?datasource_id=${id}&datasource_type=table&page=1&per_page=10`, {}),
      await admin.put(`/api/v1/dataset/${id}/refresh`, {}),
    ]) {
      expect(res.status).toBe(400);
      expect(res.body.errors[0]).toMatchObject({ error_type: 'DML_NOT_ALLOWED_ERROR' });
    }
    await t.app
      .get(CommandBus)
      .execute(
        new DecideDataset(
          id,
          { type: 'UpdateDataset', data: { sql: FILE_READ } },
          { actor: 'system', undoable: false },
        ),
      );
    const fileRead = await chartData(id);
    expect(fileRead.status).toBe(400);
    expect(fileRead.body.errors[0].error_type).toBe('QUERY_SECURITY_ACCESS_ERROR');
    expect(await rows[name]()).toBe(3);
  });

  it('refuses a calculated column the chart fragments refuse at create, as at update', async () => {
    const columns = [
      { column_name: 'id', type: 'INTEGER' },
      { column_name: 'host', expression: "pg_read_file('/etc/hostname')" },
    ];
    const before = await datasetCount();
    const res = await create(db[name], 'SELECT id FROM victims', { columns });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({
      error_type: 'INVALID_SQL_ERROR',
      message: expect.stringContaining('pg_read_file'),
    });
    expect(await datasetCount()).toBe(before);
  });

  it('refuses an adhoc metric calling a function that runs SQL text the guard cannot read (ts_stat)', async () => {
    const made = await create(db[name], 'SELECT id FROM victims');
    const res = await chartData(made.body.id, [
      { expressionType: 'SQL', sqlExpression: "ts_stat('SELECT to_tsvector(''simple'', ''a'')')", label: 'words' },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({
      error_type: 'INVALID_SQL_ERROR',
      message: expect.stringContaining('ts_stat'),
    });
  });
});
