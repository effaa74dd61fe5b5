/**
 * Issue 16 item 5: query contexts in the shapes Superset's chart plugins' buildQuery send (echarts
 * timeseries with a BASE_AXIS adhoc column, pivot / rolling / cum / compare / contribution / resample /
 * rename / flatten, table, big number, bar on a categorical x-axis), answered as Superset's
 * /api/v1/chart/data answers them: temporal values as epoch ms (a zone-less timestamp read as UTC),
 * GenericDataType coltypes, a time grain ignored on what is not temporal, the post-processing equal to the
 * same computation written by hand in SQL. On a real PostgreSQL and on the embedded examples database (PGlite).
 */
import { userClient, type ApiClient } from '../sqllab/bootstrap/rest-testing';
import type { AuthTestApp } from '../testing/auth-test-app';
import {
  createChartTestApp,
  loadEmbeddedExampleTables,
  loadExampleTables,
  registerExamples,
  type ExamplesFixture,
} from './testing/chart-test-app';

type Row = Record<string, unknown>;
const TEMPORAL = 2;
const NUMERIC = 0;
const STRING = 1;

/** getXAxisColumn of @superset-ui/chart-controls: the x-axis always carries the form's time grain. */
const xAxis = (column: string, timeGrain = 'P1D') => ({
  timeGrain,
  columnType: 'BASE_AXIS',
  sqlExpression: column,
  label: column,
  expressionType: 'SQL',
});
/** What every buildQuery of Superset's plugins adds to a query object. */
const common = {
  extras: { having: '', where: '' },
  applied_time_extras: {},
  annotation_layers: [],
  url_params: {},
  custom_params: {},
  custom_form_data: {},
  time_offsets: [],
  order_desc: true,
};
const ORIGINS = { col: 'origin', op: 'IN', val: ['LAX', 'SEA', 'SFO'] };
const FIRST_MONTHS = { col: 'date', op: 'TEMPORAL_RANGE', val: '2001-01-01 : 2001-03-01' };

describe.each(['postgres', 'embedded'] as const)('Superset-shaped chart data on %s', (kind) => {
  let fixture: ExamplesFixture;
  let t: AuthTestApp;
  let admin: ApiClient;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    const tables = ['cars', 'flights', 'stocks'];
    fixture = kind === 'embedded' ? await loadEmbeddedExampleTables(tables) : await loadExampleTables(tables);
    t = await createChartTestApp();
    admin = await userClient(t, ['Admin']);
    const dbId = await registerExamples(t, fixture);
    for (const table of tables) {
      const res = await admin.post('/api/v1/dataset/', { database: dbId, schema: 'public', table_name: table });
      expect(res.status).toBe(201);
      ids[table] = res.body.id;
    }
  }, 300_000);

  afterAll(async () => {
    await t?.close();
    await fixture?.close();
  });

  const chartData = async (table: string, query: Row, extra: Row = {}) => {
    const res = await admin.post('/api/v1/chart/data', {
      datasource: { id: ids[table], type: 'table' },
      force: false,
      queries: [{ ...common, ...query }],
      result_format: 'json',
      result_type: 'full',
      ...extra,
    });
    expect([res.status, res.status === 200 ? '' : JSON.stringify(res.body).slice(0, 300)]).toEqual([200, '']);
    return res.body.result[0] as { colnames: string[]; coltypes: number[]; data: Row[]; sql_rowcount: number };
  };
  /** Epoch ms of a hand-written query's timestamp, computed by the database (a naive timestamp as UTC). */
  const ms = (expr: string) => `(extract(epoch from ${expr}) * 1000)::float8`;

  it('echarts timeseries: monthly counts by origin pivoted to one series per origin, the x values epoch ms', async () => {
    const result = await chartData('flights', {
      columns: [xAxis('date', 'P1M'), 'origin'],
      metrics: ['count'],
      filters: [ORIGINS],
      orderby: [['count', false]],
      series_columns: ['origin'],
      row_limit: 10000,
      post_processing: [
        {
          operation: 'pivot',
          options: {
            index: ['date'],
            columns: ['origin'],
            aggregates: { count: { operator: 'mean' } },
            drop_missing_columns: false,
          },
        },
        { operation: 'rename', options: { columns: { count: null }, level: 0, inplace: true } },
        { operation: 'flatten' },
      ],
    });
    const expected = await fixture.query<{ t: number; origin: string; n: number }>(
      `SELECT ${ms("date_trunc('month', date)")} AS t, origin, count(*)::int AS n FROM flights
       WHERE origin IN ('LAX', 'SEA', 'SFO') GROUP BY 1, 2 ORDER BY 1, 2`,
    );
    expect(result.colnames).toEqual(['date', 'LAX', 'SEA', 'SFO']);
    expect(result.coltypes).toEqual([TEMPORAL, NUMERIC, NUMERIC, NUMERIC]);
    const months = [...new Set(expected.map((e) => e.t))];
    expect(months[0]).toBe(Date.UTC(2001, 0, 1));
    expect(result.data.map((r) => r.date)).toEqual(months);
    for (const e of expected) expect(result.data.find((r) => r.date === e.t)![e.origin]).toBe(e.n);
  });

  it('rolling mean with min_periods drops the first min_periods rows, as Superset; a window written by hand agrees', async () => {
    const result = await chartData('flights', {
      columns: [xAxis('date')],
      metrics: ['count'],
      filters: [FIRST_MONTHS, { col: 'origin', op: '==', val: 'SEA' }],
      orderby: [['count', false]],
      row_limit: 10000,
      post_processing: [
        {
          operation: 'pivot',
          options: {
            index: ['date'],
            columns: [],
            aggregates: { count: { operator: 'mean' } },
            drop_missing_columns: false,
          },
        },
        {
          operation: 'rolling',
          options: { rolling_type: 'mean', window: 3, min_periods: 2, columns: { count: 'count' } },
        },
        { operation: 'flatten' },
      ],
    });
    const expected = await fixture.query<{ t: number; v: number | null }>(`
      SELECT t, CASE WHEN c >= 2 THEN a END AS v FROM (
        SELECT t, avg(n) OVER w AS a, count(n) OVER w AS c, row_number() OVER (ORDER BY t) AS rn
        FROM (SELECT ${ms("date_trunc('day', date)")} AS t, count(*) AS n FROM flights
              WHERE date >= '2001-01-01' AND date < '2001-03-01' AND origin = 'SEA' GROUP BY 1) d
        WINDOW w AS (ORDER BY t ROWS BETWEEN 2 PRECEDING AND CURRENT ROW)
      ) x WHERE rn > 2 ORDER BY t`);
    expect(expected.length).toBeGreaterThan(20);
    expect(result.sql_rowcount).toBe(expected.length + 2);
    expect(result.data.map((r) => r.date)).toEqual(expected.map((e) => e.t));
    result.data.forEach((r, i) => expect(r.count as number).toBeCloseTo(Number(expected[i].v), 9));
  });

  it('cumulative sum (cum) of daily counts equals SUM() OVER by hand', async () => {
    const result = await chartData('flights', {
      columns: [xAxis('date')],
      metrics: ['count'],
      filters: [FIRST_MONTHS],
      orderby: [['count', false]],
      row_limit: 10000,
      post_processing: [
        {
          operation: 'pivot',
          options: {
            index: ['date'],
            columns: [],
            aggregates: { count: { operator: 'mean' } },
            drop_missing_columns: false,
          },
        },
        { operation: 'cum', options: { operator: 'sum', columns: { count: 'count' } } },
        { operation: 'flatten' },
      ],
    });
    const expected = await fixture.query<{ t: number; v: number }>(`
      SELECT t, (sum(n) OVER (ORDER BY t))::int AS v FROM (
        SELECT ${ms("date_trunc('day', date)")} AS t, count(*) AS n FROM flights
        WHERE date >= '2001-01-01' AND date < '2001-03-01' GROUP BY 1) d ORDER BY t`);
    expect(result.data.map((r) => [r.date, r.count])).toEqual(expected.map((e) => [e.t, e.v]));
  });

  it('time comparison with a percentage compare equals a self-join by hand', async () => {
    const metric = { expressionType: 'SIMPLE', column: { column_name: 'price' }, aggregate: 'AVG', label: 'avg_price' };
    const result = await chartData('stocks', {
      columns: [xAxis('date', 'P1Y')],
      metrics: [metric],
      filters: [{ col: 'symbol', op: '==', val: 'AAPL' }],
      orderby: [[metric, false]],
      row_limit: 10000,
      time_offsets: ['1 year ago'],
      post_processing: [
        {
          operation: 'pivot',
          options: {
            index: ['date'],
            columns: [],
            aggregates: { avg_price: { operator: 'mean' }, 'avg_price__1 year ago': { operator: 'mean' } },
            drop_missing_columns: false,
          },
        },
        {
          operation: 'compare',
          options: {
            source_columns: ['avg_price'],
            compare_columns: ['avg_price__1 year ago'],
            compare_type: 'percentage',
            drop_original_columns: true,
          },
        },
        { operation: 'flatten' },
      ],
    });
    const expected = await fixture.query<{ t: number; pct: number | null }>(`
      WITH y AS (SELECT date_trunc('year', date::timestamp) AS d, AVG(price) AS p FROM stocks WHERE symbol = 'AAPL' GROUP BY 1)
      SELECT ${ms('a.d')} AS t, (a.p - b.p) / b.p AS pct FROM y a LEFT JOIN y b ON b.d = a.d - interval '1 year' ORDER BY a.d`);
    const column = 'percentage__avg_price__avg_price__1 year ago';
    expect(result.colnames).toEqual(['date', column]);
    expect(result.data.map((r) => r.date)).toEqual(expected.map((e) => e.t));
    result.data.forEach(
      (r, i) =>
        expected[i].pct === null
          ? expect(r[column]).toBeNull()
          : expect(r[column] as number).toBeCloseTo(expected[i].pct!, 4), // compare rounds to precision 4
    );
  });

  it('row contribution of each origin per month equals n / SUM(n) OVER (PARTITION BY month) by hand', async () => {
    const result = await chartData('flights', {
      columns: [xAxis('date', 'P1M'), 'origin'],
      metrics: ['count'],
      filters: [ORIGINS],
      orderby: [['count', false]],
      series_columns: ['origin'],
      row_limit: 10000,
      post_processing: [
        {
          operation: 'pivot',
          options: {
            index: ['date'],
            columns: ['origin'],
            aggregates: { count: { operator: 'mean' } },
            drop_missing_columns: false,
          },
        },
        { operation: 'contribution', options: { orientation: 'row' } },
        { operation: 'rename', options: { columns: { count: null }, level: 0, inplace: true } },
        { operation: 'flatten' },
      ],
    });
    const expected = await fixture.query<{ t: number; origin: string; share: number }>(`
      SELECT t, origin, n::float8 / sum(n) OVER (PARTITION BY t) AS share FROM (
        SELECT ${ms("date_trunc('month', date)")} AS t, origin, count(*) AS n FROM flights
        WHERE origin IN ('LAX', 'SEA', 'SFO') GROUP BY 1, 2) x ORDER BY 1, 2`);
    for (const e of expected)
      expect(result.data.find((r) => r.date === e.t)![e.origin] as number).toBeCloseTo(e.share, 9);
  });

  it('resample 1D asfreq with fill_value 0 fills the missing days as generate_series by hand', async () => {
    const rare = (
      await fixture.query<{ destination: string }>(
        `SELECT destination FROM flights GROUP BY 1 HAVING count(DISTINCT date_trunc('day', date)) BETWEEN 5 AND 30
         ORDER BY count(*), 1 LIMIT 1`,
      )
    )[0].destination;
    const result = await chartData('flights', {
      columns: [xAxis('date')],
      metrics: ['count'],
      filters: [{ col: 'destination', op: '==', val: rare }],
      orderby: [['count', false]],
      row_limit: 10000,
      post_processing: [
        {
          operation: 'pivot',
          options: {
            index: ['date'],
            columns: [],
            aggregates: { count: { operator: 'mean' } },
            drop_missing_columns: false,
          },
        },
        { operation: 'resample', options: { method: 'asfreq', rule: '1D', fill_value: 0 } },
        { operation: 'flatten' },
      ],
    });
    const expected = await fixture.query<{ t: number; n: number }>(
      `
      WITH d AS (SELECT date_trunc('day', date) AS day, count(*)::int AS n FROM flights WHERE destination = $1 GROUP BY 1)
      SELECT ${ms('g')} AS t, coalesce(d.n, 0) AS n
      FROM generate_series((SELECT min(day) FROM d), (SELECT max(day) FROM d), interval '1 day') g
      LEFT JOIN d ON d.day = g ORDER BY g`,
      [rare],
    );
    expect(expected.some((e) => e.n === 0)).toBe(true);
    expect(result.data.map((r) => [r.date, r.count])).toEqual(expected.map((e) => [e.t, e.n]));
  });

  it('table and big number with trendline: temporal columns as epoch ms; big number total is one number', async () => {
    const table = await chartData('cars', {
      columns: [xAxis('year', 'P1Y'), 'origin'],
      metrics: ['count'],
      orderby: [['count', false]],
      row_limit: 1000,
      post_processing: [],
    });
    const expected = await fixture.query<{ t: number; origin: string; n: number }>(
      `SELECT ${ms("date_trunc('year', year)")} AS t, origin, count(*)::int AS n FROM cars GROUP BY 1, 2`,
    );
    expect(table.coltypes).toEqual([TEMPORAL, STRING, NUMERIC]);
    const key = (r: { t?: unknown; year?: unknown; origin?: unknown; n?: unknown; count?: unknown }) =>
      JSON.stringify([r.t ?? r.year, r.origin, r.n ?? r.count]);
    expect(table.data.map(key).sort()).toEqual(expected.map(key).sort());

    const trend = await chartData('flights', {
      columns: [xAxis('date')],
      metrics: ['count'],
      filters: [FIRST_MONTHS],
      orderby: [['date', true]],
      row_limit: 10000,
      post_processing: [
        {
          operation: 'pivot',
          options: {
            index: ['date'],
            columns: [],
            aggregates: { count: { operator: 'mean' } },
            drop_missing_columns: true,
          },
        },
        { operation: 'flatten' },
      ],
    });
    expect(trend.data[0]).toEqual({
      date: Date.UTC(2001, 0, 1),
      count: (
        await fixture.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM flights WHERE date >= '2001-01-01' AND date < '2001-01-02'`,
        )
      )[0].n,
    });
    const total = await chartData('flights', {
      columns: [],
      metrics: ['count'],
      filters: [FIRST_MONTHS],
      post_processing: [],
    });
    expect(total.data).toEqual([
      {
        count: (
          await fixture.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM flights WHERE date >= '2001-01-01' AND date < '2001-03-01'`,
          )
        )[0].n,
      },
    ]);
  });

  it('a time grain on a categorical x-axis (a bar by origin) or a numeric expression is ignored, not a database error', async () => {
    const bars = await chartData('flights', {
      columns: [xAxis('origin', 'P1D')],
      metrics: ['count'],
      orderby: [['count', false]],
      row_limit: 5,
      post_processing: [],
    });
    const expected = await fixture.query<{ origin: string; n: number }>(
      'SELECT origin, count(*)::int AS n FROM flights GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 5',
    );
    expect(bars.coltypes).toEqual([STRING, NUMERIC]);
    expect(bars.data.map((r) => r.count)).toEqual(expected.map((e) => e.n));

    const hours = await chartData('flights', {
      columns: [{ ...xAxis('delay / 60', 'P1M'), label: 'delay_hours' }],
      metrics: ['count'],
      orderby: [['delay_hours', true]],
      row_limit: 3,
      post_processing: [],
    });
    const byHand = await fixture.query<{ h: number; n: number }>(
      'SELECT delay / 60 AS h, count(*)::int AS n FROM flights GROUP BY 1 ORDER BY 1 LIMIT 3',
    );
    expect(hours.data.map((r) => [r.delay_hours, r.count])).toEqual(byHand.map((e) => [e.h, e.n]));
    // A temporal expression still gets its grain.
    const grained = await chartData('flights', {
      columns: [{ ...xAxis("date + interval '1 hour'", 'P1M'), label: 'later' }],
      metrics: ['count'],
      orderby: [['later', true]],
      row_limit: 1,
      post_processing: [],
    });
    expect(grained.data[0].later).toBe(Date.UTC(2001, 0, 1));
  });

  it('samples and drill to detail rows carry epoch ms; CSV shows readable dates', async () => {
    const samples = await admin.post(
      `/datasource/samples?datasource_id=${ids.flights}&datasource_type=table&page=1&per_page=3`,
      {},
    );
    expect(samples.status).toBe(200);
    const first = (
      await fixture.query<{ t: number }>(`SELECT ${ms('date')} AS t FROM flights ORDER BY date LIMIT 1`)
    )[0].t;
    expect(samples.body.result.data[0].date).toBe(first);
    expect(samples.body.result.coltypes[samples.body.result.colnames.indexOf('date')]).toBe(TEMPORAL);

    const csv = await admin.post('/api/v1/chart/data', {
      datasource: { id: ids.stocks, type: 'table' },
      queries: [
        { ...common, columns: [xAxis('date', 'P1Y')], metrics: ['count'], orderby: [['date', true]], row_limit: 2 },
      ],
      result_format: 'csv',
      result_type: 'full',
    });
    expect(csv.status).toBe(200);
    const lines = String(csv.body).trim().split(/\r?\n/);
    expect(lines[1]).toMatch(/^\d{4}-01-01,\d+$/);
  });
});
