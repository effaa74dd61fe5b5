/**
 * The MySQL/MariaDB engine against the machine's MariaDB (127.0.0.1:3306, root): a scratch database per
 * test file. Types, read-only runs, information_schema metadata and EXPLAIN; timeouts, KILL QUERY and
 * streaming are in the shared engine-contract.int.spec.ts.
 */
import { randomBytes } from 'node:crypto';
import { createConnection, type Connection, type RowDataPacket } from 'mysql2/promise';
import { EngineConnectionError, EngineError, GenericType, type ConnectionSpec } from '../query-engine';
import { MysqlEngine } from './mysql-engine';

const SERVER = { host: '127.0.0.1', port: 3306, user: 'root', password: '' };
const database = `strata_engines_${randomBytes(4).toString('hex')}`;
let admin: Connection;
let engine: MysqlEngine;
let spec: ConnectionSpec;

beforeAll(async () => {
  admin = await createConnection({ ...SERVER, multipleStatements: true });
  await admin.query(`CREATE DATABASE \`${database}\``);
  await admin.query(`
    USE \`${database}\`;
    CREATE TABLE customers (id int PRIMARY KEY AUTO_INCREMENT, name varchar(100) NOT NULL COMMENT 'Full name', email varchar(200), UNIQUE KEY customers_email (email)) COMMENT 'People who buy';
    CREATE TABLE orders (
      id bigint PRIMARY KEY,
      customer_id int NOT NULL,
      amount decimal(12,2) DEFAULT 0,
      big bigint,
      placed_at datetime,
      day date,
      KEY orders_placed (placed_at, customer_id),
      CONSTRAINT orders_customer FOREIGN KEY (customer_id) REFERENCES customers (id)
    );
    CREATE VIEW big_orders AS SELECT * FROM orders WHERE amount > 100;
    INSERT INTO customers (name, email) SELECT concat('c', seq), concat('c', seq, '@x.org') FROM seq_1_to_50;
    INSERT INTO orders SELECT seq, 1 + seq % 50, seq * 1.5, 9007199254740993, '2024-01-02 03:04:05', '2024-01-02' FROM seq_1_to_3000;
  `);
  spec = {
    backend: 'mysql',
    host: SERVER.host,
    port: SERVER.port,
    database,
    username: SERVER.user,
    password: SERVER.password,
  };
  engine = new MysqlEngine(spec);
});

afterAll(async () => {
  await engine?.close();
  await admin?.query(`DROP DATABASE IF EXISTS \`${database}\``);
  await admin?.end();
});

describe('execute', () => {
  it('returns typed columns and JSON-ready values', async () => {
    const session = await engine.openSession();
    try {
      await session.begin({ readOnly: true, schema: database });
      const result = await session.execute('SELECT id, amount, big, placed_at, day, o.id FROM orders o WHERE id = 2', {
        maxRows: 10,
      });
      expect(result.columns.map((c) => [c.name, c.type, c.type_generic, c.is_dttm])).toEqual([
        ['id', 'BIGINT', GenericType.Numeric, false],
        ['amount', 'DECIMAL', GenericType.Numeric, false],
        ['big', 'BIGINT', GenericType.Numeric, false],
        ['placed_at', 'DATETIME', GenericType.Temporal, true],
        ['day', 'DATE', GenericType.Temporal, true],
        ['id__1', 'BIGINT', GenericType.Numeric, false],
      ]);
      expect(result.rows).toEqual([
        { id: 2, amount: 3, big: '9007199254740993', placed_at: '2024-01-02T03:04:05', day: '2024-01-02', id__1: 2 },
      ]);
    } finally {
      await session.release();
    }
  });

  it('keeps at most maxRows rows, and everything without a limit', async () => {
    const session = await engine.openSession();
    try {
      await session.begin({ readOnly: true });
      const limited = await session.execute('SELECT * FROM orders ORDER BY id', { maxRows: 1001 });
      expect(limited.rows).toHaveLength(1001);
      expect(limited.rows[1000].id).toBe(1001);
      expect((await session.execute('SELECT id FROM orders')).rows).toHaveLength(3000);
      // The connection is still usable after rows were dropped.
      expect((await session.execute('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await session.release();
    }
  });

  it('writes and reports affected rows when DML is allowed', async () => {
    const session = await engine.openSession();
    try {
      await session.begin({ readOnly: false });
      const updated = await session.execute(`UPDATE customers SET name = 'renamed' WHERE id <= 3`);
      expect(updated).toMatchObject({ columns: [], rows: [], rowCount: 3 });
      await session.commit();
    } finally {
      await session.release();
    }
    const [rows] = await admin.query<RowDataPacket[]>(
      `SELECT count(*) AS n FROM \`${database}\`.customers WHERE name = 'renamed'`,
    );
    expect(Number(rows[0].n)).toBe(3);
  });

  it('refuses writes and DDL in a read-only run and changes nothing', async () => {
    const session = await engine.openSession();
    try {
      await session.begin({ readOnly: true });
      await expect(session.execute(`DELETE FROM orders`)).rejects.toMatchObject({ errorType: 'DML_NOT_ALLOWED_ERROR' });
      await expect(session.execute(`CREATE TABLE sneaky (x int)`)).rejects.toMatchObject({
        errorType: 'DML_NOT_ALLOWED_ERROR',
      });
    } finally {
      await session.release();
    }
    const [rows] = await admin.query<RowDataPacket[]>(
      `SELECT (SELECT count(*) FROM \`${database}\`.orders) AS n,
              (SELECT count(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME = 'sneaky') AS t`,
      [database],
    );
    expect([Number(rows[0].n), Number(rows[0].t)]).toEqual([3000, 0]);
  });

  it('a read-only run cannot be left with COMMIT or SET SESSION TRANSACTION READ WRITE', async () => {
    const session = await engine.openSession();
    try {
      await session.begin({ readOnly: true });
      await session.execute('COMMIT');
      await expect(session.execute(`DELETE FROM orders`)).rejects.toMatchObject({ errorType: 'DML_NOT_ALLOWED_ERROR' });
      await session.execute('SET SESSION TRANSACTION READ WRITE');
      await expect(session.execute(`DELETE FROM orders`)).rejects.toMatchObject({ errorType: 'DML_NOT_ALLOWED_ERROR' });
    } finally {
      await session.release();
    }
    const [rows] = await admin.query<RowDataPacket[]>(`SELECT count(*) AS n FROM \`${database}\`.orders`);
    expect(Number(rows[0].n)).toBe(3000);
  });

  it('a pooled connection comes back read-write after a read-only run', async () => {
    const readOnly = await engine.openSession();
    await readOnly.begin({ readOnly: true });
    await readOnly.release();
    const session = await engine.openSession();
    try {
      await expect(session.execute(`UPDATE customers SET name = name WHERE id = 1`)).resolves.toMatchObject({
        columns: [],
      });
    } finally {
      await session.release();
    }
  });

  it('classifies SQL errors with the server message', async () => {
    const session = await engine.openSession();
    try {
      await session.begin({ readOnly: true });
      await expect(session.execute('SELEC 1')).rejects.toMatchObject({
        errorType: 'SYNTAX_ERROR',
        message: expect.stringContaining('SELEC'),
      });
      await expect(session.execute('SELECT * FROM nope')).rejects.toMatchObject({
        errorType: 'TABLE_DOES_NOT_EXIST_ERROR',
        message: expect.stringContaining('nope'),
      });
      await expect(session.execute('SELECT nope FROM customers')).rejects.toMatchObject({
        errorType: 'COLUMN_DOES_NOT_EXIST_ERROR',
      });
    } finally {
      await session.release();
    }
  });
});

describe('cancel', () => {});

describe('metadata', () => {
  it('lists schemas without the system ones, and tables with views', async () => {
    const schemas = await engine.listSchemas();
    expect(schemas).toContain(database);
    expect(schemas).not.toContain('information_schema');
    expect(schemas).not.toContain('mysql');
    expect(await engine.listTables(database)).toEqual([
      { name: 'big_orders', type: 'view' },
      { name: 'customers', type: 'table' },
      { name: 'orders', type: 'table' },
    ]);
  });

  it('describes columns, keys, indexes and comments', async () => {
    const orders = await engine.tableMetadata(database, 'orders');
    expect(orders.columns.find((c) => c.name === 'amount')).toEqual({
      name: 'amount',
      type: 'DECIMAL(12,2)',
      type_generic: GenericType.Numeric,
      is_dttm: false,
      nullable: true,
      default: '0.00',
      comment: null,
    });
    expect(orders.primaryKey).toEqual({ name: 'PRIMARY', column_names: ['id'] });
    expect(orders.foreignKeys).toEqual([
      {
        name: 'orders_customer',
        column_names: ['customer_id'],
        referred_schema: database,
        referred_table: 'customers',
        referred_columns: ['id'],
      },
    ]);
    expect(orders.indexes).toEqual(
      expect.arrayContaining([{ name: 'orders_placed', column_names: ['placed_at', 'customer_id'], unique: false }]),
    );
    expect(orders.selectStar).toBe(
      `SELECT \`id\`, \`customer_id\`, \`amount\`, \`big\`, \`placed_at\`, \`day\`\nFROM \`${database}\`.\`orders\`\nLIMIT 100`,
    );
    const customers = await engine.tableMetadata(database, 'customers');
    expect(customers.comment).toBe('People who buy');
    expect(customers.columns.find((c) => c.name === 'name')).toMatchObject({ nullable: false, comment: 'Full name' });
    expect(customers.indexes).toEqual([{ name: 'customers_email', column_names: ['email'], unique: true }]);
    expect((await engine.tableMetadata(database, 'big_orders')).type).toBe('view');
    await expect(engine.tableMetadata(database, 'nope')).rejects.toMatchObject({
      errorType: 'TABLE_DOES_NOT_EXIST_ERROR',
      status: 404,
    });
  });
});

describe('estimateCost and connections', () => {
  it('reads the row estimate of EXPLAIN', async () => {
    const cost = await engine.estimateCost('SELECT * FROM orders', { schema: database, timeoutMs: 10_000 });
    expect(Number(cost['Estimated rows'])).toBeGreaterThan(1000);
    await expect(engine.estimateCost('SELECT * FROM', { timeoutMs: 10_000 })).rejects.toMatchObject({
      errorType: 'SYNTAX_ERROR',
    });
  });

  it('knows it is MariaDB and can cancel', async () => {
    expect(await engine.capabilities()).toMatchObject({
      canCancelInDatabase: true,
      serverVersion: expect.stringMatching(/MariaDB/),
    });
  });

  it('classifies connection failures', async () => {
    const failure = async (changes: Partial<ConnectionSpec>) => {
      const other = new MysqlEngine({ ...spec, ...changes });
      try {
        return await other.testConnection().then(
          () => null,
          (e: unknown) => e,
        );
      } finally {
        await other.close();
      }
    };
    expect(await failure({ database: 'no_such_db_xyz' })).toMatchObject({
      errorType: 'CONNECTION_UNKNOWN_DATABASE_ERROR',
    });
    expect(await failure({ password: 'wrong-password' })).toMatchObject({
      errorType: 'CONNECTION_ACCESS_DENIED_ERROR',
    });
    expect(await failure({ port: 1 })).toMatchObject({ errorType: 'CONNECTION_PORT_CLOSED_ERROR' });
    const err = await failure({ host: 'no-such-host.invalid' });
    expect(err).toBeInstanceOf(EngineConnectionError);
    expect((err as EngineError).errorType).toBe('CONNECTION_INVALID_HOSTNAME_ERROR');
    await expect(engine.testConnection()).resolves.toBeUndefined();
  });
});
