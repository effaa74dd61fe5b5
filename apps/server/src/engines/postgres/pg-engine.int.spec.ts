/**
 * The PostgreSQL engine against a real PostgreSQL (createTestDatabase): types, limits, read-only runs,
 * catalog metadata and EXPLAIN costs; timeouts, cancel and streaming are in engine-contract.int.spec.ts.
 */
import { Client } from 'pg';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { parseConnectionUri } from '../connection-uri';
import { EngineConnectionError, EngineError, GenericType, type ConnectionSpec } from '../query-engine';
import { PostgresEngine } from './pg-engine';

let db: TestDatabase;
let engine: PostgresEngine;
let admin: Client;

beforeAll(async () => {
  db = await createTestDatabase('engines_pg');
  admin = new Client({ connectionString: db.url });
  await admin.connect();
  await admin.query(`
    CREATE SCHEMA sales;
    CREATE TABLE sales.customers (id serial PRIMARY KEY, name text NOT NULL, email varchar(200) UNIQUE);
    COMMENT ON TABLE sales.customers IS 'People who buy';
    COMMENT ON COLUMN sales.customers.name IS 'Full name';
    CREATE TABLE sales.orders (
      id bigint PRIMARY KEY,
      customer_id integer NOT NULL REFERENCES sales.customers(id),
      amount numeric(12,2) DEFAULT 0,
      big bigint,
      placed_at timestamp,
      placed_tz timestamptz,
      day date,
      paid boolean
    );
    CREATE INDEX orders_placed_idx ON sales.orders (placed_at, customer_id);
    CREATE VIEW sales.big_orders AS SELECT * FROM sales.orders WHERE amount > 100;
    INSERT INTO sales.customers (name, email) SELECT 'c' || g, 'c' || g || '@x.org' FROM generate_series(1, 50) g;
    INSERT INTO sales.orders SELECT g, 1 + g % 50, g * 1.5, 9007199254740993, '2024-01-02 03:04:05', '2024-01-02 03:04:05+02', '2024-01-02', g % 2 = 0
      FROM generate_series(1, 3000) g;
  `);
  engine = new PostgresEngine(parseConnectionUri(db.url));
});

afterAll(async () => {
  await engine?.close();
  await admin?.end();
  await db?.drop();
});

describe('execute', () => {
  it('returns typed columns and JSON-ready values', async () => {
    const session = await engine.openSession();
    try {
      await session.begin({ readOnly: true, schema: 'sales' });
      const result = await session.execute(
        'SELECT id, amount, big, placed_at, placed_tz, day, paid, o.id FROM orders o WHERE id = 2',
        {
          maxRows: 10,
        },
      );
      expect(result.columns.map((c) => [c.name, c.type, c.type_generic, c.is_dttm])).toEqual([
        ['id', 'bigint', GenericType.Numeric, false],
        ['amount', 'numeric', GenericType.Numeric, false],
        ['big', 'bigint', GenericType.Numeric, false],
        ['placed_at', 'timestamp without time zone', GenericType.Temporal, true],
        ['placed_tz', 'timestamp with time zone', GenericType.Temporal, true],
        ['day', 'date', GenericType.Temporal, true],
        ['paid', 'boolean', GenericType.Boolean, false],
        ['id__1', 'bigint', GenericType.Numeric, false],
      ]);
      expect(result.rows).toEqual([
        {
          id: 2,
          amount: 3,
          big: '9007199254740993',
          placed_at: '2024-01-02T03:04:05',
          placed_tz: '2024-01-02T01:04:05.000Z',
          day: '2024-01-02',
          paid: true,
          id__1: 2,
        },
      ]);
      await session.rollback();
    } finally {
      await session.release();
    }
  });

  it('fetches at most maxRows rows, and everything without a limit', async () => {
    const session = await engine.openSession();
    try {
      await session.begin({ readOnly: true });
      const limited = await session.execute('SELECT * FROM sales.orders ORDER BY id', { maxRows: 1001 });
      expect(limited.rows).toHaveLength(1001);
      expect(limited.rows[1000].id).toBe(1001);
      const all = await session.execute('SELECT id FROM sales.orders');
      expect(all.rows).toHaveLength(3000);
      const empty = await session.execute('SELECT id FROM sales.orders WHERE false', { maxRows: 5 });
      expect(empty.rows).toEqual([]);
      expect(empty.columns.map((c) => c.name)).toEqual(['id']);
    } finally {
      await session.release();
    }
  });

  it('runs statements without a result and reports affected rows when DML is allowed', async () => {
    const session = await engine.openSession();
    try {
      await session.begin({ readOnly: false, schema: 'sales' });
      const created = await session.execute('CREATE TABLE scratch (x int)', { maxRows: 10 });
      expect(created).toMatchObject({ columns: [], rows: [] });
      const inserted = await session.execute('INSERT INTO scratch SELECT generate_series(1, 7)', { maxRows: 10 });
      expect(inserted.rowCount).toBe(7);
      await session.commit();
    } finally {
      await session.release();
    }
    expect((await admin.query('SELECT count(*)::int AS n FROM sales.scratch')).rows[0].n).toBe(7);
  });

  it('refuses writes in a read-only run and changes nothing', async () => {
    const session = await engine.openSession();
    try {
      await session.begin({ readOnly: true });
      await expect(session.execute("UPDATE sales.customers SET name = 'x'", { maxRows: 10 })).rejects.toMatchObject({
        errorType: 'DML_NOT_ALLOWED_ERROR',
      });
      await session.rollback();
    } finally {
      await session.release();
    }
    expect((await admin.query(`SELECT count(*)::int AS n FROM sales.customers WHERE name = 'x'`)).rows[0].n).toBe(0);
  });

  it('a read-only run cannot be left with COMMIT, SET TRANSACTION or a multi-statement string', async () => {
    const session = await engine.openSession();
    try {
      await session.begin({ readOnly: true });
      await expect(session.execute('SET TRANSACTION READ WRITE')).rejects.toBeInstanceOf(EngineError);
    } finally {
      await session.release();
    }
    const multi = await engine.openSession();
    try {
      await multi.begin({ readOnly: true });
      await expect(multi.execute("SELECT 1; COMMIT; UPDATE sales.customers SET name = 'x'")).rejects.toBeInstanceOf(
        EngineError,
      );
    } finally {
      await multi.release();
    }
    const committed = await engine.openSession();
    try {
      await committed.begin({ readOnly: true });
      await committed.execute('COMMIT');
      await expect(committed.execute("UPDATE sales.customers SET name = 'x'")).rejects.toMatchObject({
        errorType: 'DML_NOT_ALLOWED_ERROR',
      });
    } finally {
      await committed.release();
    }
    expect((await admin.query(`SELECT count(*)::int AS n FROM sales.customers WHERE name = 'x'`)).rows[0].n).toBe(0);
  });

  it('classifies SQL errors with the database message', async () => {
    const session = await engine.openSession();
    try {
      await session.begin({ readOnly: true });
      await expect(session.execute('SELEC 1')).rejects.toMatchObject({
        errorType: 'SYNTAX_ERROR',
        message: expect.stringContaining('SELEC'),
      });
      await session.rollback();
      await session.begin({ readOnly: true });
      await expect(session.execute('SELECT * FROM nope')).rejects.toMatchObject({
        errorType: 'TABLE_DOES_NOT_EXIST_ERROR',
        message: 'relation "nope" does not exist',
      });
      await session.rollback();
      await session.begin({ readOnly: true });
      await expect(session.execute('SELECT nope FROM sales.customers')).rejects.toMatchObject({
        errorType: 'COLUMN_DOES_NOT_EXIST_ERROR',
      });
    } finally {
      await session.release();
    }
  });
});

describe('cancel', () => {
  it('destroys a cancelled connection instead of pooling it', async () => {
    const session = await engine.openSession();
    const pid = session.backendId;
    await session.begin({ readOnly: true });
    await session.cancel();
    await session.release();
    await waitFor(
      async () => (await admin.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [Number(pid)])).rows.length === 0,
    );
  });
});

describe('metadata', () => {
  it('lists schemas without the system ones, sorted', async () => {
    const schemas = await engine.listSchemas();
    expect(schemas).toEqual(expect.arrayContaining(['public', 'sales']));
    expect(schemas).not.toContain('pg_catalog');
    expect(schemas).not.toContain('information_schema');
    expect(schemas).toEqual([...schemas].sort());
  });

  it('lists tables and views', async () => {
    // `scratch` comes and goes with the DML test above.
    expect((await engine.listTables('sales')).filter((t) => t.name !== 'scratch')).toEqual([
      { name: 'big_orders', type: 'view' },
      { name: 'customers', type: 'table' },
      { name: 'orders', type: 'table' },
    ]);
  });

  it('describes columns, keys, indexes and comments', async () => {
    const orders = await engine.tableMetadata('sales', 'orders');
    expect(orders.columns.find((c) => c.name === 'amount')).toEqual({
      name: 'amount',
      type: 'numeric(12,2)',
      type_generic: GenericType.Numeric,
      is_dttm: false,
      nullable: true,
      default: '0',
      comment: null,
    });
    expect(orders.primaryKey).toEqual({ name: 'orders_pkey', column_names: ['id'] });
    expect(orders.foreignKeys).toEqual([
      {
        name: 'orders_customer_id_fkey',
        column_names: ['customer_id'],
        referred_schema: 'sales',
        referred_table: 'customers',
        referred_columns: ['id'],
      },
    ]);
    expect(orders.indexes).toEqual([
      { name: 'orders_placed_idx', column_names: ['placed_at', 'customer_id'], unique: false },
    ]);
    expect(orders.selectStar).toBe(
      'SELECT "id", "customer_id", "amount", "big", "placed_at", "placed_tz", "day", "paid"\nFROM "sales"."orders"\nLIMIT 100',
    );
    const customers = await engine.tableMetadata('sales', 'customers');
    expect(customers.comment).toBe('People who buy');
    expect(customers.columns.find((c) => c.name === 'name')).toMatchObject({ nullable: false, comment: 'Full name' });
    expect(customers.indexes).toEqual([{ name: 'customers_email_key', column_names: ['email'], unique: true }]);
    expect((await engine.tableMetadata('sales', 'big_orders')).type).toBe('view');
  });

  it('answers 404 for a table that does not exist', async () => {
    await expect(engine.tableMetadata('sales', 'nope')).rejects.toMatchObject({
      errorType: 'TABLE_DOES_NOT_EXIST_ERROR',
      status: 404,
    });
  });
});

describe('estimateCost and connections', () => {
  it('reads the EXPLAIN cost of a statement', async () => {
    const cost = await engine.estimateCost('SELECT * FROM orders WHERE amount > 10', {
      schema: 'sales',
      timeoutMs: 10_000,
    });
    expect(Object.keys(cost)).toEqual(['Start-up cost', 'Total cost']);
    expect(Number(cost['Total cost'])).toBeGreaterThan(0);
    await expect(engine.estimateCost('SELEC', { timeoutMs: 10_000 })).rejects.toMatchObject({
      errorType: 'SYNTAX_ERROR',
    });
  });

  it('reports the server can cancel statements', async () => {
    expect(await engine.capabilities()).toMatchObject({
      canCancelInDatabase: true,
      serverVersion: expect.stringMatching(/^PostgreSQL/),
    });
  });

  it('classifies connection failures', async () => {
    const spec = parseConnectionUri(db.url);
    const failure = async (changes: Partial<ConnectionSpec>) => {
      const other = new PostgresEngine({ ...spec, ...changes });
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
    expect(await failure({ port: 1 })).toMatchObject({ errorType: 'CONNECTION_PORT_CLOSED_ERROR' });
    expect(await failure({ host: 'no-such-host.invalid' })).toMatchObject({
      errorType: 'CONNECTION_INVALID_HOSTNAME_ERROR',
    });
    const err = await failure({ username: 'no_such_role_xyz' });
    expect(err).toBeInstanceOf(EngineConnectionError);
    expect((err as EngineError).errorType).toBe('CONNECTION_INVALID_USERNAME_ERROR');
    await expect(engine.testConnection()).resolves.toBeUndefined();
  });
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}
