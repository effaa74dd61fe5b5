/** Both results backends: a value comes back as stored until its TTL, then is gone (null). */
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { migrations } from '../../storage/migrations';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { PostgresResultsBackend, RedisResultsBackend, type ResultsBackend } from './results-backend';

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

  it('returns what was stored, rows and columns intact, compressed on the way', async () => {
    const key = randomUUID();
    const value = { data: Array.from({ length: 5000 }, (_, i) => ({ id: i, name: `row ${i}`, nothing: null })), columns: [{ name: 'id' }] };
    await backend.set(key, value, 60);
    expect(await backend.get(key)).toEqual(value);
    expect(await backend.get(randomUUID())).toBeNull();
  });

  it('forgets a value after its time to live', async () => {
    const key = randomUUID();
    await backend.set(key, { a: 1 }, 1);
    expect(await backend.get(key)).toEqual({ a: 1 });
    await new Promise((r) => setTimeout(r, 1200));
    expect(await backend.get(key)).toBeNull();
  });
});

it('the PostgreSQL backend stores the value compressed', async () => {
  const backend = new PostgresResultsBackend(dataSource);
  const key = randomUUID();
  const value = { data: Array.from({ length: 2000 }, () => ({ text: 'the same words again and again' })) };
  await backend.set(key, value, 60);
  const [{ size }] = (await dataSource.query('SELECT octet_length(value) AS size FROM query_results WHERE key = $1', [key])) as { size: number }[];
  expect(size).toBeLessThan(JSON.stringify(value).length / 10);
});
