/** Both results backends: bytes come back as stored until their TTL, then are gone; ResultsStore on top of them. */
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { migrations } from '../../storage/migrations';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { PostgresResultsBackend, RedisResultsBackend, type ResultsBackend } from './results-backend';
import { ResultsStore } from './results-store';
import { SerializedResult } from './serialized-result';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
let db: TestDatabase;
let dataSource: DataSource;

beforeAll(async () => {
  db = await createTestDatabase('results');
  dataSource = new DataSource({ type: 'postgres', url: db.url, migrations, migrationsRun: true });
  await dataSource.initialize();
  await dataSource.runMigrations();
});
afterAll(async () => {
  await dataSource?.destroy();
  await db?.drop();
});

const cases: [string, () => ResultsBackend][] = [
  ['PostgreSQL table', () => new PostgresResultsBackend(dataSource)],
  ['Redis', () => new RedisResultsBackend(REDIS_URL, `strata-test:${randomUUID()}:`)],
];

describe.each(cases)('%s results backend', (_name, make) => {
  let backend: ResultsBackend;
  beforeEach(() => {
    backend = make();
  });
  afterEach(async () => {
    await backend.close();
  });

  it('returns the bytes that were stored, compressed on the way; a key never written is missing', async () => {
    const key = randomUUID();
    const bytes = Buffer.from(JSON.stringify({ data: Array.from({ length: 5000 }, (_, i) => ({ id: i, name: `row ${i}`, nothing: null })) }));
    await backend.put(key, bytes, 60);
    const fetched = await backend.fetch(key);
    expect(fetched.state).toBe('found');
    expect(fetched.state === 'found' && fetched.bytes.equals(bytes)).toBe(true);
    expect(await backend.fetch(randomUUID())).toEqual({ state: 'missing' });
  });

  it('forgets a value after its time to live', async () => {
    const key = randomUUID();
    await backend.put(key, Buffer.from('{"a":1}'), 1);
    expect((await backend.fetch(key)).state).toBe('found');
    await new Promise((r) => setTimeout(r, 1200));
    expect(['expired', 'missing']).toContain((await backend.fetch(key)).state);
  });
});

it('the PostgreSQL backend stores the value compressed and tells an expired key from a missing one', async () => {
  const backend = new PostgresResultsBackend(dataSource);
  const key = randomUUID();
  const value = Buffer.from(JSON.stringify({ data: Array.from({ length: 2000 }, () => ({ text: 'the same words again and again' })) }));
  await backend.put(key, value, 60);
  const [{ size }] = (await dataSource.query('SELECT octet_length(value) AS size FROM query_results WHERE key = $1', [key])) as { size: number }[];
  expect(size).toBeLessThan(value.length / 10);
  await dataSource.query(`UPDATE query_results SET expires_at = now() - interval '1 second' WHERE key = $1`, [key]);
  expect(await backend.fetch(key)).toEqual({ state: 'expired' });
});

it('ResultsStore serves a result while its write is in flight, then from the backend', async () => {
  const backend = new PostgresResultsBackend(dataSource);
  const store = new ResultsStore(backend);
  const key = randomUUID();
  const result = SerializedResult.fromRows({ data: [{ id: 1 }, { id: 2 }], columns: [], selected_columns: [], expanded_columns: [] });
  const written = store.save(key, result, 60);
  // Nothing is in the table yet, but this process answers from memory.
  const early = await store.load(key);
  expect(early.state === 'found' && early.result.rows()).toEqual([{ id: 1 }, { id: 2 }]);
  expect(await written).toBe(true);
  const fresh = new ResultsStore(backend);
  const late = await fresh.load(key);
  expect(late.state === 'found' && late.result.rows(1)).toEqual([{ id: 1 }]);
});

it('ResultsStore in another process waits for a result being written, and gives up on a missing one', async () => {
  const backend = new PostgresResultsBackend(dataSource);
  const key = randomUUID();
  const writer = new ResultsStore(backend);
  const reader = new ResultsStore(backend);
  const slowWrite = new Promise<void>((resolve) => setTimeout(resolve, 300)).then(() =>
    writer.save(key, SerializedResult.fromRows({ data: [{ x: 'late' }], columns: [], selected_columns: [], expanded_columns: [] }), 60),
  );
  expect((await reader.load(key)).state).toBe('missing');
  const waited = await reader.load(key, { mayBePending: true });
  expect(waited.state === 'found' && waited.result.rows()).toEqual([{ x: 'late' }]);
  await slowWrite;
});
