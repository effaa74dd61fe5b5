/**
 * Annotation layers read from other saved charts (issue 16 item 2; charts-dashboards-reports §4, §7):
 * chart data answers carry `annotation_data` by layer name, computed from the layer chart's own query with
 * the overrides, equal to SQL written by hand on the example stocks table; the annotation data endpoint
 * answers one layer and refuses bad layers naming the field. Real PostgreSQL, real HTTP.
 */
import { ChartsModule } from '../../charts/charts.module';
import type { AuthTestApp } from '../../testing/auth-test-app';
import { userClient, type ApiClient } from '../../sqllab/bootstrap/rest-testing';
import {
  createChartTestApp,
  loadExampleTables,
  registerExamples,
  type ExamplesFixture,
} from '../testing/chart-test-app';

const AVG_PRICE = { expressionType: 'SIMPLE', column: { column_name: 'price' }, aggregate: 'AVG', label: 'avg_price' };
const ms = (d: Date | string) => new Date(d).getTime();

describe('annotation data (real PostgreSQL, real HTTP)', () => {
  let fixture: ExamplesFixture;
  let t: AuthTestApp;
  let admin: ApiClient;
  let stocks: number;
  let eventsChart: number;
  let seriesChart: number;

  const saveChart = async (viz_type: string, params: Record<string, unknown>) => {
    const res = await admin.post('/api/v1/chart/', {
      slice_name: `${viz_type} layer`,
      viz_type,
      datasource_id: stocks,
      datasource_type: 'table',
      params: JSON.stringify({ ...params, viz_type, datasource: `${stocks}__table` }),
    });
    expect(res.status).toBe(201);
    return res.body.id as number;
  };

  /** The annotated chart: MSFT's yearly average price, with the given layers. */
  const annotated = (layers: unknown[], time_range = 'No filter') => ({
    datasource: { id: stocks, type: 'table' },
    form_data: { viz_type: 'echarts_timeseries_line', time_range, granularity_sqla: 'date' },
    queries: [
      {
        columns: [{ label: 'date', sqlExpression: 'date', columnType: 'BASE_AXIS', timeGrain: 'P1Y' }],
        metrics: [AVG_PRICE],
        filters: [{ col: 'symbol', op: '==', val: 'MSFT' }],
        time_range,
        granularity: 'date',
        annotation_layers: layers,
      },
    ],
  });

  const eventsLayer = (over: Record<string, unknown> = {}) => ({
    name: 'Big prices',
    annotationType: 'EVENT',
    sourceType: 'table',
    value: eventsChart,
    timeColumn: 'date',
    titleColumn: 'symbol',
    descriptionColumns: ['price'],
    overrides: {},
    ...over,
  });
  const seriesLayer = { name: 'IBM', annotationType: 'TIME_SERIES', sourceType: 'line', value: 0, overrides: {} };

  beforeAll(async () => {
    fixture = await loadExampleTables(['stocks']);
    t = await createChartTestApp([ChartsModule]);
    admin = await userClient(t, ['Admin']);
    const dbId = await registerExamples(t, fixture);
    const res = await admin.post('/api/v1/dataset/', { database: dbId, schema: 'public', table_name: 'stocks' });
    expect(res.status).toBe(201);
    stocks = res.body.id;
    // Events: the months a stock closed above 500, as a raw table chart filtered by its own time column.
    eventsChart = await saveChart('table', {
      query_mode: 'raw',
      all_columns: ['date', 'symbol', 'price'],
      adhoc_filters: [
        {
          expressionType: 'SIMPLE',
          clause: 'WHERE',
          subject: 'price',
          operator: '>',
          comparator: 500,
          filterOptionName: 'f1',
        },
      ],
      granularity_sqla: 'date',
      time_range: 'No filter',
      row_limit: 1000,
    });
    seriesChart = await saveChart('echarts_timeseries_line', {
      x_axis: 'date',
      time_grain_sqla: 'P1Y',
      metrics: [AVG_PRICE],
      groupby: [],
      adhoc_filters: [
        {
          expressionType: 'SIMPLE',
          clause: 'WHERE',
          subject: 'symbol',
          operator: '==',
          comparator: 'IBM',
          filterOptionName: 'f2',
        },
      ],
      time_range: 'No filter',
      row_limit: 10000,
    });
    seriesLayer.value = seriesChart;
  }, 300_000);

  afterAll(async () => {
    await t?.close();
    await fixture?.close();
  });

  it('an event layer reads the table chart’s rows and a time-series layer the line chart’s series, by name', async () => {
    const formula = { name: 'Trend', annotationType: 'FORMULA', sourceType: '', value: 'y = 2*x + 1' };
    const res = await admin.post('/api/v1/chart/data', annotated([formula, eventsLayer(), seriesLayer]));
    expect(res.status).toBe(200);
    const data = res.body.result[0].annotation_data;
    // A formula is drawn by the client: nothing to query.
    expect(Object.keys(data).sort()).toEqual(['Big prices', 'IBM']);

    const big = await fixture.query<{ date: Date; symbol: string; price: number }>(
      `SELECT date, symbol, price FROM stocks WHERE price > 500 ORDER BY date, symbol`,
    );
    expect(big.length).toBeGreaterThan(3);
    const records = data['Big prices'].records as { date: string | number; symbol: string; price: number }[];
    const got = records.map((r) => [ms(r.date as string), r.symbol, Number(r.price)]);
    got.sort((a, b) => (a[0] as number) - (b[0] as number) || String(a[1]).localeCompare(String(b[1])));
    expect(got).toEqual(big.map((b) => [ms(b.date), b.symbol, Number(b.price)]));

    const ibm = await fixture.query<{ year: Date; avg: string }>(
      `SELECT date_trunc('year', date) AS year, AVG(price) AS avg FROM stocks WHERE symbol = 'IBM' GROUP BY 1 ORDER BY 1`,
    );
    expect(data.IBM).toHaveLength(1);
    expect(data.IBM[0].key).toBe('avg_price');
    expect(data.IBM[0].values.map((v: { x: number }) => v.x)).toEqual(ibm.map((r) => ms(r.year)));
    data.IBM[0].values.forEach((v: { y: number }, i: number) => expect(v.y).toBeCloseTo(Number(ibm[i]!.avg), 9));
  });

  it("overrides take the annotated chart's time range; a since or until override clears the layer's own", async () => {
    const range = '2007-01-01 : 2008-01-01';
    const inRange = await fixture.query<{ n: string }>(
      `SELECT COUNT(*) AS n FROM stocks WHERE price > 500 AND date >= '2007-01-01' AND date < '2008-01-01'`,
    );
    const all = await fixture.query<{ n: string }>(`SELECT COUNT(*) AS n FROM stocks WHERE price > 500`);
    expect(Number(inRange[0]!.n)).toBeLessThan(Number(all[0]!.n));
    expect(Number(inRange[0]!.n)).toBeGreaterThan(0);

    const own = await admin.post('/api/v1/chart/data', annotated([eventsLayer()], range));
    expect(own.body.result[0].annotation_data['Big prices'].records).toHaveLength(Number(all[0]!.n));
    const followed = await admin.post(
      '/api/v1/chart/data',
      annotated([eventsLayer({ overrides: { time_range: null } })], range),
    );
    expect(followed.body.result[0].annotation_data['Big prices'].records).toHaveLength(Number(inRange[0]!.n));
    const since = await admin.post(
      '/api/v1/chart/data',
      annotated([eventsLayer({ overrides: { since: null } })], range),
    );
    expect(since.body.result[0].annotation_data['Big prices'].records).toHaveLength(Number(inRange[0]!.n));
  });

  it('the annotation data endpoint answers one layer; bad layers are 400 naming the field, missing charts 404', async () => {
    const one = await admin.post('/api/v1/chart/annotation_data', {
      annotation_layer: eventsLayer({ overrides: { time_range: null } }),
      form_data: { time_range: '2007-01-01 : 2008-01-01' },
    });
    expect(one.status).toBe(200);
    expect(one.body.result.name).toBe('Big prices');
    expect(one.body.result.data.records.length).toBeGreaterThan(0);

    const noTime = await admin.post('/api/v1/chart/annotation_data', {
      annotation_layer: eventsLayer({ timeColumn: null }),
    });
    expect(noTime.status).toBe(400);
    expect(noTime.body.message).toContain('annotation_layer.timeColumn');

    const badType = await admin.post('/api/v1/chart/data', annotated([eventsLayer({ annotationType: 'BOX' })]));
    expect(badType.status).toBe(400);
    expect(badType.body.message).toContain('queries.0.annotation_layers.0.annotationType');

    const missing = await admin.post('/api/v1/chart/annotation_data', {
      annotation_layer: eventsLayer({ value: 999999 }),
    });
    expect(missing.status).toBe(404);
    const native = await admin.post('/api/v1/chart/annotation_data', {
      annotation_layer: eventsLayer({ sourceType: 'NATIVE', value: 1 }),
    });
    expect(native.status).toBe(400);
    const formula = await admin.post('/api/v1/chart/annotation_data', {
      annotation_layer: { name: 'f', annotationType: 'FORMULA', value: 'x' },
    });
    expect(formula.status).toBe(400);
  });

  it('a user who may not read the layer chart’s dataset gets no annotation data', async () => {
    const gamma = await userClient(t, ['Gamma']);
    const res = await gamma.post('/api/v1/chart/annotation_data', { annotation_layer: eventsLayer() });
    expect([403, 404]).toContain(res.status);
    expect(res.body.message).toBeTruthy();
  });
});

/** Polls the events endpoint until the job's event is there (a condition, bounded generously). */
async function waitForEvent(client: ApiClient, jobId: string): Promise<Record<string, unknown>> {
  const deadline = Date.now() + 45_000;
  for (;;) {
    const events = (await client.get('/api/v1/async_event/')).body.result as Record<string, unknown>[];
    const event = events.find((e) => e.job_id === jobId);
    if (event) return event;
    if (Date.now() > deadline) throw new Error(`no async event for job ${jobId}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('annotation data with GLOBAL_ASYNC_QUERIES (real PostgreSQL, real HTTP)', () => {
  let fixture: ExamplesFixture;
  let t: AuthTestApp;

  beforeAll(async () => {
    fixture = await loadExampleTables(['stocks']);
    t = await createChartTestApp([ChartsModule], { featureFlags: { GLOBAL_ASYNC_QUERIES: true } });
  }, 300_000);

  afterAll(async () => {
    await t?.close();
    await fixture?.close();
  });

  it("the job's result carries the layers' annotation data as the synchronous answer does", async () => {
    const admin = await userClient(t, ['Admin']);
    const dbId = await registerExamples(t, fixture);
    const stocks = (await admin.post('/api/v1/dataset/', { database: dbId, schema: 'public', table_name: 'stocks' }))
      .body.id as number;
    const chart = await admin.post('/api/v1/chart/', {
      slice_name: 'events',
      viz_type: 'table',
      datasource_id: stocks,
      datasource_type: 'table',
      params: JSON.stringify({
        viz_type: 'table',
        datasource: `${stocks}__table`,
        query_mode: 'raw',
        all_columns: ['date', 'symbol'],
        adhoc_filters: [
          {
            expressionType: 'SIMPLE',
            clause: 'WHERE',
            subject: 'price',
            operator: '>',
            comparator: 600,
            filterOptionName: 'f',
          },
        ],
        row_limit: 100,
      }),
    });
    expect(chart.status).toBe(201);
    const submitted = await admin.post('/api/v1/chart/data', {
      datasource: { id: stocks, type: 'table' },
      queries: [
        {
          columns: ['symbol'],
          metrics: ['count'],
          annotation_layers: [
            { name: 'highs', annotationType: 'EVENT', sourceType: 'table', value: chart.body.id, timeColumn: 'date' },
          ],
        },
      ],
    });
    expect(submitted.status).toBe(202);
    const event = await waitForEvent(admin, submitted.body.job_id as string);
    expect(event.status).toBe('done');
    const result = await admin.get(event.result_url as string);
    const [{ n }] = await fixture.query<{ n: string }>(`SELECT COUNT(*) AS n FROM stocks WHERE price > 600`);
    expect(result.body.result[0].annotation_data.highs.records).toHaveLength(Number(n));
  });
});
