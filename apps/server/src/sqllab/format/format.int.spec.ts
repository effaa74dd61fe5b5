import { createAuthTestApp, type AuthTestApp } from '../../testing/auth-test-app';
import { insertDatabase, userClient, type ApiClient } from '../bootstrap/rest-testing';
import { SqlFormatModule } from './format.module';

describe('POST /api/v1/sqllab/format_sql/ (real HTTP, real PostgreSQL)', () => {
  let t: AuthTestApp;
  let analyst: ApiClient;
  let gamma: ApiClient;
  let pgId: number;
  let mysqlId: number;

  beforeAll(async () => {
    t = await createAuthTestApp({ extraModules: [SqlFormatModule] });
    analyst = await userClient(t, ['sql_lab']);
    gamma = await userClient(t, ['Gamma']);
    pgId = await insertDatabase(t, { name: 'pg', uri: 'postgresql://reader@127.0.0.1:5432/test' });
    mysqlId = await insertDatabase(t, { name: 'maria', uri: 'mysql://root@127.0.0.1:3306/test' });
  });
  afterAll(() => t.close());

  it('formats with upper-case keywords, in the dialect of the engine given', async () => {
    const res = await analyst.post('/api/v1/sqllab/format_sql/', {
      sql: 'select a, count(*) from t group by a',
      engine: 'postgresql',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ result: 'SELECT\n  a,\n  count(*)\nFROM\n  t\nGROUP BY\n  a' });
  });

  it("takes the dialect from the database's backend: MySQL backticks pass, PostgreSQL refuses them", async () => {
    const sql = 'select `order id` from orders limit 5';
    const mysql = await analyst.post('/api/v1/sqllab/format_sql/', { sql, database_id: mysqlId });
    expect(mysql.status).toBe(200);
    expect(mysql.body.result).toBe('SELECT\n  `order id`\nFROM\n  orders\nLIMIT\n  5');
    const pg = await analyst.post('/api/v1/sqllab/format_sql/', { sql, database_id: pgId });
    expect(pg.status).toBe(400);
    expect(pg.body.errors[0]).toMatchObject({ error_type: 'SYNTAX_ERROR' });
    expect(pg.body.errors[0].message).toMatch(/^The SQL could not be formatted: Parse error/);
    // The older path answers the same.
    expect((await analyst.post('/api/v1/sqllab/format/', { sql: 'select 1', database_id: pgId })).body).toEqual({
      result: 'SELECT\n  1',
    });
  });

  it('keeps template tags as written', async () => {
    const res = await analyst.post('/api/v1/sqllab/format_sql/', {
      sql: "select * from t where ds = '{{ ds }}'",
      template_params: '{"ds": "2024-01-01"}',
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toBe("SELECT\n  *\nFROM\n  t\nWHERE\n  ds = '{{ ds }}'");
  });

  it('answers 400 for a bad body, 404 for an unknown database', async () => {
    for (const body of [
      {},
      { sql: 42 },
      { sql: 'select 1', engine: 'oracle' },
      { sql: 'select 1', database_id: 'x' },
    ]) {
      const res = await analyst.post('/api/v1/sqllab/format_sql/', body);
      expect(res.status).toBe(400);
      expect(res.body.errors[0].error_type).toMatch(/^INVALID_PAYLOAD_SCHEMA_ERROR$/);
    }
    const missing = await analyst.post('/api/v1/sqllab/format_sql/', { sql: 'select 1', database_id: 99999 });
    expect(missing.status).toBe(404);
  });

  it('needs the SQL Lab permission', async () => {
    expect((await gamma.post('/api/v1/sqllab/format_sql/', { sql: 'select 1' })).status).toBe(403);
  });
});
