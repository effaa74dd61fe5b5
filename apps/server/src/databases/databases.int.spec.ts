/**
 * /api/v1/database/ on a real server (auth, event store, PostgreSQL metadata DB) against real user
 * databases: a PostgreSQL test database and the machine's MariaDB with a password-protected user.
 */
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { createConnection, type Connection } from 'mysql2/promise';
import { CommandBus } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { UsersService } from '../auth/users/users.service';
import { ConfigError, loadConfig } from '../config/load-config';
import { EventStore } from '../event-store/event-store.port';
import { bearerToken, createAuthTestApp, HttpClient, TEST_ADMIN, type AuthTestApp } from '../testing/auth-test-app';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { DatabasesModule } from './databases.module';
import { DatabasesService } from './databases.service';
import { DatabaseAccess } from './database-access';
import { EngineRegistry } from './engine-registry';

const MYSQL_PASSWORD = `Pw-${randomBytes(6).toString('hex')}`;
const PG_PASSWORD = 'pg-secret-never-shown';
const mysqlUser = `strata_${randomBytes(3).toString('hex')}`;
const mysqlDb = `strata_dbs_${randomBytes(3).toString('hex')}`;

let t: AuthTestApp;
let userDb: TestDatabase;
let mysqlAdmin: Connection;
let admin: HttpClient;
let gamma: HttpClient;
let pgUri: string;

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

function client(token: string): HttpClient {
  const c = new HttpClient(t.url);
  const base = c.request.bind(c);
  c.request = (method, path, options = {}) =>
    base(method, path, { ...options, headers: { ...auth(token), ...options.headers } });
  return c;
}

beforeAll(async () => {
  t = await createAuthTestApp({ extraModules: [DatabasesModule] });
  userDb = await createTestDatabase('dbs_user');
  const pg = new Client({ connectionString: userDb.url });
  await pg.connect();
  await pg.query(`
    CREATE SCHEMA shop;
    CREATE TABLE shop.customers (id serial PRIMARY KEY, name text NOT NULL);
    CREATE TABLE shop.orders (id int PRIMARY KEY, customer_id int REFERENCES shop.customers(id), total numeric(10,2));
    CREATE INDEX orders_customer_idx ON shop.orders (customer_id);
    COMMENT ON TABLE shop.orders IS 'All orders';`);
  await pg.end();
  const u = new URL(userDb.url);
  u.password = PG_PASSWORD;
  pgUri = u.toString().replace(/^postgres:/, 'postgresql:');

  mysqlAdmin = await createConnection({
    host: '127.0.0.1',
    port: 3306,
    user: 'root',
    password: '',
    multipleStatements: true,
  });
  await mysqlAdmin.query(`CREATE DATABASE ${mysqlDb}; CREATE TABLE ${mysqlDb}.things (id int PRIMARY KEY, label varchar(20));
    CREATE USER '${mysqlUser}'@'%' IDENTIFIED BY '${MYSQL_PASSWORD}'; CREATE USER '${mysqlUser}'@'localhost' IDENTIFIED BY '${MYSQL_PASSWORD}';
    GRANT ALL ON ${mysqlDb}.* TO '${mysqlUser}'@'%'; GRANT ALL ON ${mysqlDb}.* TO '${mysqlUser}'@'localhost';`);

  const users = t.app.get(UsersService);
  await users.createUser({ username: 'gail', password: 'gamma-password-1', roles: ['Gamma', 'sql_lab'] }, 'system');
  admin = client(await bearerToken(t.url, TEST_ADMIN.username, TEST_ADMIN.password));
  gamma = client(await bearerToken(t.url, 'gail', 'gamma-password-1'));
});

afterAll(async () => {
  await t?.close();
  await userDb?.drop();
  await mysqlAdmin?.query(
    `DROP DATABASE IF EXISTS ${mysqlDb}; DROP USER IF EXISTS '${mysqlUser}'@'%'; DROP USER IF EXISTS '${mysqlUser}'@'localhost';`,
  );
  await mysqlAdmin?.end();
});

describe('CRUD as admin', () => {
  let id: number;

  it('creates a database from a URI and never returns its password', async () => {
    const res = await admin.post('/api/v1/database/', {
      database_name: 'shop',
      sqlalchemy_uri: pgUri,
      allow_dml: true,
      extra: '{"x": 1}',
      confirm_dangerous_login: true,
    });
    expect(res.status).toBe(201);
    id = res.body.id;
    expect(res.body.result).toMatchObject({
      database_name: 'shop',
      backend: 'postgresql',
      allow_dml: true,
      expose_in_sqllab: true,
      extra: '{"x":1}',
      sqlalchemy_uri: expect.stringContaining(':XXXXXXXXXX@'),
      parameters: expect.objectContaining({ password: 'XXXXXXXXXX', host: '127.0.0.1' }),
    });
    const got = await admin.get(`/api/v1/database/${id}`);
    expect(got.status).toBe(200);
    expect(JSON.stringify(got.body)).not.toContain(PG_PASSWORD);
    const ds = t.app.get(DataSource);
    const stored =
      JSON.stringify(await ds.query(`SELECT * FROM databases`)) +
      JSON.stringify(await ds.query(`SELECT data FROM events`));
    expect(stored).not.toContain(PG_PASSWORD);
    const [cred] = await ds.query(`SELECT password_ciphertext FROM database_credentials WHERE database_id = $1`, [id]);
    expect(cred.password_ciphertext).not.toContain(PG_PASSWORD);
    expect(
      (await t.app.get(DatabasesService).connectionSpec({ id, uri: got.body.result.sqlalchemy_uri })).password,
    ).toBe(PG_PASSWORD);
  });

  it('creates a MySQL database from parameters; the registry connects with the decrypted password', async () => {
    const res = await admin.post('/api/v1/database/', {
      database_name: 'warehouse',
      parameters: {
        engine: 'mysql',
        host: '127.0.0.1',
        port: 3306,
        database: mysqlDb,
        username: mysqlUser,
        password: MYSQL_PASSWORD,
      },
    });
    expect(res.status).toBe(201);
    const engine = await t.app.get(EngineRegistry).forDatabase(res.body.id);
    expect(await engine.listTables(mysqlDb)).toEqual([{ name: 'things', type: 'table' }]);
  });

  it('lists with rison filters, order and pages', async () => {
    const all = await admin.get('/api/v1/database/?q=(order_column:database_name,order_direction:desc)');
    expect(all.status).toBe(200);
    expect(all.body.result.map((d: { database_name: string }) => d.database_name)).toEqual(['warehouse', 'shop']);
    const filtered = await admin.get(`/api/v1/database/?q=(filters:!((col:database_name,opr:ct,value:hou)))`);
    expect(filtered.body).toMatchObject({ count: 1, result: [{ database_name: 'warehouse' }] });
    const paged = await admin.get('/api/v1/database/?q=(page:1,page_size:1)');
    expect(paged.body).toMatchObject({ count: 2, result: [{ database_name: 'warehouse' }] });
  });

  it('updates flags and keeps the password when the mask comes back; the registry builds a new engine', async () => {
    const registry = t.app.get(EngineRegistry);
    const before = await registry.forDatabase(id);
    expect(await registry.forDatabase(id)).toBe(before);
    const current = (await admin.get(`/api/v1/database/${id}`)).body.result;
    const res = await admin.put(`/api/v1/database/${id}`, {
      sqlalchemy_uri: current.sqlalchemy_uri,
      allow_run_async: true,
      cache_timeout: 60,
      confirm_dangerous_login: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ allow_run_async: true, cache_timeout: 60, allow_dml: true });
    const row = (await t.app.get(DatabasesService).find(id))!;
    expect((await t.app.get(DatabasesService).connectionSpec(row)).password).toBe(PG_PASSWORD);
    const after = await registry.forDatabase(id);
    expect(after).not.toBe(before);
    await expect(before.listSchemas()).rejects.toMatchObject({ errorType: 'GENERIC_DB_ENGINE_ERROR' });
    expect(await after.listSchemas()).toContain('shop');
  });

  it('PUT changes only the fields it is sent: the rest of the database, its password included, stays', async () => {
    const fields = async () => {
      const {
        changed_on: _changed,
        changed_by: _by,
        ...rest
      } = (await admin.get(`/api/v1/database/${id}`)).body.result;
      return rest;
    };
    let expected = await fields();
    for (const [body, change] of [
      [{ allow_file_upload: true }, { allow_file_upload: true }],
      [{ cache_timeout: 120 }, { cache_timeout: 120 }],
      [{ extra: '{"y": 2}' }, { extra: '{"y":2}' }],
      [{ force_ctas_schema: 'scratch' }, { force_ctas_schema: 'scratch' }],
      [{ database_name: 'shop_renamed' }, { database_name: 'shop_renamed' }],
      [{ database_name: 'shop' }, { database_name: 'shop' }],
    ] as [Record<string, unknown>, Record<string, unknown>][]) {
      const res = await admin.put(`/api/v1/database/${id}`, body);
      expect([res.status, body]).toEqual([200, body]);
      expected = { ...expected, ...change };
      expect([await fields(), body]).toEqual([expected, body]);
    }
    const row = (await t.app.get(DatabasesService).find(id))!;
    expect((await t.app.get(DatabasesService).connectionSpec(row)).password).toBe(PG_PASSWORD);
  });

  it('lands every one of many concurrent changes to one database: a lost race is decided again, not refused', async () => {
    const timeouts = Array.from({ length: 20 }, (_, i) => 300 + i);
    const answers = await Promise.all(
      timeouts.map((cache_timeout) => admin.put(`/api/v1/database/${id}`, { cache_timeout })),
    );
    expect(answers.map((a) => a.status)).toEqual(timeouts.map(() => 200));
    const changes = (await t.app.get(EventStore).readStream(`database:${id}`)).filter(
      (e) => e.type === 'database/cacheTimeoutChanged',
    );
    expect(
      changes
        .map((e) => (e.data as { cache_timeout: number | null }).cache_timeout)
        .filter((n): n is number => n !== null && n >= 300)
        .sort(),
    ).toEqual(timeouts);
  });

  it('refuses a duplicate name and answers 404 for unknown ids', async () => {
    expect(
      (
        await admin.post('/api/v1/database/', {
          database_name: 'shop',
          sqlalchemy_uri: pgUri,
          confirm_dangerous_login: true,
        })
      ).status,
    ).toBe(422);
    expect((await admin.get('/api/v1/database/999999')).status).toBe(404);
    expect((await admin.get('/api/v1/database/abc')).status).toBe(404);
    expect((await admin.put('/api/v1/database/999999', { allow_dml: false })).status).toBe(404);
  });

  it('answers 400 on malformed input and changes nothing', async () => {
    const before = (await admin.get('/api/v1/database/')).body.count;
    const noUri = await admin.post('/api/v1/database/', { database_name: 'x' });
    expect(noUri.status).toBe(400);
    expect(noUri.body.errors[0].error_type).toBe('INVALID_PAYLOAD_SCHEMA_ERROR');
    expect(
      (await admin.post('/api/v1/database/', { database_name: 'x', sqlalchemy_uri: 'sqlite:///x.db' })).status,
    ).toBe(400);
    expect(
      (await admin.post('/api/v1/database/', { database_name: 'x', sqlalchemy_uri: pgUri, cache_timeout: 'soon' }))
        .status,
    ).toBe(400);
    expect(
      (await admin.post('/api/v1/database/', { database_name: 'x', sqlalchemy_uri: pgUri, extra: '{nope' })).status,
    ).toBe(400);
    expect((await admin.request('POST', '/api/v1/database/', { raw: '{"database_name":' })).status).toBe(400);
    expect((await admin.get('/api/v1/database/?q=(page:')).status).toBe(400);
    expect((await admin.get(`/api/v1/database/${id}/tables/`)).status).toBe(400);
    expect((await admin.get(`/api/v1/database/${id}/table_metadata/`)).status).toBe(400);
    expect((await admin.get('/api/v1/database/')).body.count).toBe(before);
  });

  it('rebuilding the read model gives the same rows', async () => {
    const ds = t.app.get(DataSource);
    const snapshot = () =>
      ds.query(
        `SELECT d.*, (SELECT array_agg(role) FROM database_access a WHERE a.database_id = d.id) AS roles FROM databases d ORDER BY id`,
      );
    const before = await snapshot();
    await t.app.get(EventStore).rebuild('databases');
    expect(await snapshot()).toEqual(before);
  });

  it('the default database is SQLLAB_DEFAULT_DBID when it exists, else the lowest id', async () => {
    expect(await t.app.get(DatabasesService).defaultDatabaseId()).toBe(id);
    const c = t.config;
    const withDefault = (env: string) => {
      const loaded = loadConfig({ SQLLAB_DEFAULT_DBID: env, SECRET_KEY: c.secretKey, STRATA_HOME: c.strataHome });
      return new DatabasesService(t.app.get(DataSource), t.app.get(CommandBus), loaded);
    };
    const warehouse = (await admin.get(`/api/v1/database/?q=(filters:!((col:database_name,opr:eq,value:warehouse)))`))
      .body.result[0].id;
    expect(await withDefault(String(warehouse)).defaultDatabaseId()).toBe(warehouse);
    expect(await withDefault('999999').defaultDatabaseId()).toBe(id);
    expect(() => withDefault('abc')).toThrow(ConfigError);
  });
});

describe('metadata endpoints', () => {
  let id: number;
  beforeAll(async () => {
    id = (await admin.get(`/api/v1/database/?q=(filters:!((col:database_name,opr:eq,value:shop)))`)).body.result[0].id;
  });

  it('lists schemas and tables', async () => {
    const schemas = await admin.get(`/api/v1/database/${id}/schemas/?q=(force:!t)`);
    expect(schemas.status).toBe(200);
    expect(schemas.body.result).toEqual(['public', 'shop']);
    const tables = await admin.get(`/api/v1/database/${id}/tables/?q=(schema_name:shop,force:!f)`);
    expect(tables.body).toEqual({
      count: 2,
      result: [
        { value: 'customers', type: 'table', extra: null },
        { value: 'orders', type: 'table', extra: null },
      ],
    });
  });

  it('describes a table', async () => {
    const res = await admin.get(`/api/v1/database/${id}/table_metadata/?name=orders&schema=shop`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'orders',
      schema: 'shop',
      comment: 'All orders',
      primaryKey: { column_names: ['id'] },
      foreignKeys: [{ column_names: ['customer_id'], referred_table: 'customers', referred_columns: ['id'] }],
      indexes: [{ name: 'orders_customer_idx', column_names: ['customer_id'], unique: false }],
      selectStar: 'SELECT "id", "customer_id", "total"\nFROM "shop"."orders"\nLIMIT 100',
    });
    expect(res.body.columns.map((c: { name: string; type: string }) => `${c.name}:${c.type}`)).toEqual([
      'id:integer',
      'customer_id:integer',
      'total:numeric(10,2)',
    ]);
    expect((await admin.get(`/api/v1/database/${id}/table_metadata/extra/?name=orders&schema=shop`)).body).toEqual({});
    const missing = await admin.get(`/api/v1/database/${id}/table_metadata/?name=nope&schema=shop`);
    expect(missing.status).toBe(404);
    expect(missing.body.errors[0].error_type).toBe('TABLE_DOES_NOT_EXIST_ERROR');
  });

  it('serves cached tables until force', async () => {
    const pg = new Client({ connectionString: userDb.url });
    await pg.connect();
    await pg.query('CREATE TABLE shop.returns (id int)');
    await pg.end();
    const cached = await admin.get(`/api/v1/database/${id}/tables/?q=(schema_name:shop)`);
    expect(cached.body.count).toBe(2);
    const fresh = await admin.get(`/api/v1/database/${id}/tables/?q=(schema_name:shop,force:!t)`);
    expect(fresh.body.result.map((r: { value: string }) => r.value)).toEqual(['customers', 'orders', 'returns']);
  });
});

describe('access', () => {
  let id: number;
  beforeAll(async () => {
    id = (await admin.get(`/api/v1/database/?q=(filters:!((col:database_name,opr:eq,value:shop)))`)).body.result[0].id;
  });

  it('Gamma sees nothing without a grant and may not write', async () => {
    expect((await gamma.get('/api/v1/database/')).body).toMatchObject({ count: 0, result: [] });
    const denied = await gamma.get(`/api/v1/database/${id}`);
    expect(denied.status).toBe(403);
    expect(denied.body.errors[0].error_type).toBe('DATABASE_SECURITY_ACCESS_ERROR');
    expect((await gamma.get(`/api/v1/database/${id}/schemas/`)).status).toBe(403);
    expect((await gamma.post('/api/v1/database/', { database_name: 'mine', sqlalchemy_uri: pgUri })).status).toBe(403);
    expect((await gamma.put(`/api/v1/database/${id}`, { allow_dml: false })).status).toBe(403);
    expect((await gamma.request('DELETE', `/api/v1/database/${id}`)).status).toBe(403);
    expect((await gamma.post('/api/v1/database/test_connection/', { sqlalchemy_uri: pgUri })).status).toBe(403);
  });

  it('a grant to one of the user roles opens the database', async () => {
    const {
      changed_on: _on,
      changed_by: _by,
      roles_with_access: _roles,
      ...settings
    } = (await admin.get(`/api/v1/database/${id}`)).body.result;
    const granted = await admin.put(`/api/v1/database/${id}/access`, { roles: ['sql_lab'] });
    expect(granted.body.result.roles).toEqual(['sql_lab']);
    // PUT .../access changes the roles and nothing else of the database.
    const {
      changed_on: _on2,
      changed_by: _by2,
      roles_with_access,
      ...after
    } = (await admin.get(`/api/v1/database/${id}`)).body.result;
    expect([after, roles_with_access]).toEqual([settings, ['sql_lab']]);
    const list = await gamma.get('/api/v1/database/');
    expect(list.body).toMatchObject({ count: 1, result: [{ id, database_name: 'shop' }] });
    expect((await gamma.get(`/api/v1/database/${id}/schemas/`)).status).toBe(200);
    const users = t.app.get(UsersService);
    const gail = (await users.findByUsername('gail'))!;
    const access = t.app.get(DatabaseAccess);
    expect(await access.canAccess({ ...gail, permissions: [], via: 'bearer' }, id)).toBe(true);
    expect((await admin.put(`/api/v1/database/${id}/access`, { roles: ['NoSuchRole'] })).status).toBe(400);
    expect((await admin.get(`/api/v1/database/${id}/access`)).body.result.roles).toEqual(['sql_lab']);
    await admin.put(`/api/v1/database/${id}/access`, { roles: [] });
    expect((await gamma.get(`/api/v1/database/${id}`)).status).toBe(403);
  });

  it('a grant to a custom role opens the database to its holders only; an unknown name is refused, naming the field', async () => {
    const role = await admin.post('/api/v1/security/roles/', { name: 'Shop Analysts', permissions: [] });
    expect(role.status).toBe(201);
    await t.app
      .get(UsersService)
      .createUser({ username: 'cora', password: 'custom-password-1', roles: ['Gamma', 'Shop Analysts'] }, 'system');
    const cora = client(await bearerToken(t.url, 'cora', 'custom-password-1'));
    expect((await cora.get(`/api/v1/database/${id}`)).status).toBe(403);
    // Matched without regard to case, stored under the role's own name (users hold it by that name).
    const granted = await admin.put(`/api/v1/database/${id}/access`, { roles: ['shop analysts'] });
    expect(granted.status).toBe(200);
    expect(granted.body.result.roles).toEqual(['Shop Analysts']);
    expect((await cora.get('/api/v1/database/')).body).toMatchObject({ count: 1, result: [{ id }] });
    expect((await cora.get(`/api/v1/database/${id}`)).status).toBe(200);
    expect((await gamma.get(`/api/v1/database/${id}`)).status).toBe(403);
    const refused = await admin.put(`/api/v1/database/${id}/access`, { roles: ['Shop Analysts', 'Ghosts'] });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].message).toMatch(/roles: .*Ghosts/);
    expect((await admin.get(`/api/v1/database/${id}/access`)).body.result.roles).toEqual(['Shop Analysts']);
  });

  it('a custom role a database grants access to is not deleted: the refusal names the database', async () => {
    const role = await admin.post('/api/v1/security/roles/', { name: 'Auditors', permissions: [] });
    await admin.put(`/api/v1/database/${id}/access`, { roles: ['Auditors'] });
    const refused = await admin.request('DELETE', `/api/v1/security/roles/${role.body.id}`);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toContain(`database 'shop'`);
    await admin.put(`/api/v1/database/${id}/access`, { roles: [] });
    expect((await admin.request('DELETE', `/api/v1/security/roles/${role.body.id}`)).status).toBe(200);
  });
});

describe('test_connection', () => {
  it('answers OK for a reachable database', async () => {
    expect(
      (await admin.post('/api/v1/database/test_connection/', { sqlalchemy_uri: pgUri, confirm_dangerous_login: true }))
        .body,
    ).toEqual({ message: 'OK' });
  });

  it('classifies failures with 422', async () => {
    const unknownDb = await admin.post('/api/v1/database/test_connection/', {
      sqlalchemy_uri: pgUri.replace(/\/[^/]+$/, '/no_such_db_xyz'),
    });
    expect(unknownDb.status).toBe(422);
    expect(unknownDb.body.errors[0].error_type).toBe('CONNECTION_UNKNOWN_DATABASE_ERROR');
    const closed = await admin.post('/api/v1/database/test_connection/', {
      parameters: { engine: 'postgresql', host: '127.0.0.1', port: 1, database: 'x', username: 'u' },
    });
    expect(closed.body.errors[0].error_type).toBe('CONNECTION_PORT_CLOSED_ERROR');
    // `.invalid` never resolves (RFC 6761): the engine's ENOTFOUND, translated.
    const unknownHost = await admin.post('/api/v1/database/test_connection/', {
      parameters: { engine: 'postgresql', host: 'no-such-host.invalid', port: 5432, database: 'x', username: 'u' },
    });
    expect(unknownHost.status).toBe(422);
    expect(unknownHost.body.errors[0]).toMatchObject({
      error_type: 'CONNECTION_INVALID_HOSTNAME_ERROR',
      message: 'The hostname "no-such-host.invalid" cannot be resolved.',
    });
    const wrong = await admin.post('/api/v1/database/test_connection/', {
      parameters: {
        engine: 'mysql',
        host: '127.0.0.1',
        port: 3306,
        database: mysqlDb,
        username: mysqlUser,
        password: 'wrong',
      },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors[0].error_type).toBe('CONNECTION_ACCESS_DENIED_ERROR');
  });

  it('uses the stored password when the form sends the mask back', async () => {
    const res = await admin.post('/api/v1/database/test_connection/', {
      database_name: 'warehouse',
      parameters: {
        engine: 'mysql',
        host: '127.0.0.1',
        port: 3306,
        database: mysqlDb,
        username: mysqlUser,
        password: 'XXXXXXXXXX',
      },
    });
    expect(res.body).toEqual({ message: 'OK' });
  });

  it('never sends the stored password to another host, port, database or user', async () => {
    const target = {
      engine: 'mysql',
      host: '127.0.0.1',
      port: 3306,
      database: mysqlDb,
      username: mysqlUser,
      password: 'XXXXXXXXXX',
    };
    for (const elsewhere of [{ host: 'localhost' }, { port: 3307 }, { database: 'mysql' }, { username: 'root' }]) {
      const res = await admin.post('/api/v1/database/test_connection/', {
        database_name: 'warehouse',
        parameters: { ...target, ...elsewhere },
      });
      expect({ elsewhere, status: res.status }).toEqual({ elsewhere, status: 400 });
      expect(res.body.errors[0].message).toMatch(
        /stored password is only used for the same host, port, database and user/,
      );
    }
    const [{ id }] = await t.app.get(DataSource).query(`SELECT id FROM databases WHERE database_name = 'warehouse'`);
    const moved = await admin.put(`/api/v1/database/${id}`, { parameters: { ...target, host: 'localhost' } });
    expect(moved.status).toBe(400);
    expect((await admin.get(`/api/v1/database/${id}`)).body.result.parameters.host).toBe('127.0.0.1');
  });
});

describe('dangerous logins', () => {
  const plainRole = `strata_plain_${randomBytes(3).toString('hex')}`;
  let plainUri: string;
  beforeAll(async () => {
    const pg = new Client({ connectionString: userDb.url });
    await pg.connect();
    await pg.query(`CREATE ROLE ${plainRole} LOGIN PASSWORD 'plain-password'`);
    await pg.end();
    const u = new URL(pgUri);
    u.username = plainRole;
    u.password = 'plain-password';
    plainUri = u.toString();
  });
  afterAll(async () => {
    const pg = new Client({ connectionString: userDb.url });
    await pg.connect();
    await pg.query(`DROP ROLE IF EXISTS ${plainRole}`);
    await pg.end();
  });
  const confirmations = () =>
    t.app
      .get(DataSource)
      .query(`SELECT data FROM events WHERE type = 'database/dangerousLoginConfirmed' ORDER BY position`) as Promise<
      { data: { username: string; risks: string[] } }[]
    >;

  it('refuses a superuser login with a warning (422) unless the admin confirms it, and records the confirmation', async () => {
    const before = (await admin.get('/api/v1/database/')).body.count;
    const refused = await admin.post('/api/v1/database/', { database_name: 'super', sqlalchemy_uri: pgUri });
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0]).toMatchObject({
      error_type: 'CONNECTION_DATABASE_PERMISSIONS_ERROR',
      message: expect.stringMatching(
        /^The login "postgres" can do more than read this database: it is a superuser.*"confirm_dangerous_login": true/,
      ),
      extra: { dangerous_login: expect.arrayContaining([expect.stringContaining('superuser')]) },
    });
    expect((await admin.get('/api/v1/database/')).body.count).toBe(before);
    const tested = await admin.post('/api/v1/database/test_connection/', { sqlalchemy_uri: pgUri });
    expect(tested.status).toBe(422);
    expect(tested.body.errors[0].error_type).toBe('CONNECTION_DATABASE_PERMISSIONS_ERROR');

    const confirmed = await admin.post('/api/v1/database/', {
      database_name: 'super',
      sqlalchemy_uri: pgUri,
      confirm_dangerous_login: true,
    });
    expect(confirmed.status).toBe(201);
    expect((await confirmations()).at(-1)?.data).toEqual({
      id: confirmed.body.id,
      username: 'postgres',
      risks: expect.arrayContaining([expect.stringContaining('superuser')]),
    });
    // Moving it to another dangerous login needs the confirmation again.
    expect(
      (
        await admin.put(`/api/v1/database/${confirmed.body.id}`, {
          sqlalchemy_uri: pgUri.replace(PG_PASSWORD, 'another-password'),
        })
      ).status,
    ).toBe(422);
  });

  it('registers an ordinary login without asking, and records nothing', async () => {
    const before = (await confirmations()).length;
    const res = await admin.post('/api/v1/database/', { database_name: 'plain', sqlalchemy_uri: plainUri });
    expect(res.status).toBe(201);
    expect((await admin.post('/api/v1/database/test_connection/', { sqlalchemy_uri: plainUri })).body).toEqual({
      message: 'OK',
    });
    expect(await confirmations()).toHaveLength(before);
  });

  it('warns about a MySQL login with SUPER or FILE', async () => {
    const res = await admin.post('/api/v1/database/test_connection/', {
      parameters: { engine: 'mysql', host: '127.0.0.1', port: 3306, database: mysqlDb, username: 'root' },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].extra.dangerous_login).toEqual(
      expect.arrayContaining([expect.stringContaining('SUPER'), expect.stringContaining('FILE')]),
    );
  });
});

describe('rows registered outside the log (examples)', () => {
  it('are adopted by the log on their first change, the password moved out of the URI', async () => {
    const ds = t.app.get(DataSource);
    const [{ id }] = await ds.query(
      `INSERT INTO databases (database_name, uri) VALUES ('registered', $1) RETURNING id`,
      [pgUri.replace('postgresql:', 'postgres:')],
    );
    const shown = await admin.get(`/api/v1/database/${id}`);
    expect(shown.body.result.sqlalchemy_uri).toContain(':XXXXXXXXXX@');
    const res = await admin.put(`/api/v1/database/${id}`, { expose_in_sqllab: false });
    expect(res.status).toBe(200);
    expect(res.body.result.expose_in_sqllab).toBe(false);
    const events = await ds.query(`SELECT type, data FROM events WHERE stream = $1 ORDER BY version`, [
      `database:${id}`,
    ]);
    expect(events.map((e: { type: string }) => e.type)).toEqual([
      'database/databaseAdopted',
      'database/optionDisabled',
    ]);
    expect(JSON.stringify(events)).not.toContain(PG_PASSWORD);
    const row = (await t.app.get(DatabasesService).find(id))!;
    expect(row.uri).not.toContain(PG_PASSWORD);
    expect((await t.app.get(DatabasesService).connectionSpec(row)).password).toBe(PG_PASSWORD);
    const engine = await t.app.get(EngineRegistry).forDatabase(id);
    expect(await engine.listSchemas()).toContain('shop');
    await admin.request('DELETE', `/api/v1/database/${id}`);
  });
});

describe('delete', () => {
  // The read models the datasets and charts modules keep (their own specs cover how they are made).
  it('lists the datasets and charts that use a database and refuses its deletion while datasets exist', async () => {
    const created = await admin.post('/api/v1/database/', {
      database_name: 'used',
      sqlalchemy_uri: pgUri,
      confirm_dangerous_login: true,
    });
    const id = created.body.id as number;
    const ds = t.app.get(DataSource);
    const [{ id: datasetId }] = await ds.query(
      `INSERT INTO datasets (id, uid, kind, table_name, database_id, schema, created_on, changed_on, version)
       VALUES (nextval('datasets_id_seq'), 'x', 'physical', 'orders', $1, 'shop', now(), now(), 1) RETURNING id`,
      [id],
    );
    const [{ id: chartId }] = await ds.query(
      `INSERT INTO charts (id, slice_name, viz_type, datasource_id, datasource_type, created_on, changed_on, version)
       VALUES (nextval('charts_id_seq'), 'Orders by day', 'table', $1, 'table', now(), now(), 1) RETURNING id`,
      [datasetId],
    );
    const related = await admin.get(`/api/v1/database/${id}/related_objects/`);
    expect(related.body).toEqual({
      charts: { count: 1, result: [{ id: chartId, slice_name: 'Orders by day', viz_type: 'table' }] },
      datasets: { count: 1, result: [{ id: datasetId, table_name: 'orders', schema: 'shop' }] },
    });
    expect((await gamma.get(`/api/v1/database/${id}/related_objects/`)).status).toBe(403);
    const refused = await admin.request('DELETE', `/api/v1/database/${id}`);
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].message).toMatch(/Cannot delete a database that has datasets attached \(1\)/);
    expect((await admin.get(`/api/v1/database/${id}`)).status).toBe(200);

    await ds.query(`DELETE FROM charts WHERE id = $1`, [chartId]);
    await ds.query(`DELETE FROM datasets WHERE id = $1`, [datasetId]);
    expect((await admin.get(`/api/v1/database/${id}/related_objects/`)).body).toEqual({
      charts: { count: 0, result: [] },
      datasets: { count: 0, result: [] },
    });
    expect((await admin.request('DELETE', `/api/v1/database/${id}`)).status).toBe(200);
  });

  it('removes the database and its password', async () => {
    const id = (await admin.get(`/api/v1/database/?q=(filters:!((col:database_name,opr:eq,value:warehouse)))`)).body
      .result[0].id;
    expect((await admin.request('DELETE', `/api/v1/database/${id}`)).body).toEqual({ message: 'OK' });
    expect((await admin.get(`/api/v1/database/${id}`)).status).toBe(404);
    const ds = t.app.get(DataSource);
    expect(await ds.query(`SELECT 1 FROM database_credentials WHERE database_id = $1`, [id])).toEqual([]);
    await expect(t.app.get(EngineRegistry).forDatabase(id)).rejects.toMatchObject({ status: 404 });
  });
});
