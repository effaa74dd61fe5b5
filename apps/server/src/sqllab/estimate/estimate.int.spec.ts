import { Client } from 'pg';
import { createAuthTestApp, type AuthTestApp } from '../../testing/auth-test-app';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { insertDatabase, userClient, type ApiClient } from '../bootstrap/rest-testing';
import { EstimateModule } from './estimate.module';

describe('POST /api/v1/sqllab/estimate/ (real HTTP, a real PostgreSQL to estimate on)', () => {
  let t: AuthTestApp;
  let userDb: TestDatabase;
  let admin: ApiClient;
  let analyst: ApiClient;
  let dbId: number;
  let noEstimateId: number;

  beforeAll(async () => {
    userDb = await createTestDatabase('estimate_userdb');
    const c = new Client({ connectionString: userDb.url });
    await c.connect();
    await c.query(`CREATE TABLE flights (id serial PRIMARY KEY, origin text, delay integer)`);
    await c.query(`INSERT INTO flights (origin, delay) SELECT 'SEA', g FROM generate_series(1, 1000) g`);
    await c.query('ANALYZE flights');
    await c.end();
    t = await createAuthTestApp({ extraModules: [EstimateModule.withTimeout(1500)] });
    admin = await userClient(t, ['Admin']);
    analyst = await userClient(t, ['sql_lab']);
    dbId = await insertDatabase(t, { name: 'userdb', uri: userDb.url, allows_cost_estimate: true });
    noEstimateId = await insertDatabase(t, { name: 'no-estimates', uri: userDb.url, allows_cost_estimate: false });
  });
  afterAll(async () => {
    await t.close();
    await userDb.drop();
  });

  it("answers one cost per statement, as PostgreSQL's EXPLAIN reports them, with the template rendered", async () => {
    const res = await admin.post('/api/v1/sqllab/estimate/', {
      database_id: dbId,
      sql: "SELECT * FROM flights WHERE origin = '{{ airport }}'; SELECT count(*) FROM flights",
      template_params: '{"airport": "SEA"}',
      schema: 'public',
      catalog: null,
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toHaveLength(2);
    for (const cost of res.body.result) {
      expect(Object.keys(cost)).toEqual(['Start-up cost', 'Total cost']);
      expect(cost['Total cost']).toMatch(/^\d+\.\d{2}$/);
    }
    expect(Number(res.body.result[0]['Total cost'])).toBeGreaterThan(0);
  });

  it('refuses databases without cost estimation, unknown databases, and users without access to the database', async () => {
    const off = await admin.post('/api/v1/sqllab/estimate/', { database_id: noEstimateId, sql: 'SELECT 1' });
    expect(off.status).toBe(400);
    expect(off.body.errors[0].message).toBe('Database does not support cost estimation');
    expect((await admin.post('/api/v1/sqllab/estimate/', { database_id: 999999, sql: 'SELECT 1' })).status).toBe(404);
    const denied = await analyst.post('/api/v1/sqllab/estimate/', { database_id: dbId, sql: 'SELECT 1' });
    expect(denied.status).toBe(403);
    expect(denied.body.errors[0].error_type).toBe('DATABASE_SECURITY_ACCESS_ERROR');
  });

  it("estimates on a database granted to one of the user's roles and refuses one that is not granted", async () => {
    const grantee = await userClient(t, ['sql_lab', 'Gamma']);
    const ungrantedId = await insertDatabase(t, {
      name: 'userdb-ungranted',
      uri: userDb.url,
      allows_cost_estimate: true,
    });
    expect((await grantee.post('/api/v1/sqllab/estimate/', { database_id: dbId, sql: 'SELECT 1' })).status).toBe(403);
    expect((await admin.put(`/api/v1/database/${dbId}/access`, { roles: ['Gamma'] })).status).toBe(200);
    const granted = await grantee.post('/api/v1/sqllab/estimate/', {
      database_id: dbId,
      sql: 'SELECT count(*) FROM flights',
    });
    expect(granted.status).toBe(200);
    expect(granted.body.result).toHaveLength(1);
    expect(Number(granted.body.result[0]['Total cost'])).toBeGreaterThan(0);
    const denied = await grantee.post('/api/v1/sqllab/estimate/', { database_id: ungrantedId, sql: 'SELECT 1' });
    expect(denied.status).toBe(403);
    expect(denied.body.errors[0].error_type).toBe('DATABASE_SECURITY_ACCESS_ERROR');
    // The grant is per role: sql_lab alone is still refused; revoking closes it again.
    expect((await analyst.post('/api/v1/sqllab/estimate/', { database_id: dbId, sql: 'SELECT 1' })).status).toBe(403);
    expect((await admin.put(`/api/v1/database/${dbId}/access`, { roles: [] })).status).toBe(200);
    expect((await grantee.post('/api/v1/sqllab/estimate/', { database_id: dbId, sql: 'SELECT 1' })).status).toBe(403);
  });

  it('answers 400 for bad bodies, bad SQL and missing template parameters', async () => {
    for (const body of [{}, { database_id: dbId }, { sql: 'SELECT 1' }, { database_id: 'x', sql: 'SELECT 1' }]) {
      const res = await admin.post('/api/v1/sqllab/estimate/', body);
      expect(res.status).toBe(400);
      expect(res.body.errors[0].error_type).toBe('INVALID_PAYLOAD_SCHEMA_ERROR');
    }
    const missingTable = await admin.post('/api/v1/sqllab/estimate/', {
      database_id: dbId,
      sql: 'SELECT * FROM no_such_table',
    });
    expect(missingTable.status).toBe(400);
    expect(missingTable.body.errors[0]).toMatchObject({ error_type: 'TABLE_DOES_NOT_EXIST_ERROR' });
    const missingParam = await admin.post('/api/v1/sqllab/estimate/', { database_id: dbId, sql: 'SELECT {{ x }}' });
    expect(missingParam.status).toBe(400);
    expect(missingParam.body.errors[0].error_type).toBe('MISSING_TEMPLATE_PARAMS_ERROR');
  });

  it('never runs what it was asked to estimate: EXPLAIN ANALYZE and refused statements are refused before EXPLAIN', async () => {
    const locks = async () => {
      const c = new Client({ connectionString: userDb.url });
      await c.connect();
      try {
        return (await c.query(`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND objid = 515151`))
          .rows[0].n as number;
      } finally {
        await c.end();
      }
    };
    // The engine sends `EXPLAIN <sql>`: text starting with ANALYZE would make it run the statement.
    for (const sql of [
      'ANALYZE SELECT pg_advisory_lock(515151)',
      'ANALYZE DELETE FROM flights',
      "SELECT set_config('ro'||'le', 'postgres', false)",
      'EXPLAIN ANALYZE DELETE FROM flights',
    ]) {
      const res = await admin.post('/api/v1/sqllab/estimate/', { database_id: dbId, sql });
      expect({ sql, status: res.status }).toEqual({ sql, status: 400 });
      expect(['SYNTAX_ERROR', 'QUERY_SECURITY_ACCESS_ERROR', 'DML_NOT_ALLOWED_ERROR']).toContain(
        res.body.errors[0].error_type,
      );
    }
    const lockOnly = await admin.post('/api/v1/sqllab/estimate/', {
      database_id: dbId,
      sql: 'SELECT pg_advisory_lock(515151)',
    });
    expect(lockOnly.body.errors[0]).toMatchObject({
      error_type: 'DML_NOT_ALLOWED_ERROR',
      message: expect.stringContaining('pg_advisory_lock()'),
    });
    expect(await locks()).toBe(0);
    const c = new Client({ connectionString: userDb.url });
    await c.connect();
    expect((await c.query('SELECT count(*)::int AS n FROM flights')).rows).toEqual([{ n: 1000 }]);
    await c.end();
  });

  it('gives SQLLAB_TIMEOUT_ERROR when the estimate takes longer than the timeout', async () => {
    // Another session holds an exclusive lock: planning a query on the table waits for it.
    const locker = new Client({ connectionString: userDb.url });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE flights IN ACCESS EXCLUSIVE MODE');
      // The answer comes while the lock is still held (released in finally): the estimate did not wait for it.
      const res = await admin.post('/api/v1/sqllab/estimate/', { database_id: dbId, sql: 'SELECT * FROM flights' });
      expect(res.status).toBe(408);
      expect(res.body.errors[0].error_type).toBe('SQLLAB_TIMEOUT_ERROR');
      expect(res.body.errors[0].message).toMatch(/^The query estimation was killed after 1\.5 seconds/);
    } finally {
      await locker.query('ROLLBACK');
      await locker.end();
    }
  });
});
