import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../storage/embedded/embedded-postgres';
import { ExamplesDatabase } from '../../storage/examples-database';
import { EMBEDDED_READER_ROLE } from '../../storage/storage-runtime';
import { externalExamplesDatabase } from '../../storage/external-examples';
import { createTestDatabase, TestDatabase } from '../../testing/test-database';
import { DATASETS, vegaDatasets } from '../source/datasets';
import { loadExamples, MANIFEST, TableProgress } from './load-examples';

/** Row counts read straight from the files, independently of the loader's parsers. */
function sourceRowCount(file: string): number {
  const text = readFileSync(join(vegaDatasets().dataDir, file), 'utf8');
  if (file.endsWith('.json')) return (JSON.parse(text) as unknown[]).length;
  return text.trim().split(/\r?\n/).length - 1; // header line; these CSVs have no quoted line breaks
}

describe('loadExamples into a fresh PostgreSQL database', () => {
  let testDb: TestDatabase;
  let examples: ExamplesDatabase;
  let admin: Client;
  let firstRun: TableProgress[];
  const progress: TableProgress[] = [];

  beforeAll(async () => {
    testDb = await createTestDatabase('examples_load');
    examples = await externalExamplesDatabase({
      metadataUrl: testDb.url,
      examplesUrl: testDb.url,
      secretKey: 'k'.repeat(40),
      warn: (m) => {
        throw new Error(m);
      },
    });
    firstRun = await loadExamples(examples, { onProgress: (p) => progress.push(p) });
    admin = new Client({ connectionString: examples.adminUrl });
    await admin.connect();
  }, 300000);

  afterAll(async () => {
    await admin?.end();
    await testDb?.drop();
    if (examples?.readerRole && testDb.source !== 'pglite') {
      const c = new Client({ connectionString: testDb.url.replace(/\/[^/]*$/, '/postgres') });
      await c.connect();
      await c.query(`DROP ROLE IF EXISTS "${examples.readerRole}"`);
      await c.end();
    }
  });

  const count = async (table: string) =>
    (await admin.query<{ n: number }>(`SELECT count(*)::int AS n FROM public."${table}"`)).rows[0].n;

  const columnTypes = async (table: string) => {
    const { rows } = await admin.query<{ column_name: string; data_type: string }>(
      `SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1 ORDER BY ordinal_position`,
      [table],
    );
    return Object.fromEntries(rows.map((r) => [r.column_name, r.data_type]));
  };

  it('loads every listed table with its full row count', async () => {
    expect(firstRun.map((r) => [r.table, r.state, r.error])).toEqual(
      DATASETS.map((d) => [d.table, 'loaded', undefined]),
    );
    for (const dataset of DATASETS) {
      const expected = sourceRowCount(dataset.file);
      expect([dataset.table, await count(dataset.table)]).toEqual([dataset.table, expected]);
    }
    expect(await count('flights_200k')).toBe(200000);
  });

  it('gives columns snake_case names and proper types', async () => {
    expect(await columnTypes('flights')).toEqual({
      date: 'timestamp without time zone',
      delay: 'integer',
      distance: 'integer',
      origin: 'text',
      destination: 'text',
    });
    expect(await columnTypes('flights_200k')).toEqual({
      delay: 'integer',
      distance: 'integer',
      time: 'double precision',
    });
    expect(await columnTypes('cars')).toMatchObject({
      name: 'text',
      miles_per_gallon: 'double precision',
      cylinders: 'integer',
      weight_in_lbs: 'integer',
      year: 'date',
      origin: 'text',
    });
    expect(await columnTypes('movies')).toMatchObject({
      title: 'text',
      us_gross: 'integer',
      worldwide_gross: 'bigint',
      release_date: 'date',
      imdb_rating: 'double precision',
      imdb_votes: 'integer',
    });
    expect(await columnTypes('seattle_weather')).toEqual({
      date: 'date',
      precipitation: 'double precision',
      temp_max: 'double precision',
      temp_min: 'double precision',
      wind: 'double precision',
      weather: 'text',
    });
    expect(await columnTypes('stocks')).toEqual({ symbol: 'text', date: 'date', price: 'double precision' });
    expect(await columnTypes('airports')).toMatchObject({
      iata: 'text',
      latitude: 'double precision',
      longitude: 'double precision',
    });
    expect(await columnTypes('birdstrikes')).toMatchObject({
      flight_date: 'date',
      cost_total: 'integer',
      speed_ias_in_knots: 'integer',
    });
    expect(await columnTypes('penguins')).toMatchObject({
      species: 'text',
      beak_length_mm: 'double precision',
      body_mass_g: 'integer',
    });
    expect(await columnTypes('gapminder')).toMatchObject({
      year: 'integer',
      country: 'text',
      pop: 'integer',
      life_expect: 'double precision',
    });
    expect(await columnTypes('unemployment_across_industries')).toMatchObject({
      series: 'text',
      count: 'integer',
      rate: 'double precision',
      date: 'timestamp with time zone',
    });
    expect(await columnTypes('us_employment')).toMatchObject({
      month: 'date',
      nonfarm: 'integer',
      nonfarm_change: 'integer',
    });
  });

  it('keeps the values: dates, quoted CSV fields and numbers read back as in the source', async () => {
    const flight = await admin.query(
      `SELECT to_char(date, 'YYYY-MM-DD HH24:MI') AS d, delay, origin FROM flights ORDER BY date, delay LIMIT 1`,
    );
    expect(flight.rows[0]).toEqual({ d: '2001-01-01 00:47', delay: 66, origin: 'DTW' });
    const airport = await admin.query(`SELECT name, state FROM airports WHERE iata = '35A'`);
    expect(airport.rows).toEqual([{ name: 'Union County, Troy Shelton', state: 'SC' }]);
    const stock = await admin.query(
      `SELECT to_char(date, 'YYYY-MM-DD') AS d, price FROM stocks WHERE symbol = 'MSFT' ORDER BY date LIMIT 1`,
    );
    expect(stock.rows).toEqual([{ d: '2000-01-01', price: 39.81 }]);
    const sums = await admin.query(
      `SELECT sum(delay)::bigint AS delay, sum(distance)::bigint AS distance FROM flights_200k`,
    );
    const source = JSON.parse(readFileSync(join(vegaDatasets().dataDir, 'flights-200k.json'), 'utf8')) as {
      delay: number;
      distance: number;
    }[];
    expect(sums.rows[0]).toEqual({
      delay: String(source.reduce((s, r) => s + r.delay, 0)),
      distance: String(source.reduce((s, r) => s + r.distance, 0)),
    });
  });

  it('reported progress for each table: loading with the expected count, then loaded', () => {
    const flights200k = progress.filter((p) => p.table === 'flights_200k');
    expect(flights200k.map((p) => [p.state, p.expectedRows])).toEqual([
      ['loading', 200000],
      ['loaded', 200000],
    ]);
  });

  it('lets the read-only role SELECT the tables but not change them or see the manifest', async () => {
    // PGlite ignores the connecting user (see storage/examples-database.ts): roles are not enforced there.
    if (testDb.source === 'pglite') return;
    const reader = new Client({ connectionString: examples.readerUrl });
    await reader.connect();
    try {
      expect((await reader.query('SELECT count(*)::int AS n FROM cars')).rows[0].n).toBeGreaterThan(0);
      await expect(reader.query('DELETE FROM cars')).rejects.toThrow(/read-only transaction/);
      await expect(reader.query('BEGIN READ WRITE; DELETE FROM cars')).rejects.toThrow(/permission denied/);
      await reader.query('ROLLBACK');
      await expect(reader.query(`SELECT * FROM ${MANIFEST}`)).rejects.toThrow(/permission denied/);
    } finally {
      await reader.end();
    }
  });

  it('changes nothing on a second load', async () => {
    const snapshot = async () =>
      (
        await admin.query(
          `SELECT m.table_name, m.loaded_at, c.oid::int AS oid, c.xmin::text AS xmin FROM ${MANIFEST} m
           JOIN pg_class c ON c.oid = to_regclass('public.' || quote_ident(m.table_name)) ORDER BY 1`,
        )
      ).rows;
    const before = await snapshot();
    const second = await loadExamples(examples);
    expect(second.every((r) => r.state === 'loaded' && r.skipped)).toBe(true);
    expect(await snapshot()).toEqual(before);
    expect(await count('flights_200k')).toBe(200000);
  });

  it('reloads a table whose rows went missing', async () => {
    await admin.query('DELETE FROM penguins WHERE ctid IN (SELECT ctid FROM penguins LIMIT 5)');
    const again = await loadExamples(examples, { datasets: DATASETS.filter((d) => d.table === 'penguins') });
    expect(again).toMatchObject([{ table: 'penguins', state: 'loaded', skipped: false }]);
    expect(await count('penguins')).toBe(sourceRowCount('penguins.json'));
  });
});

describe('loadExamples into the embedded examples database while it restarts', () => {
  let home: string;
  let embedded: EmbeddedPostgres;
  let examples: ExamplesDatabase;

  beforeAll(async () => {
    home = mkdtempSync(join(tmpdir(), 'strata-examples-restart-'));
    embedded = await startEmbeddedPostgres({
      name: 'examples',
      dataDir: join(home, 'examples'),
      password: 'restart-test-password',
      readerRole: EMBEDDED_READER_ROLE,
    });
    examples = new ExamplesDatabase(
      embedded.url('postgres'),
      embedded.url(EMBEDDED_READER_ROLE),
      EMBEDDED_READER_ROLE,
      'session-role',
    );
  }, 120000);
  afterAll(async () => {
    await embedded?.stop();
    rmSync(home, { recursive: true, force: true });
  });

  it('loads every table though the database restarts in the middle of one (a Stop in SQL Lab during the first start)', async () => {
    const datasets = DATASETS.filter((d) => ['cars', 'stocks', 'penguins'].includes(d.table));
    const oldPid = embedded.pid;
    let restarted = false;
    const results = await loadExamples(examples, {
      datasets,
      onProgress: (p) => {
        // The kill is sent at once: the table about to be written loses its connection.
        if (p.table === 'stocks' && p.state === 'loading' && !restarted) {
          restarted = true;
          void embedded.restart();
        }
      },
    });
    expect(restarted).toBe(true);
    expect(results.map((r) => [r.table, r.state])).toEqual([
      ['cars', 'loaded'],
      ['stocks', 'loaded'],
      ['penguins', 'loaded'],
    ]);
    expect(embedded.pid).not.toBe(oldPid);
    const reader = new Client({ connectionString: examples.readerUrl });
    await reader.connect();
    try {
      expect((await reader.query('SELECT count(*)::int AS n FROM stocks')).rows[0].n).toBe(
        sourceRowCount('stocks.csv'),
      );
      expect((await reader.query('SELECT count(*)::int AS n FROM penguins')).rows[0].n).toBe(
        sourceRowCount('penguins.json'),
      );
    } finally {
      await reader.end();
    }
  }, 120000);
});
