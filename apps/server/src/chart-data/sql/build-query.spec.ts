import { parseTimeRange } from '@strata/domain';
import { queryObjectSchema } from '../query-context.schema';
import { validateFragment } from './adhoc-sql';
import { buildQuery } from './build-query';
import type { ChartDatasource } from './datasource-sql';
import { displaySql } from './display-sql';

const ds = (backend: 'postgresql' | 'mysql'): ChartDatasource => ({
  backend,
  kind: 'physical',
  table_name: 'flights',
  schema: 'public',
  sql: null,
  columns: [
    { column_name: 'origin', type: 'text', type_generic: 1, is_dttm: false, expression: null },
    { column_name: 'delay', type: 'integer', type_generic: 0, is_dttm: false, expression: null },
    { column_name: 'date', type: 'timestamp', type_generic: 2, is_dttm: true, expression: null },
    { column_name: 'late', type: 'boolean', type_generic: 3, is_dttm: false, expression: 'delay > 15' },
  ],
  metrics: [{ metric_name: 'count', expression: 'COUNT(*)' }],
  main_dttm_col: 'date',
});
const options = {
  maxRows: 100_000,
  defaultRowLimit: 50_000,
  resolveTimeRange: (r: string) => parseTimeRange(r, new Date(Date.UTC(2024, 0, 15))),
};
const sqlOf = (backend: 'postgresql' | 'mysql', q: Record<string, unknown>) => {
  const built = buildQuery(ds(backend), queryObjectSchema.parse(q), options);
  return { built, text: displaySql(built.compiled, backend) };
};

describe('buildQuery: query objects as SQL per dialect', () => {
  it('aggregates with quoted identifiers, bound values, calculated columns and the default order', () => {
    const { built, text } = sqlOf('postgresql', {
      columns: ['origin', 'late'],
      metrics: ['count'],
      filters: [{ col: 'origin', op: 'IN', val: ["O'Hare", null] }],
    });
    expect(built.compiled.parameters).toEqual(["O'Hare", 50_000]);
    expect(text).toBe(
      `select "origin" as "origin", (delay > 15) as "late", (COUNT(*)) as "count" from "public"."flights" as "flights" where ("origin" IN ('O''Hare') OR "origin" IS NULL) group by "origin", (delay > 15) order by (COUNT(*)) desc limit 50000`,
    );
  });

  it('compiles the same query for MySQL with backticks and the MySQL time grain', () => {
    const { text } = sqlOf('mysql', {
      columns: [{ label: 'day', sqlExpression: 'date', columnType: 'BASE_AXIS', timeGrain: 'P1D' }],
      metrics: [{ expressionType: 'SIMPLE', aggregate: 'COUNT_DISTINCT', column: { column_name: 'origin' } }],
      filters: [{ col: 'origin', op: 'ILIKE', val: "s%'" }],
      row_limit: 10,
      row_offset: 5,
    });
    expect(text).toBe(
      "select DATE(`date`) as `day`, COUNT(DISTINCT `origin`) as `COUNT_DISTINCT(origin)` from `public`.`flights` as `flights` where LOWER(`origin`) LIKE LOWER('s%''') group by DATE(`date`) order by COUNT(DISTINCT `origin`) desc limit 10 offset 5",
    );
  });

  it('refuses unknown columns and unsafe fragments; rejects filters on unknown columns', () => {
    expect(() => sqlOf('postgresql', { columns: ['nope'], metrics: ['count'] })).toThrow(
      "Columns missing in dataset: ['nope']",
    );
    expect(() => sqlOf('postgresql', { columns: ['origin'], metrics: ['nope'] })).toThrow(
      "Metric 'nope' does not exist",
    );
    expect(() => sqlOf('postgresql', { columns: ['origin', 'origin'], metrics: ['count'], groupby: [] })).not.toThrow();
    expect(() =>
      sqlOf('postgresql', {
        columns: ['origin'],
        metrics: ['count', { expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'count' }],
      }),
    ).toThrow('Duplicate column/metric labels');
    const { built } = sqlOf('postgresql', {
      columns: ['origin'],
      metrics: ['count'],
      filters: [
        { col: 'x', op: '==', val: 1 },
        { col: 'origin', op: 'LATEST_PARTITION' },
      ],
    });
    expect(built.rejectedFilters).toEqual([
      { reason: 'not_in_datasource', column: 'x' },
      { reason: 'not_supported', column: 'origin' },
    ]);
  });

  it('validates adhoc fragments: one expression, balanced, no statements, subqueries or dangerous functions', () => {
    expect(validateFragment('COUNT(*)', 'postgresql', 'expression')).toBe('(COUNT(*))');
    expect(validateFragment("origin = 'a;b)'", 'postgresql', 'where')).toBe("(origin = 'a;b)')");
    expect(validateFragment('x -- note', 'mysql', 'expression')).toBe('(x -- note\n)');
    for (const [text, kind] of [
      ['1); DROP TABLE x; --', 'expression'],
      ['a) OR (1=1', 'where'],
      ['(SELECT 1)', 'expression'],
      ['x IN (SELECT y FROM z)', 'where'],
      ['pg_sleep(1) IS NULL', 'where'],
      ['1 UNION SELECT 2', 'expression'],
      ["'unterminated", 'expression'],
    ] as const) {
      expect(() => validateFragment(text, 'postgresql', kind)).toThrow();
    }
    expect(() => validateFragment('SLEEP(5)', 'mysql', 'expression')).toThrow('not allowed');
  });

  it("refuses every function on the SQL guard's one list, the ones that run SQL text included (ts_stat, binary_upgrade_*)", () => {
    for (const text of [
      "ts_stat('SELECT to_tsvector(''a'')')",
      "ts_rewrite('a'::tsquery, 'SELECT 1')",
      'binary_upgrade_set_next_pg_type_oid(1)',
      '"pg_read_file"(\'/etc/hostname\')',
      "pg_catalog.set_config('role', 'postgres', true)",
      "nextval('s')",
      "lo_import('/etc/hostname')",
      'pg_sleep(1)',
      'version()',
    ]) {
      expect(() => validateFragment(text, 'postgresql', 'expression')).toThrow('not allowed in custom SQL');
    }
    for (const text of [
      "LOAD_FILE('/etc/hostname')",
      "SYS_EVAL('id')",
      "GET_LOCK('a', 1)",
      'NEXTVAL(s)',
      'BENCHMARK(1, 1)',
      'CONNECTION_ID()',
    ]) {
      expect(() => validateFragment(text, 'mysql', 'expression')).toThrow('not allowed in custom SQL');
    }
    expect(validateFragment("to_tsvector('simple', name)", 'postgresql', 'expression')).toBe(
      "(to_tsvector('simple', name))",
    );
  });

  it('TEMPORAL_RANGE and granularity bound the time column; series_limit joins the top N', () => {
    const { built, text } = sqlOf('postgresql', {
      columns: [{ label: 'd', sqlExpression: 'date', columnType: 'BASE_AXIS', timeGrain: 'P1M' }, 'origin'],
      metrics: ['count'],
      filters: [{ col: 'date', op: 'TEMPORAL_RANGE', val: 'Last week' }],
      series_limit: 5,
    });
    expect(built.fromDttm?.toISOString()).toBe('2024-01-08T00:00:00.000Z');
    expect(text).toContain(`"date" >= '2024-01-08 00:00:00' and "date" < '2024-01-15 00:00:00'`);
    expect(text).toContain('inner join (select "origin" as "__series_0" from "public"."flights" as "flights" where');
    expect(text).toContain('"origin" IS NOT DISTINCT FROM "series_limit"."__series_0"');
  });

  it('applies a time grain only to temporal columns: a grain on a text or numeric x-axis is ignored (Superset)', () => {
    const grained = (sqlExpression: string, options2: Record<string, unknown> = {}) =>
      displaySql(
        buildQuery(
          ds('postgresql'),
          queryObjectSchema.parse({
            columns: [{ label: 'x', sqlExpression, columnType: 'BASE_AXIS', timeGrain: 'P1D' }],
            metrics: ['count'],
            extras: { time_grain_sqla: 'P1M' },
          }),
          { ...options, ...options2 },
        ).compiled,
        'postgresql',
      );
    expect(grained('origin')).toMatch(/^select "origin" as "x"/);
    expect(grained('delay')).toMatch(/^select "delay" as "x"/);
    expect(grained('date')).toMatch(/^select DATE_TRUNC\('day', "date"\) as "x"/i);
    // An adhoc expression is truncated only when the caller's probe says it is temporal.
    expect(grained('delay + 1', { isTemporalExpression: () => false })).toMatch(/^select \(delay \+ 1\) as "x"/);
    expect(grained('date + 1', { isTemporalExpression: () => true })).toMatch(/^select DATE_TRUNC/i);
    const legacy = sqlOf('postgresql', {
      is_timeseries: true,
      granularity: 'origin',
      metrics: ['count'],
      extras: { time_grain_sqla: 'P1D' },
    });
    expect(legacy.text).toMatch(/^select "origin" as "__timestamp"/);
  });

  it('compares a temporal column with an epoch ms filter value as the UTC timestamp it stands for', () => {
    const { built } = sqlOf('postgresql', {
      columns: ['origin'],
      metrics: ['count'],
      filters: [
        { col: 'date', op: 'IN', val: [Date.UTC(2001, 0, 2), '2001-01-03'] },
        { col: 'delay', op: '==', val: 5 },
      ],
    });
    expect(built.compiled.parameters.slice(0, 3)).toEqual(['2001-01-02 00:00:00', '2001-01-03', 5]);
  });
});
