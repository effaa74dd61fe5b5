/**
 * The contract between the client and this server: for every viz type the Explore domain knows
 * (VIZ_QUERY_BUILDERS), the query context the client builds with `buildQueryContext` from a realistic form
 * is accepted by POST /api/v1/chart/data on the example tables and answers rows. A mismatch of shapes
 * between libs/domain and chart-data shows here, not in the browser.
 */
import { buildQueryContext, VIZ_QUERY_BUILDERS } from '@strata/domain';
import { userClient, type ApiClient } from '../sqllab/bootstrap/rest-testing';
import type { AuthTestApp } from '../testing/auth-test-app';
import {
  createChartTestApp,
  loadExampleTables,
  registerExamples,
  type ExamplesFixture,
} from './testing/chart-test-app';

const AVG_HP = {
  expressionType: 'SIMPLE',
  aggregate: 'AVG',
  column: { column_name: 'horsepower' },
  label: 'AVG(horsepower)',
};
const COUNT = { expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'count' };

describe('query contexts built by the Explore domain, for every viz type', () => {
  let fixture: ExamplesFixture;
  let t: AuthTestApp;
  let admin: ApiClient;
  let dataset: { id: number; columns: { column_name: string; is_dttm: boolean; type_generic: number }[] };

  beforeAll(async () => {
    fixture = await loadExampleTables(['cars']);
    t = await createChartTestApp();
    admin = await userClient(t, ['Admin']);
    const dbId = await registerExamples(t, fixture);
    const created = await admin.post('/api/v1/dataset/', { database: dbId, schema: 'public', table_name: 'cars' });
    dataset = created.body.result;
  }, 300_000);

  afterAll(async () => {
    await t?.close();
    await fixture?.close();
  });

  const form = (vizType: string) => ({
    datasource: `${dataset.id}__table`,
    viz_type: vizType,
    query_mode: 'aggregate',
    x_axis: 'year',
    granularity_sqla: 'year',
    time_grain_sqla: 'P1Y',
    time_range: 'No filter',
    metrics: [AVG_HP, COUNT],
    metric: AVG_HP,
    metric_b: COUNT,
    metrics_b: [COUNT],
    groupby: ['origin'],
    groupbyRows: ['origin'],
    groupbyColumns: ['cylinders'],
    columns: ['cylinders'],
    all_columns: ['name', 'horsepower'],
    column: 'horsepower',
    row_limit: 1000,
    adhoc_filters: [
      {
        expressionType: 'SIMPLE',
        subject: 'origin',
        operator: 'IN',
        comparator: ['USA', 'Japan', 'Europe'],
        clause: 'WHERE',
      },
      { expressionType: 'SQL', sqlExpression: 'horsepower IS NOT NULL', clause: 'WHERE' },
      {
        expressionType: 'SIMPLE',
        subject: 'year',
        operator: 'TEMPORAL_RANGE',
        comparator: 'No filter',
        clause: 'WHERE',
      },
    ],
  });

  it.each(Object.keys(VIZ_QUERY_BUILDERS))('%s: the built query context answers 200 with rows', async (vizType) => {
    const context = buildQueryContext(form(vizType), {
      id: dataset.id,
      type: 'table',
      columns: dataset.columns as never,
    });
    const res = await admin.post('/api/v1/chart/data', context);
    expect([vizType, res.status, res.status === 200 ? '' : JSON.stringify(res.body).slice(0, 400)]).toEqual([
      vizType,
      200,
      '',
    ]);
    expect(res.body.result).toHaveLength(context.queries.length);
    for (const result of res.body.result) expect(result.rowcount).toBeGreaterThan(0);
  });

  it('table in raw mode: the listed columns, unaggregated', async () => {
    const context = buildQueryContext(
      { ...form('table'), query_mode: 'raw', columns: [], all_columns: ['name', 'horsepower'] },
      { id: dataset.id, type: 'table', columns: dataset.columns as never },
    );
    const res = await admin.post('/api/v1/chart/data', context);
    expect(res.status).toBe(200);
    expect(res.body.result[0].colnames).toEqual(['name', 'horsepower']);
    const expected = await fixture.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM cars WHERE horsepower IS NOT NULL AND origin IN ('USA', 'Japan', 'Europe')",
    );
    expect(res.body.result[0].rowcount).toBe(expected[0].n);
  });

  it('rolling, time comparison and resample from the form run end to end', async () => {
    const context = buildQueryContext(
      {
        ...form('echarts_timeseries_line'),
        groupby: [],
        metrics: [COUNT],
        rolling_type: 'mean',
        rolling_periods: 2,
        min_periods: 2,
        time_compare: ['1 year ago'],
        comparison_type: 'values',
        resample_rule: '1AS',
        resample_method: 'asfreq',
      },
      { id: dataset.id, type: 'table', columns: dataset.columns as never },
    );
    const res = await admin.post('/api/v1/chart/data', context);
    expect([res.status, res.status === 200 ? '' : JSON.stringify(res.body).slice(0, 400)]).toEqual([200, '']);
    expect(res.body.result[0].colnames).toEqual(expect.arrayContaining(['count', 'count__1 year ago']));
  });
});
