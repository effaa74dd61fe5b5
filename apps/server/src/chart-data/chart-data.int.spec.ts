/**
 * The "Done when" for chart data: queries on the example data through POST /api/v1/chart/data
 * return exactly what an independent hand-written SQL query computes on the same tables; injection
 * through column names, filter values and adhoc SQL changes nothing and gets a clear 400.
 */
import type { AuthTestApp } from '../testing/auth-test-app';
import { userClient, type ApiClient } from '../sqllab/bootstrap/rest-testing';
import {
  createChartTestApp,
  loadExampleTables,
  registerExamples,
  type ExamplesFixture,
} from './testing/chart-test-app';

const AVG_HP = {
  expressionType: 'SIMPLE',
  column: { column_name: 'horsepower' },
  aggregate: 'AVG',
  label: 'AVG(horsepower)',
};
const day = { label: 'date', sqlExpression: 'date', columnType: 'BASE_AXIS', timeGrain: 'P1D' };
/** Temporal values are epoch ms (UTC), as Superset answers them. */
const isoDay = (ms: unknown) => new Date(ms as number).toISOString().slice(0, 10);

describe('POST /api/v1/chart/data on the example tables (real PostgreSQL, real HTTP)', () => {
  let fixture: ExamplesFixture;
  let t: AuthTestApp;
  let admin: ApiClient;
  const ids: Record<string, number> = {};

  const chartData = (
    client: ApiClient,
    table: string,
    query: Record<string, unknown>,
    extra: Record<string, unknown> = {},
  ) => client.post('/api/v1/chart/data', { datasource: { id: ids[table], type: 'table' }, queries: [query], ...extra });

  beforeAll(async () => {
    fixture = await loadExampleTables(['cars', 'flights', 'stocks']);
    t = await createChartTestApp();
    admin = await userClient(t, ['Admin']);
    const dbId = await registerExamples(t, fixture);
    for (const table of ['cars', 'flights', 'stocks']) {
      const res = await admin.post('/api/v1/dataset/', { database: dbId, schema: 'public', table_name: table });
      expect(res.status).toBe(201);
      ids[table] = res.body.id;
    }
  }, 300_000);

  afterAll(async () => {
    await t?.close();
    await fixture?.close();
  });

  it('average horsepower by origin on cars equals GROUP BY written by hand', async () => {
    const res = await chartData(admin, 'cars', {
      columns: ['origin'],
      metrics: [AVG_HP],
      orderby: [['origin', true]],
      row_limit: 100,
    });
    expect(res.status).toBe(200);
    const [result] = res.body.result;
    const expected = await fixture.query<{ origin: string; avg: string }>(
      'SELECT origin, AVG(horsepower) AS avg FROM cars GROUP BY origin ORDER BY origin',
    );
    expect(expected.length).toBeGreaterThan(1);
    expect(result.colnames).toEqual(['origin', 'AVG(horsepower)']);
    expect(result.coltypes).toEqual([1, 0]);
    expect(result.rowcount).toBe(expected.length);
    expect(result.data.map((r: Record<string, unknown>) => r.origin)).toEqual(expected.map((e) => e.origin));
    result.data.forEach((r: Record<string, unknown>, i: number) =>
      expect(Number(r['AVG(horsepower)'])).toBeCloseTo(Number(expected[i].avg), 9),
    );
    expect(result.query).toContain('AVG("horsepower")');
    expect(result).toMatchObject({ is_cached: false, status: 'success', applied_filters: [], rejected_filters: [] });

    const again = await chartData(admin, 'cars', {
      columns: ['origin'],
      metrics: [AVG_HP],
      orderby: [['origin', true]],
      row_limit: 100,
    });
    expect(again.body.result[0]).toMatchObject({ is_cached: true, cache_key: result.cache_key, data: result.data });
    const forced = await chartData(
      admin,
      'cars',
      { columns: ['origin'], metrics: [AVG_HP], orderby: [['origin', true]], row_limit: 100 },
      { force: true },
    );
    expect(forced.body.result[0].is_cached).toBe(false);
    // An edit of the dataset is a new version: the same query gets a new cache key and runs again.
    expect((await admin.put(`/api/v1/dataset/${ids.cars}`, { description: 'edited' })).status).toBe(200);
    const edited = await chartData(admin, 'cars', {
      columns: ['origin'],
      metrics: [AVG_HP],
      orderby: [['origin', true]],
      row_limit: 100,
    });
    expect(edited.body.result[0].is_cached).toBe(false);
    expect(edited.body.result[0].cache_key).not.toBe(result.cache_key);
  });

  it("caches for the request's, else the dataset's, else the database's timeout, else one day (REFERENCE §2.1)", async () => {
    const query = { columns: ['origin'], metrics: ['count'], row_limit: 7 };
    const first = await chartData(admin, 'stocks', { ...query, columns: [] });
    expect(first.body.result[0].cache_timeout).toBe(86_400);
    // The dataset editor's setting (dataset/cacheTimeoutChanged) is a new version: the query runs again and is kept for it.
    expect((await admin.put(`/api/v1/dataset/${ids.cars}`, { cache_timeout: 600 })).status).toBe(200);
    const byDataset = await chartData(admin, 'cars', query);
    expect(byDataset.body.result[0]).toMatchObject({ is_cached: false, cache_timeout: 600 });
    const custom = await chartData(admin, 'cars', query, { force: true, custom_cache_timeout: 30 });
    expect(custom.body.result[0]).toMatchObject({ is_cached: false, cache_timeout: 30 });
    expect((await admin.put(`/api/v1/dataset/${ids.cars}`, { cache_timeout: null })).status).toBe(200);
    const unset = await chartData(admin, 'cars', query);
    expect(unset.body.result[0]).toMatchObject({ is_cached: false, cache_timeout: 86_400 });
  });

  it('daily flight counts with a 7-day rolling mean equal a window function written by hand', async () => {
    const res = await chartData(admin, 'flights', {
      columns: [day],
      metrics: ['count'],
      orderby: [['date', true]],
      row_limit: 10000,
      post_processing: [
        {
          operation: 'rolling',
          options: { rolling_type: 'mean', window: 7, min_periods: 7, columns: { count: 'count' } },
        },
      ],
    });
    expect(res.status).toBe(200);
    const [result] = res.body.result;
    const expected = await fixture.query<{ d: string; rolling: string }>(`
      SELECT to_char(d, 'YYYY-MM-DD') AS d, rolling FROM (
        SELECT d, AVG(n) OVER (ORDER BY d ROWS BETWEEN 6 PRECEDING AND CURRENT ROW) AS rolling, row_number() OVER (ORDER BY d) AS rn
        FROM (SELECT date_trunc('day', date) AS d, count(*) AS n FROM flights GROUP BY 1) x
      ) y WHERE rn > 7 ORDER BY d`);
    expect(expected.length).toBeGreaterThan(30);
    expect(result.data.length).toBe(expected.length);
    // Superset's rolling drops the first min_periods rows (df[min_periods:]).
    expect(result.sql_rowcount).toBe(expected.length + 7);
    result.data.forEach((r: Record<string, unknown>, i: number) => {
      expect(isoDay(r.date)).toBe(expected[i].d);
      expect(Number(r.count)).toBeCloseTo(Number(expected[i].rolling), 9);
    });
  });

  it('a TEMPORAL_RANGE filter and a time range on the granularity column bound the rows like WHERE by hand', async () => {
    const res = await chartData(admin, 'flights', {
      columns: [day],
      metrics: ['count'],
      orderby: [['date', true]],
      filters: [
        { col: 'date', op: 'TEMPORAL_RANGE', val: '2001-01-10 : 2001-01-20' },
        { col: 'origin', op: 'IN', val: ['SEA', 'LAX', 'SFO'] },
      ],
    });
    expect(res.status).toBe(200);
    const [result] = res.body.result;
    const expected = await fixture.query<{ d: string; n: number }>(`
      SELECT to_char(date_trunc('day', date), 'YYYY-MM-DD') AS d, count(*)::int AS n FROM flights
      WHERE date >= '2001-01-10' AND date < '2001-01-20' AND origin IN ('SEA', 'LAX', 'SFO') GROUP BY 1 ORDER BY 1`);
    expect(result.data.map((r: Record<string, unknown>) => [isoDay(r.date), Number(r.count)])).toEqual(
      expected.map((e) => [e.d, e.n]),
    );
    expect(result.from_dttm).toBe(Date.UTC(2001, 0, 10));
    expect(result.to_dttm).toBe(Date.UTC(2001, 0, 20));
    expect(result.applied_filters).toEqual([{ column: 'date' }, { column: 'origin' }]);

    const granularity = await chartData(admin, 'flights', {
      metrics: ['count'],
      granularity: 'date',
      time_range: '2001-01-10 : 2001-01-20',
    });
    expect(granularity.body.result[0].data[0].count).toBe(
      (
        await fixture.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM flights WHERE date >= '2001-01-10' AND date < '2001-01-20'`,
        )
      )[0].n,
    );
  });

  it.each([
    [
      'PT30S',
      "to_char(to_timestamp(floor(extract(epoch from date) / 30) * 30) AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS')",
    ],
    [
      'PT5M',
      "to_char(to_timestamp(floor(extract(epoch from date) / 300) * 300) AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS')",
    ],
    [
      'PT0.5H',
      "to_char(to_timestamp(floor(extract(epoch from date) / 1800) * 1800) AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS')",
    ],
    [
      'PT6H',
      "to_char(to_timestamp(floor(extract(epoch from date) / 21600) * 21600) AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS')",
    ],
    ['P1W', "to_char(date::date - ((extract(isodow from date)::int - 1)), 'YYYY-MM-DD HH24:MI:SS')"],
    ['1969-12-28T00:00:00Z/P1W', "to_char(date::date - extract(dow from date)::int, 'YYYY-MM-DD HH24:MI:SS')"],
    ['P1W/1970-01-03T00:00:00Z', "to_char(date::date + (6 - extract(dow from date)::int), 'YYYY-MM-DD HH24:MI:SS')"],
    [
      'PT15M',
      "to_char(to_timestamp(floor(extract(epoch from date) / 900) * 900) AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS')",
    ],
  ])('time grain %s on PostgreSQL buckets flights like %s by hand', async (grain, bucket) => {
    const res = await chartData(admin, 'flights', {
      columns: [{ label: 't', sqlExpression: 'date', columnType: 'BASE_AXIS', timeGrain: grain }],
      metrics: ['count'],
      orderby: [['t', true]],
      row_limit: 100000,
    });
    expect(res.status).toBe(200);
    const expected = await fixture.query<{ b: string; n: number }>(
      `SELECT ${bucket} AS b, count(*)::int AS n FROM flights GROUP BY 1 ORDER BY 1`,
    );
    expect(expected.length).toBeGreaterThan(1);
    expect(
      res.body.result[0].data.map((r: Record<string, unknown>) => [
        new Date(r.t as number).toISOString().replace('T', ' ').slice(0, 19),
        r.count,
      ]),
    ).toEqual(expected.map((e) => [e.b, e.n]));
  });

  it('stocks by symbol with a 1-year time comparison equal a self-join written by hand', async () => {
    const res = await chartData(admin, 'stocks', {
      columns: [{ label: 'date', sqlExpression: 'date', columnType: 'BASE_AXIS', timeGrain: 'P1Y' }, 'symbol'],
      metrics: [{ expressionType: 'SIMPLE', column: { column_name: 'price' }, aggregate: 'AVG', label: 'avg_price' }],
      orderby: [
        ['date', true],
        ['symbol', true],
      ],
      time_offsets: ['1 year ago'],
      row_limit: 10000,
    });
    expect(res.status).toBe(200);
    const [result] = res.body.result;
    expect(result.colnames).toEqual(['date', 'symbol', 'avg_price', 'avg_price__1 year ago']);
    expect(result.label_map['avg_price__1 year ago']).toEqual(['avg_price', '1 year ago']);
    const expected = await fixture.query<{ d: string; symbol: string; p: number; prev: number | null }>(`
      WITH y AS (SELECT date_trunc('year', date::timestamp) AS d, symbol, AVG(price) AS p FROM stocks GROUP BY 1, 2)
      SELECT to_char(a.d, 'YYYY-MM-DD') AS d, a.symbol, a.p, b.p AS prev FROM y a
      LEFT JOIN y b ON b.symbol = a.symbol AND b.d = a.d - interval '1 year' ORDER BY a.d, a.symbol`);
    expect(expected.filter((e) => e.prev !== null).length).toBeGreaterThan(10);
    expect(result.data.length).toBe(expected.length);
    result.data.forEach((r: Record<string, unknown>, i: number) => {
      expect([isoDay(r.date), r.symbol]).toEqual([expected[i].d, expected[i].symbol]);
      expect(Number(r.avg_price)).toBeCloseTo(Number(expected[i].p), 9);
      const prev = r['avg_price__1 year ago'];
      if (expected[i].prev === null) expect(prev).toBeNull();
      else expect(Number(prev)).toBeCloseTo(Number(expected[i].prev), 9);
    });
  });

  it('a top-5 series limit keeps exactly the 5 busiest origins, as ORDER BY count DESC LIMIT 5 by hand', async () => {
    const top = await fixture.query<{ origin: string; n: number }>(
      'SELECT origin, count(*)::int AS n FROM flights GROUP BY origin ORDER BY n DESC LIMIT 6',
    );
    expect(top[4].n).toBeGreaterThan(top[5].n); // no tie at the cut: the expected set is well defined
    const res = await chartData(admin, 'flights', {
      columns: [{ label: 'month', sqlExpression: 'date', columnType: 'BASE_AXIS', timeGrain: 'P1M' }, 'origin'],
      metrics: ['count'],
      series_columns: ['origin'],
      series_limit: 5,
      series_limit_metric: 'count',
      order_desc: true,
      orderby: [
        ['month', true],
        ['origin', true],
      ],
      row_limit: 10000,
    });
    expect(res.status).toBe(200);
    const [result] = res.body.result;
    const expected = await fixture.query<{ m: string; origin: string; n: number }>(`
      SELECT to_char(date_trunc('month', date), 'YYYY-MM-DD') AS m, origin, count(*)::int AS n FROM flights
      WHERE origin IN (SELECT origin FROM flights GROUP BY origin ORDER BY count(*) DESC LIMIT 5)
      GROUP BY 1, 2 ORDER BY 1, 2`);
    expect(new Set(result.data.map((r: Record<string, unknown>) => r.origin))).toEqual(
      new Set(top.slice(0, 5).map((x) => x.origin)),
    );
    expect(result.data.map((r: Record<string, unknown>) => [isoDay(r.month), r.origin, Number(r.count)])).toEqual(
      expected.map((e) => [e.m, e.origin, e.n]),
    );
  });

  it('queries a virtual dataset (SQL as a subquery) like the same SQL by hand; is_rowcount counts rows', async () => {
    const virtual = await admin.post('/api/v1/dataset/', {
      database: (await admin.get(`/api/v1/dataset/${ids.cars}`)).body.result.database.id,
      schema: 'public',
      table_name: 'strong cars',
      sql: 'SELECT origin, horsepower, year FROM cars WHERE horsepower > {{ min_hp }}',
      template_params: '{"min_hp": 100}',
    });
    expect(virtual.status).toBe(201);
    const res = await admin.post('/api/v1/chart/data', {
      datasource: { id: virtual.body.id, type: 'table' },
      queries: [{ columns: ['origin'], metrics: [AVG_HP, 'count'], orderby: [['origin', true]] }],
    });
    expect(res.status).toBe(200);
    expect(res.body.result[0].query).toContain(
      'from (SELECT origin, horsepower, year FROM cars WHERE horsepower > 100\n) as "virtual_table"',
    );
    const expected = await fixture.query<{ origin: string; a: number; n: number }>(
      'SELECT origin, AVG(horsepower)::float AS a, count(*)::int AS n FROM cars WHERE horsepower > 100 GROUP BY origin ORDER BY origin',
    );
    expect(
      res.body.result[0].data.map((r: Record<string, number>) => [r.origin, r['AVG(horsepower)'], r.count]),
    ).toEqual(expected.map((e) => [e.origin, expect.closeTo(e.a, 9), e.n]));
    const rowcount = await chartData(admin, 'cars', {
      columns: ['origin', 'cylinders'],
      metrics: ['count'],
      is_rowcount: true,
    });
    const distinct = (
      await fixture.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM (SELECT DISTINCT origin, cylinders FROM cars) x',
      )
    )[0].n;
    expect(rowcount.body.result[0].data).toEqual([{ rowcount: distinct }]);
  });

  it('raw mode: columns without metrics, ordered, offset, with the row limit capped at the server maximum', async () => {
    const res = await chartData(admin, 'cars', {
      columns: ['name', 'horsepower'],
      orderby: [
        ['horsepower', false],
        ['name', true],
      ],
      row_limit: 5,
      row_offset: 2,
      filters: [{ col: 'horsepower', op: 'IS NOT NULL' }],
    });
    expect(res.status).toBe(200);
    const expected = await fixture.query<{ name: string; horsepower: number }>(
      'SELECT name, horsepower FROM cars WHERE horsepower IS NOT NULL ORDER BY horsepower DESC, name ASC LIMIT 5 OFFSET 2',
    );
    expect(res.body.result[0].data).toEqual(expected);
    const capped = await chartData(
      admin,
      'cars',
      { columns: ['name'], row_limit: 5_000_000 },
      { result_type: 'query' },
    );
    expect(capped.body.result[0].query).toMatch(/limit 100000;$/);
    const unlimited = await chartData(admin, 'cars', { columns: ['name'], row_limit: 0 }, { result_type: 'query' });
    expect(unlimited.body.result[0].query).toMatch(/limit 100000;$/);
  });

  it('injection through column names, filter values and adhoc SQL changes nothing and gets a clear error', async () => {
    const before = await fixture.query<{ n: number }>('SELECT count(*)::int AS n FROM cars');
    const refused: [Record<string, unknown>, string][] = [
      [{ columns: ['origin; DROP TABLE cars'], metrics: ['count'] }, 'COLUMN_DOES_NOT_EXIST_ERROR'],
      [{ columns: ['origin" FROM cars; DELETE FROM cars; --'], metrics: ['count'] }, 'COLUMN_DOES_NOT_EXIST_ERROR'],
      [
        {
          columns: ['origin'],
          metrics: [{ expressionType: 'SQL', sqlExpression: 'COUNT(*)); DELETE FROM cars; --', label: 'x' }],
        },
        'INVALID_SQL_ERROR',
      ],
      [
        {
          columns: ['origin'],
          metrics: [{ expressionType: 'SQL', sqlExpression: '(SELECT count(*) FROM pg_user)', label: 'x' }],
        },
        'INVALID_SQL_ERROR',
      ],
      [{ columns: ['origin'], metrics: ['count'], extras: { where: '1=1) OR (1=1' } }, 'INVALID_SQL_ERROR'],
      [{ columns: ['origin'], metrics: ['count'], extras: { where: 'pg_sleep(5) IS NOT NULL' } }, 'INVALID_SQL_ERROR'],
      [
        { columns: ['origin'], metrics: ['count'], extras: { having: 'COUNT(*) > 0; DELETE FROM cars' } },
        'INVALID_SQL_ERROR',
      ],
      [
        {
          columns: ['origin'],
          metrics: ['count'],
          extras: { where: "origin = 'x' UNION SELECT usename FROM pg_user" },
        },
        'INVALID_SQL_ERROR',
      ],
      [
        {
          columns: [{ label: 'o', sqlExpression: 'origin -- comment\n) FROM cars; DELETE FROM cars; SELECT (1' }],
          metrics: ['count'],
        },
        'INVALID_SQL_ERROR',
      ],
    ];
    for (const [query, errorType] of refused) {
      const res = await chartData(admin, 'cars', query);
      expect([JSON.stringify(query), res.status]).toEqual([JSON.stringify(query), 400]);
      expect(res.body.errors[0].error_type).toBe(errorType);
      expect(res.body.errors[0].message.length).toBeGreaterThan(10);
    }
    // Values are bound: a quote in a filter value is data, not SQL.
    for (const val of ["USA'; DELETE FROM cars; --", "x' OR '1'='1", "USA\\'; DELETE FROM cars; --"]) {
      const res = await chartData(admin, 'cars', {
        columns: ['origin'],
        metrics: ['count'],
        filters: [{ col: 'origin', op: '==', val }],
      });
      expect(res.status).toBe(200);
      expect(res.body.result[0].data).toEqual([]);
    }
    // A filter on a column the dataset does not have is rejected, not run.
    const unknown = await chartData(admin, 'cars', {
      columns: ['origin'],
      metrics: ['count'],
      filters: [{ col: 'nope; DROP TABLE cars', op: '==', val: 1 }],
    });
    expect(unknown.status).toBe(200);
    expect(unknown.body.result[0].rejected_filters).toEqual([
      { reason: 'not_in_datasource', column: 'nope; DROP TABLE cars' },
    ]);
    expect(await fixture.query<{ n: number }>('SELECT count(*)::int AS n FROM cars')).toEqual(before);
  });

  it('answers query, results, samples, columns, csv and xlsx; bad bodies are 400', async () => {
    const query = await chartData(admin, 'cars', { columns: ['origin'], metrics: ['count'] }, { result_type: 'query' });
    expect(query.body.result[0].query).toMatch(
      /^select "origin" as "origin", \(COUNT\(\*\)\) as "count" from "public"\."cars"/,
    );
    const results = await chartData(
      admin,
      'cars',
      { columns: ['origin'], metrics: ['count'] },
      { result_type: 'results' },
    );
    expect(Object.keys(results.body.result[0]).sort()).toEqual([
      'colnames',
      'coltypes',
      'data',
      'rowcount',
      'sql_rowcount',
    ]);
    const samples = await chartData(admin, 'cars', { row_limit: 5 }, { result_type: 'samples' });
    expect(samples.body.result[0].data).toHaveLength(5);
    expect(samples.body.result[0].colnames).toContain('horsepower');
    const csv = await chartData(
      admin,
      'cars',
      { columns: ['origin'], metrics: [AVG_HP], orderby: [['origin', true]] },
      { result_format: 'csv' },
    );
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = String(csv.body).trim().split(/\r?\n/);
    expect(lines[0]).toBe('origin,AVG(horsepower)');
    expect(lines).toHaveLength(1 + (await fixture.query('SELECT DISTINCT origin FROM cars')).length);
    for (const body of [
      {},
      { datasource: { id: ids.cars }, queries: [] },
      { datasource: { id: ids.cars }, queries: [{ filters: [{ col: 'x', op: 'BOGUS', val: 1 }] }] },
    ]) {
      const res = await admin.post('/api/v1/chart/data', body);
      expect(res.status).toBe(400);
      expect(res.body.errors[0].error_type).toBe('INVALID_PAYLOAD_SCHEMA_ERROR');
    }
    const bad = await chartData(admin, 'cars', {
      columns: ['origin'],
      metrics: ['count'],
      granularity: 'year',
      time_range: 'gibberish range',
    });
    expect(bad.status).toBe(400);
  });

  it('paginates samples of a dataset and checks permissions', async () => {
    const first = await admin.post(
      `/datasource/samples?datasource_id=${ids.cars}&datasource_type=table&page=1&per_page=10`,
      {},
    );
    expect(first.status).toBe(200);
    const total = (await fixture.query<{ n: number }>('SELECT count(*)::int AS n FROM cars'))[0].n;
    expect(first.body.result).toMatchObject({ total_count: total, page: 1, per_page: 10 });
    expect(first.body.result.data).toHaveLength(10);
    const filtered = await admin.post(
      `/datasource/samples?datasource_id=${ids.cars}&datasource_type=table&page=2&per_page=7`,
      { filters: [{ col: 'origin', op: '==', val: 'USA' }] },
    );
    const usa = await fixture.query<{ n: number }>("SELECT count(*)::int AS n FROM cars WHERE origin = 'USA'");
    expect(filtered.body.result).toMatchObject({ total_count: usa[0].n, page: 2, per_page: 7 });
    expect(filtered.body.result.data).toHaveLength(7);
    expect(new Set(filtered.body.result.data.map((r: { origin: string }) => r.origin))).toEqual(new Set(['USA']));
    expect((await admin.post(`/datasource/samples?datasource_id=${ids.cars}&per_page=5000`, {})).status).toBe(400);
    const gamma = await userClient(t, ['Gamma']);
    expect((await chartData(gamma, 'cars', { columns: ['origin'], metrics: ['count'] })).status).toBe(404);
    const sqlLab = await userClient(t, ['sql_lab']);
    expect((await chartData(sqlLab, 'cars', { columns: ['origin'], metrics: ['count'] })).status).toBe(403);
  });
});
