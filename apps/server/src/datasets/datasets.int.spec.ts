import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { permissionsOf } from '../auth/roles';
import { UsersService } from '../auth/users/users.service';
import type { CurrentUser } from '../auth/current-user';
import { EventStore } from '../event-store/event-store.port';
import { StrataHttpException } from '../common/error-body';
import { createAuthTestApp, type AuthTestApp } from '../testing/auth-test-app';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { insertDatabase, userClient, type ApiClient } from '../sqllab/bootstrap/rest-testing';
import { DatasetsModule } from './datasets.module';
import { DatasetsService, type NewDataset } from './datasets.service';

describe('/api/v1/dataset/ from SQL Lab (real HTTP, a real PostgreSQL to infer columns from)', () => {
  let t: AuthTestApp;
  let userDb: TestDatabase;
  let admin: ApiClient;
  let alpha: ApiClient;
  let gamma: ApiClient;
  let analyst: ApiClient;
  let dbId: number;

  const userDbRows = async () => {
    const c = new Client({ connectionString: userDb.url });
    await c.connect();
    try {
      return (await c.query('SELECT count(*)::int AS n FROM flights')).rows[0].n as number;
    } finally {
      await c.end();
    }
  };

  beforeAll(async () => {
    userDb = await createTestDatabase('datasets_userdb');
    const c = new Client({ connectionString: userDb.url });
    await c.connect();
    await c.query(
      `CREATE TABLE flights (id serial PRIMARY KEY, origin text, delay integer, dep_time timestamp, cancelled boolean)`,
    );
    await c.query(
      `INSERT INTO flights (origin, delay, dep_time, cancelled) VALUES ('SEA', 5, '2024-01-01 10:00', false), ('SFO', 30, '2024-01-02 11:00', true)`,
    );
    await c.end();
    t = await createAuthTestApp({ extraModules: [DatasetsModule] });
    admin = await userClient(t, ['Admin']);
    alpha = await userClient(t, ['Alpha']);
    gamma = await userClient(t, ['Gamma']);
    analyst = await userClient(t, ['sql_lab']);
    dbId = await insertDatabase(t, { name: 'warehouse', uri: userDb.url });
  });
  afterAll(async () => {
    await t.close();
    await userDb.drop();
  });

  it('creates a virtual dataset from a query with its columns inferred by running it, COUNT(*) as the metric', async () => {
    const res = await admin.post('/api/v1/dataset/', {
      database: dbId,
      catalog: null,
      schema: 'public',
      sql: 'SELECT origin, delay, dep_time, cancelled FROM flights WHERE delay > {{ min_delay }};',
      table_name: 'late flights',
      template_params: '{"min_delay": 1}',
      is_managed_externally: false,
      external_url: null,
    });
    expect(res.status).toBe(201);
    const id = res.body.id as number;
    expect(res.body.data).toEqual(res.body.result);
    const data = res.body.data;
    expect(data).toMatchObject({
      id,
      uid: `${id}__table`,
      kind: 'virtual',
      table_name: 'late flights',
      schema: 'public',
      main_dttm_col: 'dep_time',
    });
    expect(
      data.columns.map((c: { column_name: string; type_generic: number; is_dttm: boolean }) => [
        c.column_name,
        c.type_generic,
        c.is_dttm,
      ]),
    ).toEqual([
      ['origin', 1, false],
      ['delay', 0, false],
      ['dep_time', 2, true],
      ['cancelled', 3, false],
    ]);
    expect(data.columns[0]).toMatchObject({ groupby: true, filterable: true });
    expect(data.metrics).toEqual([
      {
        metric_name: 'count',
        verbose_name: 'COUNT(*)',
        metric_type: 'count',
        expression: 'COUNT(*)',
        description: null,
      },
    ]);
    expect(data.owners).toEqual([expect.objectContaining({ id: admin.userId })]);

    const got = await alpha.get(`/api/v1/dataset/${id}`);
    expect(got.status).toBe(200);
    expect(got.body.result).toMatchObject({
      table_name: 'late flights',
      schema: 'public',
      database: { id: dbId, database_name: 'warehouse', backend: 'postgresql' },
      sql: 'SELECT origin, delay, dep_time, cancelled FROM flights WHERE delay > {{ min_delay }};',
      select_star:
        'SELECT *\nFROM (\nSELECT origin, delay, dep_time, cancelled FROM flights WHERE delay > {{ min_delay }}\n) AS virtual_table\nLIMIT 100',
    });
    const events = await t.app.get(EventStore).readStream(`dataset:${id}`);
    expect(events.map((e) => e.type)).toEqual(['dataset/datasetCreated']);
  });

  it('keeps the columns the client sends, and creates physical datasets from a table', async () => {
    const given = await admin.post('/api/v1/dataset/', {
      database: dbId,
      schema: 'public',
      sql: 'SELECT 1 AS one',
      table_name: 'given columns',
      columns: [{ column_name: 'one', type: 'INTEGER', is_dttm: false }],
    });
    expect(given.status).toBe(201);
    expect(given.body.data.columns).toEqual([expect.objectContaining({ column_name: 'one', type: 'INTEGER' })]);
    const physical = await admin.post('/api/v1/dataset/', { database: dbId, schema: 'public', table_name: 'flights' });
    expect(physical.status).toBe(201);
    expect(physical.body.data).toMatchObject({
      kind: 'physical',
      sql: null,
      select_star: 'SELECT *\nFROM "public"."flights"\nLIMIT 100',
    });
    expect(physical.body.data.columns.map((c: { column_name: string }) => c.column_name)).toEqual([
      'id',
      'origin',
      'delay',
      'dep_time',
      'cancelled',
    ]);
    const missing = await admin.post('/api/v1/dataset/', {
      database: dbId,
      schema: 'public',
      table_name: 'no_such_table',
    });
    expect(missing.status).toBe(422);
  });

  it('refuses a duplicate name in the same database and schema with 422; get_or_create returns the existing one', async () => {
    const body = { database: dbId, schema: 'public', sql: 'SELECT origin FROM flights', table_name: 'origins' };
    const first = await admin.post('/api/v1/dataset/', body);
    expect(first.status).toBe(201);
    const duplicate = await admin.post('/api/v1/dataset/', body);
    expect(duplicate.status).toBe(422);
    expect(duplicate.body.errors[0].message).toBe('Dataset origins already exists');
    // Another schema is another name.
    expect((await admin.post('/api/v1/dataset/', { ...body, schema: 'other' })).status).toBe(201);

    const again = await admin.post('/api/v1/dataset/get_or_create/', {
      database_id: dbId,
      schema: 'public',
      table_name: 'origins',
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ result: { table_id: first.body.id } });
    const made = await admin.post('/api/v1/dataset/get_or_create/', {
      database_id: dbId,
      schema: 'public',
      table_name: 'delays',
      sql: 'SELECT delay FROM flights',
    });
    expect(made.status).toBe(200);
    expect(made.body.result.table_id).toBeGreaterThan(first.body.id);
  });

  it('never changes data and refuses bad SQL and bad bodies; nothing is stored', async () => {
    const count = async () =>
      (await t.app.get(DataSource).query('SELECT count(*)::int AS n FROM datasets'))[0].n as number;
    const before = await count();
    // The SQL guard's refusals (sql-guard/): a 400 with its error type, before anything runs.
    const refused = [
      [
        await admin.post('/api/v1/dataset/', {
          database: dbId,
          schema: 'public',
          sql: 'DELETE FROM flights',
          table_name: 'x1',
        }),
        'DML_NOT_ALLOWED_ERROR',
      ],
      [
        await admin.post('/api/v1/dataset/', {
          database: dbId,
          schema: 'public',
          sql: 'SELECT 1; SELECT 2',
          table_name: 'x2',
        }),
        'INVALID_SQL_ERROR',
      ],
      [
        await admin.post('/api/v1/dataset/', { database: dbId, schema: 'public', sql: 'SELEC oops', table_name: 'x3' }),
        'SYNTAX_ERROR',
      ],
    ] as const;
    for (const [res, errorType] of refused)
      expect([res.status, res.body.errors[0].error_type]).toEqual([400, errorType]);
    expect(
      (await admin.post('/api/v1/dataset/', { database: 999999, schema: 'public', sql: 'SELECT 1', table_name: 'x4' }))
        .status,
    ).toBe(422);
    for (const body of [
      {},
      { database: dbId },
      { database: 'x', table_name: 'y' },
      { database: dbId, table_name: '' },
      { database: dbId, table_name: 'z', columns: [{}] },
    ]) {
      const res = await admin.post('/api/v1/dataset/', body);
      expect(res.status).toBe(400);
      expect(res.body.errors[0].error_type).toBe('INVALID_PAYLOAD_SCHEMA_ERROR');
    }
    expect(await count()).toBe(before);
    expect(await userDbRows()).toBe(2);
  });

  it('needs can_write on Dataset and access to the database; others cannot read it', async () => {
    const body = { database: dbId, schema: 'public', sql: 'SELECT 1 AS x', table_name: 'perm check' };
    expect((await analyst.post('/api/v1/dataset/', body)).status).toBe(403);
    expect((await gamma.post('/api/v1/dataset/', body)).status).toBe(403);
    const created = await alpha.post('/api/v1/dataset/', body);
    expect(created.status).toBe(201);
    expect((await gamma.get(`/api/v1/dataset/${created.body.id}`)).status).toBe(404);
    expect((await admin.get(`/api/v1/dataset/${created.body.id}`)).status).toBe(200);
    expect((await admin.get('/api/v1/dataset/999999')).status).toBe(404);
    expect((await admin.get('/api/v1/dataset/abc')).status).toBe(404);
  });

  it('rebuilding the datasets read model from the log gives the same rows', async () => {
    const rows = () => t.app.get(DataSource).query('SELECT * FROM datasets ORDER BY id');
    const live = await rows();
    await t.app.get(EventStore).rebuild('datasets');
    expect(await rows()).toEqual(live);
  });

  describe("a database granted to one of the user's roles (sql_lab + Gamma)", () => {
    let grantee: ApiClient;
    let granteeUser: CurrentUser;
    let otherId: number;
    const virtual = (database_id: number, table_name: string): NewDataset => ({
      database_id,
      catalog: null,
      schema: 'public',
      sql: 'SELECT origin, delay FROM flights',
      table_name,
      template_params: null,
      columns: null,
      is_managed_externally: false,
      external_url: null,
      description: null,
    });

    beforeAll(async () => {
      grantee = await userClient(t, ['sql_lab', 'Gamma']);
      const row = (await t.app.get(UsersService).findById(grantee.userId))!;
      granteeUser = { ...row, permissions: permissionsOf(row.roles), via: 'bearer' };
      otherId = await insertDatabase(t, { name: 'warehouse-ungranted', uri: userDb.url });
      expect((await admin.put(`/api/v1/database/${dbId}/access`, { roles: ['Gamma'] })).status).toBe(200);
    });

    it('creates a virtual dataset on the granted database and refuses the other with DATABASE_SECURITY_ACCESS_ERROR', async () => {
      // Over HTTP the route also needs can_write on Dataset, which neither sql_lab nor Gamma has (Alpha's),
      // so the database rule is exercised on the service the route calls, with the user as authenticated.
      expect(
        (
          await grantee.post('/api/v1/dataset/', {
            database: dbId,
            schema: 'public',
            sql: 'SELECT 1 AS x',
            table_name: 'no write',
          })
        ).status,
      ).toBe(403);
      const datasets = t.app.get(DatasetsService);
      const created = await datasets.create(virtual(dbId, 'granted flights'), granteeUser);
      expect(created).toMatchObject({
        table_name: 'granted flights',
        database: { id: dbId },
        owners: [{ id: grantee.userId }],
      });
      expect(created.columns.map((c: { column_name: string }) => c.column_name)).toEqual(['origin', 'delay']);
      const refused = await datasets.create(virtual(otherId, 'ungranted flights'), granteeUser).then(
        () => null,
        (err: unknown) => err,
      );
      expect(refused).toBeInstanceOf(StrataHttpException);
      expect((refused as StrataHttpException).getStatus()).toBe(403);
      expect((refused as StrataHttpException).getResponse()).toMatchObject({
        errors: [{ error_type: 'DATABASE_SECURITY_ACCESS_ERROR' }],
      });
      const stored = await t.app
        .get(DataSource)
        .query(`SELECT count(*)::int AS n FROM datasets WHERE database_id = $1`, [otherId]);
      expect(stored[0].n).toBe(0);
    });

    it("reads another user's dataset on the granted database, not on the other", async () => {
      const body = (database: number, table_name: string) => ({
        database,
        schema: 'public',
        sql: 'SELECT 1 AS x',
        table_name,
      });
      const onGranted = await admin.post('/api/v1/dataset/', body(dbId, 'admin granted'));
      const onOther = await admin.post('/api/v1/dataset/', body(otherId, 'admin ungranted'));
      expect([onGranted.status, onOther.status]).toEqual([201, 201]);
      expect((await grantee.get(`/api/v1/dataset/${onGranted.body.id}`)).status).toBe(200);
      expect((await grantee.get(`/api/v1/dataset/${onOther.body.id}`)).status).toBe(404);
    });
  });
});
