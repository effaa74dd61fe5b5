/**
 * POST /api/v1/sqllab/execute/ against a real PostgreSQL database: limits and limitingFactor, DML
 * refused with nothing changed, multi-statement progress and errors, templates, CTAS/CVAS, timeout,
 * idempotency and access. Each run is checked through the Query read model too.
 */
import { clientId, startSqlLabTestApp, type SqlLabTestApp } from './testing/sqllab-test-app';

let app: SqlLabTestApp;
let db: number;

beforeAll(async () => {
  app = await startSqlLabTestApp();
  db = await app.addDatabase('target');
});
afterAll(async () => {
  await app?.close();
});

const run = (body: Record<string, unknown>) =>
  app.admin.post('/api/v1/sqllab/execute/', { database_id: db, client_id: clientId(), ...body });

describe('limits and limitingFactor (REFERENCE §1.5)', () => {
  it('no LIMIT, dropdown 1000 on 1,200 rows: 1,000 rows, DROPDOWN', async () => {
    const res = await run({ sql: 'SELECT * FROM t1200 ORDER BY id', queryLimit: 1000 });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('success');
    expect(res.body.data).toHaveLength(1000);
    expect(res.body.data[999]).toMatchObject({ id: 1000, name: 'name 1000' });
    expect(res.body.query).toMatchObject({
      state: 'success',
      rows: 1000,
      limit: 1000,
      limitingFactor: 'DROPDOWN',
      progress: 100,
    });
    expect(res.body.columns.map((c: { name: string }) => c.name)).toEqual(['id', 'name', 'value', 'ts']);
    expect(res.body.displayLimitReached).toBeUndefined();
  });

  it('dropdown 10,000: all 1,200 rows, NOT_LIMITED; dropdown 1,200 is also complete', async () => {
    const res = await run({ sql: 'SELECT * FROM t1200', queryLimit: 10000 });
    expect(res.body.data).toHaveLength(1200);
    expect(res.body.query).toMatchObject({ rows: 1200, limitingFactor: 'NOT_LIMITED' });
    const exact = await run({ sql: 'SELECT * FROM t1200', queryLimit: 1200 });
    expect(exact.body.query).toMatchObject({ rows: 1200, limitingFactor: 'NOT_LIMITED' });
  });

  it('LIMIT 10 with dropdown 1000: 10 rows, QUERY; LIMIT 1000 = dropdown: QUERY_AND_DROPDOWN; LIMIT 5000: DROPDOWN', async () => {
    const ten = await run({ sql: 'SELECT * FROM t1200 LIMIT 10', queryLimit: 1000 });
    expect(ten.body.data).toHaveLength(10);
    expect(ten.body.query).toMatchObject({ rows: 10, limit: 10, limitingFactor: 'QUERY' });
    expect(ten.body.query.executedSql).toBe('SELECT * FROM t1200 LIMIT 11');
    const both = await run({ sql: 'SELECT * FROM t1200 LIMIT 1000', queryLimit: 1000 });
    expect(both.body.query).toMatchObject({ rows: 1000, limitingFactor: 'QUERY_AND_DROPDOWN' });
    const bigger = await run({ sql: 'SELECT * FROM t1200 LIMIT 5000', queryLimit: 1000 });
    expect(bigger.body.query).toMatchObject({ rows: 1000, limitingFactor: 'DROPDOWN' });
  });

  it('a LIMIT above the row count is NOT_LIMITED; no dropdown means DEFAULT_SQLLAB_LIMIT', async () => {
    const small = await run({ sql: 'SELECT * FROM t1200 LIMIT 5000', queryLimit: 100000 });
    expect(small.body.query).toMatchObject({ rows: 1200, limitingFactor: 'NOT_LIMITED' });
    const dflt = await run({ sql: 'SELECT * FROM big' });
    expect(dflt.body.query).toMatchObject({ rows: 1000, limit: 1000, limitingFactor: 'DROPDOWN' });
  });

  it('more rows than DISPLAY_MAX_ROW: the browser gets 10,000 and displayLimitReached', async () => {
    const res = await run({ sql: 'SELECT * FROM big', queryLimit: 15000 });
    expect(res.body.data).toHaveLength(10000);
    expect(res.body.displayLimitReached).toBe(true);
    expect(res.body.query).toMatchObject({ rows: 15000, limitingFactor: 'DROPDOWN' });
  });
});

describe('DML', () => {
  it('is refused on a database without allow_dml, with the spec message, and nothing changes', async () => {
    const res = await run({ sql: 'SELECT 1; DELETE FROM victims' });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({
      error_type: 'DML_NOT_ALLOWED_ERROR',
      message:
        'Only `SELECT` statements are allowed against this database: `DELETE FROM victims` changes data (DELETE).',
    });
    expect(await app.targetQuery('SELECT count(*)::int AS n FROM victims')).toEqual([{ n: 3 }]);
  });

  it('a write the parser cannot see is stopped by the read-only transaction', async () => {
    await app.targetQuery(`CREATE FUNCTION sneaky() RETURNS int LANGUAGE sql AS 'DELETE FROM victims RETURNING 1'`);
    const res = await run({ sql: 'SELECT sneaky()' });
    expect(res.status).toBe(400);
    expect(res.body.query.state).toBe('failed');
    expect(res.body.errors[0].message).toMatch(/read-only/);
    expect(await app.targetQuery('SELECT count(*)::int AS n FROM victims')).toEqual([{ n: 3 }]);
  });

  it('runs on a database that allows it', async () => {
    const dml = await app.addDatabase('target-dml', { allow_dml: true });
    const res = await app.admin.post('/api/v1/sqllab/execute/', {
      database_id: dml,
      client_id: clientId(),
      sql: 'INSERT INTO victims VALUES (4); SELECT count(*)::int AS n FROM victims',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([{ n: 4 }]);
    await app.targetQuery('DELETE FROM victims WHERE id = 4');
  });
});

describe('scripts and templates', () => {
  it('runs statements in order on one session and returns the last result', async () => {
    const res = await run({
      sql: "SET LOCAL work_mem = '5MB'; SELECT 2 AS two; SELECT current_setting('work_mem') AS v",
    });
    expect(res.body.data).toEqual([{ v: '5MB' }]);
    expect(res.body.query.extra.progress).toBe('Running statement 3 out of 3');
  });

  it('prefixes an error with its statement number', async () => {
    const res = await run({ sql: 'SELECT 1; SELECT * FROM no_such_table; SELECT 3' });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toMatch(/^\[Statement 2 out of 3\] .*no_such_table/);
    expect(res.body.query).toMatchObject({ state: 'failed' });
    expect(res.body.query.errorMessage).toMatch(/^\[Statement 2 out of 3\]/);
  });

  it('renders templateParams; a missing one is MISSING_TEMPLATE_PARAMS_ERROR and starts nothing', async () => {
    const res = await run({ sql: 'SELECT * FROM t1200 WHERE id = {{ id }}', templateParams: '{"id": 42}' });
    expect(res.body.data).toEqual([expect.objectContaining({ id: 42 })]);
    const id = clientId();
    const missing = await app.admin.post('/api/v1/sqllab/execute/', {
      database_id: db,
      client_id: id,
      sql: 'SELECT {{ nope }}',
    });
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].error_type).toBe('MISSING_TEMPLATE_PARAMS_ERROR');
    expect((await app.admin.get(`/api/v1/query/${id}`)).status).toBe(404);
  });
});

describe('CTAS and CVAS (REFERENCE §1.7)', () => {
  it('creates the table from the last SELECT, even without allow_dml, and offers select_sql', async () => {
    const ctas = await app.addDatabase('target-ctas', { allow_ctas: true, allow_cvas: true });
    const res = await app.admin.post('/api/v1/sqllab/execute/', {
      database_id: ctas,
      client_id: clientId(),
      sql: 'SELECT id, name FROM t1200 WHERE id <= 25',
      select_as_cta: true,
      ctas_method: 'TABLE',
      tmp_table_name: 'ctas_out',
      schema: 'public',
    });
    expect(res.status).toBe(200);
    expect(res.body.query).toMatchObject({
      state: 'success',
      ctas: true,
      tempTable: 'ctas_out',
      tempSchema: 'public',
      rows: 25,
      resultsKey: null,
    });
    expect(res.body.query.selectSql).toBe('SELECT * FROM "public"."ctas_out" LIMIT 1000');
    expect(await app.targetQuery('SELECT count(*)::int AS n FROM ctas_out')).toEqual([{ n: 25 }]);

    const view = await app.admin.post('/api/v1/sqllab/execute/', {
      database_id: ctas,
      client_id: clientId(),
      sql: 'SELECT 1 AS one',
      select_as_cta: true,
      ctas_method: 'VIEW',
      tmp_table_name: 'cvas_out',
    });
    expect(view.status).toBe(200);
    expect(await app.targetQuery('SELECT one FROM cvas_out')).toEqual([{ one: 1 }]);
  });

  it('names the table tmp_<user>_table_<time> by default; refuses a non-SELECT last statement and CTAS where not allowed', async () => {
    const ctas = await app.addDatabase('target-ctas-2', { allow_ctas: true });
    const res = await app.admin.post('/api/v1/sqllab/execute/', {
      database_id: ctas,
      client_id: clientId(),
      sql: 'SELECT 1 AS a',
      select_as_cta: true,
    });
    expect(res.body.query.tempTable).toMatch(/^tmp_\d+_table_\d{4}_\d{2}_\d{2}_\d{2}_\d{2}_\d{2}$/);
    const cvas = await app.admin.post('/api/v1/sqllab/execute/', {
      database_id: ctas,
      client_id: clientId(),
      sql: 'SELECT 1',
      select_as_cta: true,
      ctas_method: 'VIEW',
    });
    expect(cvas.body.errors[0].error_type).toBe('INVALID_CVAS_QUERY_ERROR');
    const notAllowed = await run({ sql: 'SELECT 1', select_as_cta: true });
    expect(notAllowed.body.errors[0].error_type).toBe('INVALID_CTAS_QUERY_ERROR');
    const twoSelects = await app.admin.post('/api/v1/sqllab/execute/', {
      database_id: ctas,
      client_id: clientId(),
      sql: 'SELECT 1; SHOW search_path',
      select_as_cta: true,
    });
    expect(twoSelects.body.errors[0].message).toMatch(/last statement is a SELECT/);
  });

  it('commits nothing but the created table: side effects in its SELECT and a temporary schema are refused', async () => {
    await app.targetQuery('CREATE SEQUENCE IF NOT EXISTS ctas_seq');
    const ctas = await app.addDatabase('target-ctas-3', { allow_ctas: true, allow_cvas: true });
    const ctasRun = (sql: string, extra: Record<string, unknown> = {}) =>
      app.admin.post('/api/v1/sqllab/execute/', {
        database_id: ctas,
        client_id: clientId(),
        sql,
        select_as_cta: true,
        ...extra,
      });
    for (const sql of [
      "SELECT setval('ctas_seq', 500) AS v",
      'SELECT pg_advisory_lock(616161) AS l',
      "SELECT lo_from_bytea(0, 'x') AS o",
    ]) {
      const res = await ctasRun(sql, { tmp_table_name: 'ctas_side_effect' });
      expect({ sql, status: res.status }).toEqual({ sql, status: 400 });
      expect(res.body.errors[0].error_type).toBe('DML_NOT_ALLOWED_ERROR');
    }
    expect(await app.targetQuery(`SELECT last_value::int AS v FROM ctas_seq`)).toEqual([{ v: 1 }]);
    expect(await app.targetQuery(`SELECT count(*)::int AS n FROM pg_largeobject_metadata`)).toEqual([{ n: 0 }]);
    expect(await app.targetQuery(`SELECT to_regclass('ctas_side_effect') IS NULL AS gone`)).toEqual([{ gone: true }]);
    for (const schema of ['pg_temp', 'PG_TEMP_3']) {
      const res = await ctasRun('SELECT 1 AS a', { tmp_table_name: 'victims', schema });
      expect(res.status).toBe(400);
      expect(res.body.errors[0]).toMatchObject({
        error_type: 'INVALID_CTAS_QUERY_ERROR',
        message: expect.stringContaining('temporary schema'),
      });
    }
  });
});

describe('timeout, idempotency, validation and access', () => {
  it('a sync query past the time limit is timed_out with the spec message', async () => {
    const config = app.t.config as { sqllab: { timeoutSec: number; asyncTimeLimitSec: number } };
    const saved = config.sqllab;
    config.sqllab = { ...saved, timeoutSec: 1 };
    try {
      const res = await run({ sql: 'SELECT pg_sleep(5)' });
      expect(res.status).toBe(408);
      expect(res.body.errors[0]).toMatchObject({
        error_type: 'SQLLAB_TIMEOUT_ERROR',
        message: 'The query exceeded the 1 seconds timeout.',
      });
      expect(res.body.query.state).toBe('timed_out');
    } finally {
      config.sqllab = saved;
    }
  });

  it('a second execute with the same client id returns the first run instead of running again', async () => {
    const id = clientId();
    const first = await app.admin.post('/api/v1/sqllab/execute/', {
      database_id: db,
      client_id: id,
      sql: 'SELECT now() AS t',
    });
    const second = await app.admin.post('/api/v1/sqllab/execute/', {
      database_id: db,
      client_id: id,
      sql: 'SELECT now() AS t',
    });
    expect(second.status).toBe(200);
    expect(second.body.data).toEqual(first.body.data);
    expect(second.body.query.queryId).toBe(first.body.query.queryId);
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    for (const body of [
      { client_id: 'short' },
      { sql: '' },
      { tmp_table_name: 'x; drop' },
      { ctas_method: 'INDEX' },
      { database_id: 'abc' },
    ]) {
      const res = await run({ sql: 'SELECT 1', ...body });
      expect(res.status).toBe(400);
      expect(res.body.errors[0].error_type).toBe('INVALID_PAYLOAD_SCHEMA_ERROR');
    }
    expect((await run({ sql: '  ;  -- nothing' })).body.errors[0].error_type).toBe('INVALID_SQL_ERROR');
    expect((await run({ sql: 'SELECT 1', database_id: 999999 })).status).toBe(404);
  });

  it('a database that cannot be reached fails the run with a 4xx in the error shape, never a 500', async () => {
    const down = await app.addDatabase('down', { uri: 'postgresql://postgres@127.0.0.1:1/nothing' });
    const res = await app.admin.post('/api/v1/sqllab/execute/', {
      database_id: down,
      client_id: clientId(),
      sql: 'SELECT 1',
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body.errors[0].error_type).toMatch(/^CONNECTION_|GENERIC_DB_ENGINE_ERROR/);
    expect(res.body.query.state).toBe('failed');
  });

  it('needs the SQL Lab permission and access to the database; a hidden database is refused', async () => {
    const gamma = await app.userClient('gamma', ['Gamma']);
    expect(
      (await gamma.post('/api/v1/sqllab/execute/', { database_id: db, client_id: clientId(), sql: 'SELECT 1' })).status,
    ).toBe(403);
    const analyst = await app.userClient('analyst', ['sql_lab']);
    const noGrant = await analyst.post('/api/v1/sqllab/execute/', {
      database_id: db,
      client_id: clientId(),
      sql: 'SELECT 1',
    });
    expect(noGrant.status).toBe(403);
    expect(noGrant.body.errors[0].error_type).toBe('DATABASE_SECURITY_ACCESS_ERROR');
    const hidden = await app.addDatabase('hidden', { expose_in_sqllab: false });
    expect(
      (await app.admin.post('/api/v1/sqllab/execute/', { database_id: hidden, client_id: clientId(), sql: 'SELECT 1' }))
        .status,
    ).toBe(403);
  });
});
