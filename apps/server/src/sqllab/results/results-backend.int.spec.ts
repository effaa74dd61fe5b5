/** Both results backends: bytes come back as stored until their TTL, then are gone; ResultsStore on top of them. */
import { randomUUID } from 'node:crypto';
import IORedis from 'ioredis';
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

/** A backend, and the seconds its store says a key has left to live (null: not there). */
interface Subject {
  backend: ResultsBackend;
  ttlLeft(key: string): Promise<number | null>;
  close(): Promise<void>;
}

const cases: [string, () => Subject][] = [
  [
    'PostgreSQL table',
    () => {
      const backend = new PostgresResultsBackend(dataSource);
      const ttlLeft = async (key: string) => {
        const rows = (await dataSource.query(
          `SELECT extract(epoch FROM expires_at - now())::float AS left FROM query_results WHERE key = $1`,
          [key],
        )) as { left: number }[];
        return rows[0]?.left ?? null;
      };
      return { backend, ttlLeft, close: () => backend.close() };
    },
  ],
  [
    'Redis',
    () => {
      const prefix = `strata-test:${randomUUID()}:`;
      const backend = new RedisResultsBackend(REDIS_URL, prefix);
      const redis = new IORedis(REDIS_URL);
      const ttlLeft = async (key: string) => {
        const ms = await redis.pttl(prefix + key);
        return ms < 0 ? null : ms / 1000;
      };
      return { backend, ttlLeft, close: async () => void (await Promise.all([backend.close(), redis.quit()])) };
    },
  ],
];

/** Polls `probe`; the bound is generous: a loaded machine is slow, not failing. */
async function until(probe: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (const deadline = Date.now() + 30_000; !(await probe());) {
    if (Date.now() > deadline) throw new Error(`still not true: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.each(cases)('%s results backend', (_name, make) => {
  let subject: Subject;
  let backend: ResultsBackend;
  beforeEach(() => {
    subject = make();
    backend = subject.backend;
  });
  afterEach(async () => {
    await subject.close();
  });

  it('returns the bytes that were stored, compressed on the way; a key never written is missing', async () => {
    const key = randomUUID();
    const bytes = Buffer.from(
      JSON.stringify({ data: Array.from({ length: 5000 }, (_, i) => ({ id: i, name: `row ${i}`, nothing: null })) }),
    );
    await backend.put(key, bytes, 60);
    const fetched = await backend.fetch(key);
    expect(fetched.state).toBe('found');
    expect(fetched.state === 'found' && fetched.bytes.equals(bytes)).toBe(true);
    expect(await backend.fetch(randomUUID())).toEqual({ state: 'missing' });
  });

  it('keeps a value for its time to live, then forgets it', async () => {
    const [short, long] = [randomUUID(), randomUUID()];
    await backend.put(long, Buffer.from('{"a":1}'), 3600);
    await backend.put(short, Buffer.from('{"a":1}'), 1);
    // The store's own clock holds each key for the time it was given (the short one may already be gone).
    expect(await subject.ttlLeft(long)).toBeGreaterThan(3000);
    expect((await subject.ttlLeft(short)) ?? 0).toBeLessThanOrEqual(1);
    await until(
      async () => ['expired', 'missing'].includes((await backend.fetch(short)).state),
      'the short-lived value to expire',
    );
    expect((await backend.fetch(long)).state).toBe('found');
  });
});

it('the PostgreSQL backend stores the value compressed and tells an expired key from a missing one', async () => {
  const backend = new PostgresResultsBackend(dataSource);
  const key = randomUUID();
  const value = Buffer.from(
    JSON.stringify({ data: Array.from({ length: 2000 }, () => ({ text: 'the same words again and again' })) }),
  );
  await backend.put(key, value, 60);
  const [{ size }] = (await dataSource.query('SELECT octet_length(value) AS size FROM query_results WHERE key = $1', [
    key,
  ])) as { size: number }[];
  expect(size).toBeLessThan(value.length / 10);
  await dataSource.query(`UPDATE query_results SET expires_at = now() - interval '1 second' WHERE key = $1`, [key]);
  expect(await backend.fetch(key)).toEqual({ state: 'expired' });
});

it('ResultsStore serves a result while its write is in flight, then from the backend', async () => {
  const backend = new PostgresResultsBackend(dataSource);
  const store = new ResultsStore(backend);
  const key = randomUUID();
  const result = SerializedResult.fromRows({
    data: [{ id: 1 }, { id: 2 }],
    columns: [],
    selected_columns: [],
    expanded_columns: [],
  });
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
  // The reader's own backend (the same table) tells the test what each of its reads found.
  const readerSaw: string[] = [];
  const reader = new ResultsStore({
    put: (k, bytes, ttl) => backend.put(k, bytes, ttl),
    fetch: async (k) => {
      const fetched = await backend.fetch(k);
      readerSaw.push(fetched.state);
      return fetched;
    },
    close: () => backend.close(),
  });
  expect((await reader.load(key)).state).toBe('missing');
  const waited = reader.load(key, { mayBePending: true });
  // Written only once the waiting reader has looked and found nothing: it must wait, not answer.
  await until(() => readerSaw.length > 1, "the waiting reader's first look");
  expect(readerSaw).toEqual(['missing', 'missing']);
  await writer.save(
    key,
    SerializedResult.fromRows({ data: [{ x: 'late' }], columns: [], selected_columns: [], expanded_columns: [] }),
    60,
  );
  const loaded = await waited;
  expect(loaded.state === 'found' && loaded.result.rows()).toEqual([{ x: 'late' }]);
});
