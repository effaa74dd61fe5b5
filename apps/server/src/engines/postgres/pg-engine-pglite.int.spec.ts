/**
 * The same engine against the embedded PGlite (the examples database of a server without DATABASE_URL):
 * the pieces PGlite supports, and the capability flag that tells SQL Lab to restart the worker on Stop.
 */
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { EngineCancelledError, GenericType } from '../query-engine';
import { PostgresEngine } from './pg-engine';

let pglite: PGlite;
let server: PGLiteSocketServer;
let engine: PostgresEngine;

beforeAll(async () => {
  pglite = await PGlite.create();
  await pglite.exec(`
    CREATE TABLE flights (id int PRIMARY KEY, origin text, delay numeric, at timestamp);
    CREATE INDEX flights_origin_idx ON flights (origin);
    INSERT INTO flights SELECT g, 'o' || (g % 7), g / 10.0, '2024-01-01'::timestamp + g * interval '1 hour' FROM generate_series(1, 500) g;
  `);
  server = new PGLiteSocketServer({ db: pglite, port: 0, host: '127.0.0.1', maxConnections: 20 } as never);
  await server.start();
  const port = (server as unknown as { port: number }).port;
  engine = new PostgresEngine({
    backend: 'postgresql',
    host: '127.0.0.1',
    port,
    database: 'postgres',
    username: 'postgres',
  });
});

afterAll(async () => {
  await engine?.close();
  await server?.stop();
  await pglite?.close();
});

it('says statements cannot be cancelled inside PGlite', async () => {
  expect(await engine.capabilities()).toMatchObject({
    canCancelInDatabase: false,
    serverVersion: expect.stringContaining('PGlite'),
  });
});

it('executes with a row limit through a cursor', async () => {
  const session = await engine.openSession();
  try {
    await session.begin({ readOnly: true, schema: 'public' });
    const result = await session.execute('SELECT id, delay, at FROM flights ORDER BY id', {
      maxRows: 101,
      timeoutMs: 5000,
    });
    expect(result.rows).toHaveLength(101);
    expect(result.rows[0]).toEqual({ id: 1, delay: 0.1, at: '2024-01-01T01:00:00' });
    expect(result.columns.map((c) => c.type_generic)).toEqual([
      GenericType.Numeric,
      GenericType.Numeric,
      GenericType.Temporal,
    ]);
    await session.rollback();
  } finally {
    await session.release();
  }
});

it('refuses to start after an early cancel', async () => {
  const session = await engine.openSession();
  try {
    await session.cancel();
    await expect(session.execute('SELECT 1')).rejects.toBeInstanceOf(EngineCancelledError);
  } finally {
    await session.release();
  }
});

it('reads metadata and costs', async () => {
  expect(await engine.listSchemas()).toEqual(['public']);
  expect(await engine.listTables('public')).toEqual([{ name: 'flights', type: 'table' }]);
  const meta = await engine.tableMetadata('public', 'flights');
  expect(meta.primaryKey?.column_names).toEqual(['id']);
  expect(meta.indexes).toEqual([{ name: 'flights_origin_idx', column_names: ['origin'], unique: false }]);
  const cost = await engine.estimateCost('SELECT * FROM flights', { timeoutMs: 5000 });
  expect(Number(cost['Total cost'])).toBeGreaterThan(0);
});
