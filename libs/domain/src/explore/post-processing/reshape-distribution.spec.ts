import { applyPostProcessing } from './apply';
import type { DataFrame } from './data-frame';

const run = (frame: DataFrame, operation: string, options: Record<string, unknown>) =>
  applyPostProcessing(frame, [{ operation, options }]);

describe('sort (pandas sort_values)', () => {
  // pandas docs: col1 ['A', 'A', 'B', NaN, 'D', 'C'], col2 [2, 1, 9, 8, 7, 4]
  const docs: DataFrame = {
    columns: ['col1', 'col2'],
    rows: ['A', 'A', 'B', null, 'D', 'C'].map((c, i) => ({ col1: c, col2: [2, 1, 9, 8, 7, 4][i] })),
  };
  const order = (f: DataFrame) => f.rows.map((r) => r.col2);

  it('pandas docs: by col1 ascending and descending, missing last both ways', () => {
    expect(order(run(docs, 'sort', { by: 'col1' }))).toEqual([2, 1, 9, 4, 7, 8]);
    expect(order(run(docs, 'sort', { by: 'col1', ascending: false }))).toEqual([7, 4, 9, 2, 1, 8]);
  });

  it('pandas docs: by several columns; the columns mapping form', () => {
    expect(order(run(docs, 'sort', { by: ['col1', 'col2'] }))).toEqual([1, 2, 9, 4, 7, 8]);
    expect(order(run(docs, 'sort', { columns: { col2: false } }))).toEqual([9, 8, 7, 4, 2, 1]);
  });

  it('by the index of a pivoted frame', () => {
    const frame: DataFrame = {
      columns: ['t', 'v'],
      index: ['t'],
      rows: [
        { t: 2, v: 'b' },
        { t: 1, v: 'a' },
      ],
    };
    expect(run(frame, 'sort', { is_sort_index: true }).rows.map((r) => r.v)).toEqual(['a', 'b']);
    expect(run(frame, 'sort', { is_sort_index: true, ascending: false }).rows.map((r) => r.v)).toEqual(['b', 'a']);
    expect(() => run(frame, 'sort', {})).toThrow('Sort operation requires columns, by or is_sort_index');
  });
});

describe('rename and flatten', () => {
  const pivoted = () =>
    applyPostProcessing(
      {
        columns: ['t', 'g', 'SUM(num)'],
        rows: [
          { t: 1, g: 'boy', 'SUM(num)': 3 },
          { t: 1, g: 'girl', 'SUM(num)': 4 },
        ],
      },
      [
        {
          operation: 'pivot',
          options: { index: ['t'], columns: ['g'], aggregates: { 'SUM(num)': { operator: 'mean' } } },
        },
      ],
    );

  it('dropping the metric level of a single-metric chart leaves the dimension values', () => {
    const out = run(pivoted(), 'rename', { columns: { 'SUM(num)': null }, level: 0, inplace: true });
    expect(out.columns).toEqual(['t', 'boy', 'girl']);
    expect(out.rows).toEqual([{ t: 1, boy: 3, girl: 4 }]);
  });

  it('renames plain columns and index columns', () => {
    const out = run(pivoted(), 'rename', { columns: { t: 'ds' } });
    expect(out.columns[0]).toBe('ds');
    expect(out.index).toEqual(['ds']);
    expect(run({ columns: ['a'], rows: [{ a: 1 }] }, 'rename', { columns: { a: 'b' } }).rows).toEqual([{ b: 1 }]);
  });

  it('flatten resets the index (and can drop levels)', () => {
    const flat = run(pivoted(), 'flatten', {});
    expect(flat.index).toBeUndefined();
    expect(flat.columns).toEqual(['t', 'SUM(num), boy', 'SUM(num), girl']);
    expect(run(pivoted(), 'flatten', { drop_levels: [0] }).columns).toEqual(['t', 'boy', 'girl']);
  });

  it('select keeps, excludes and renames columns', () => {
    const frame: DataFrame = { columns: ['a', 'b', 'c'], rows: [{ a: 1, b: 2, c: 3 }] };
    expect(run(frame, 'select', { columns: ['c', 'a'], rename: { a: 'x' } }).rows).toEqual([{ c: 3, x: 1 }]);
    expect(run(frame, 'select', { exclude: ['b'] }).columns).toEqual(['a', 'c']);
  });
});

describe('boxplot', () => {
  const frame: DataFrame = {
    columns: ['g', 'v'],
    rows: [1, 2, 3, 4, 5, 6, 7, 8, 9, 100].map((v) => ({ g: 'a', v })).concat([{ g: 'b', v: 5 }]),
  };

  it('tukey: midpoint quartiles 3.5 and 7.5, whiskers within 1.5 IQR, 100 an outlier', () => {
    const out = run(frame, 'boxplot', { groupby: ['g'], metrics: ['v'], whisker_type: 'tukey' });
    expect(out.columns).toEqual([
      'g',
      'v__mean',
      'v__median',
      'v__max',
      'v__min',
      'v__q1',
      'v__q3',
      'v__count',
      'v__outliers',
    ]);
    expect(out.rows[0]).toEqual({
      g: 'a',
      v__mean: 14.5,
      v__median: 5.5,
      v__max: 9,
      v__min: 1,
      v__q1: 3.5,
      v__q3: 7.5,
      v__count: 10,
      v__outliers: [100],
    });
    expect(out.rows[1]).toMatchObject({ g: 'b', v__q1: 5, v__q3: 5, v__outliers: [] });
  });

  it('min/max has no outliers; percentile whiskers use numpy linear percentiles', () => {
    expect(run(frame, 'boxplot', { groupby: ['g'], metrics: ['v'], whisker_type: 'min/max' }).rows[0]).toMatchObject({
      v__max: 100,
      v__min: 1,
      v__outliers: [],
    });
    const p = run(frame, 'boxplot', {
      groupby: ['g'],
      metrics: ['v'],
      whisker_type: 'percentile',
      percentiles: [10, 90],
    }).rows[0]!;
    expect(p.v__min).toBeCloseTo(1.9, 12);
    expect(p.v__max).toBeCloseTo(18.1, 12);
    expect(p.v__outliers).toEqual([100, 1]);
    expect(() =>
      run(frame, 'boxplot', { groupby: ['g'], metrics: ['v'], whisker_type: 'percentile', percentiles: [90, 10] }),
    ).toThrow('percentiles must be a list');
  });
});

describe('histogram', () => {
  const frame: DataFrame = {
    columns: ['g', 'v'],
    rows: [1, 2, 2, 3, 4, 4, 4, 5].map((v, i) => ({ g: i < 4 ? 'a' : 'b', v })).concat([{ g: 'a', v: null as never }]),
  };

  it('equal-width bins named as Python prints floats; the last bin includes the maximum', () => {
    const out = run(frame, 'histogram', { column: 'v', groupby: [], bins: 4 });
    expect(out.columns).toEqual(['1.0 - 2.0', '2.0 - 3.0', '3.0 - 4.0', '4.0 - 5.0']);
    expect(out.rows).toEqual([{ '1.0 - 2.0': 1, '2.0 - 3.0': 2, '3.0 - 4.0': 1, '4.0 - 5.0': 4 }]);
  });

  it('per group, cumulative and normalized', () => {
    const out = run(frame, 'histogram', { column: 'v', groupby: ['g'], bins: 2, cumulative: true });
    expect(out.columns).toEqual(['g', '1.0 - 3.0', '3.0 - 5.0']);
    expect(out.rows).toEqual([
      { g: 'a', '1.0 - 3.0': 3, '3.0 - 5.0': 4 },
      { g: 'b', '1.0 - 3.0': 0, '3.0 - 5.0': 4 },
    ]);
    const normalized = run(frame, 'histogram', { column: 'v', bins: 2, normalize: true });
    expect(normalized.rows).toEqual([{ '1.0 - 3.0': 0.375, '3.0 - 5.0': 0.625 }]);
  });

  it('numpy: a constant column spans ±0.5; bins are checked; text is refused', () => {
    expect(run({ columns: ['v'], rows: [{ v: 3 }] }, 'histogram', { column: 'v', bins: 1 }).columns).toEqual([
      '2.5 - 3.5',
    ]);
    expect(() => run(frame, 'histogram', { column: 'v', bins: 0 })).toThrow(
      '`bins` must be an integer between 1 and 1000',
    );
    expect(() => run({ columns: ['v'], rows: [{ v: 'x' }] }, 'histogram', { column: 'v' })).toThrow(
      "Column 'v' contains non-numeric values",
    );
  });
});

describe('applyPostProcessing', () => {
  it('runs the time-series pipeline: pivot, rolling, rename, flatten', () => {
    const rows = [
      { __timestamp: new Date('2020-01-01T00:00:00Z'), gender: 'boy', 'SUM(num)': 1 },
      { __timestamp: new Date('2020-01-01T00:00:00Z'), gender: 'girl', 'SUM(num)': 2 },
      { __timestamp: new Date('2020-01-02T00:00:00Z'), gender: 'boy', 'SUM(num)': 3 },
      { __timestamp: new Date('2020-01-02T00:00:00Z'), gender: 'girl', 'SUM(num)': 4 },
    ];
    const frame: DataFrame = { columns: ['__timestamp', 'gender', 'SUM(num)'], rows };
    const out = applyPostProcessing(frame, [
      {
        operation: 'pivot',
        options: {
          index: ['__timestamp'],
          columns: ['gender'],
          aggregates: { 'SUM(num)': { operator: 'mean' } },
          drop_missing_columns: true,
        },
      },
      { operation: 'cum', options: { operator: 'sum', columns: { 'SUM(num)': 'SUM(num)' } } },
      undefined,
      { operation: 'rename', options: { columns: { 'SUM(num)': null }, level: 0, inplace: true } },
      { operation: 'flatten' },
    ]);
    expect(out).toEqual({
      columns: ['__timestamp', 'boy', 'girl'],
      rows: [
        { __timestamp: rows[0]!.__timestamp, boy: 1, girl: 2 },
        { __timestamp: rows[2]!.__timestamp, boy: 4, girl: 6 },
      ],
    });
    expect(frame.rows).toHaveLength(4); // the input is untouched
  });

  it('refuses unknown and unsupported operations and options that are not objects', () => {
    const frame: DataFrame = { columns: ['a'], rows: [] };
    expect(() => applyPostProcessing(frame, [{ operation: 'explode' }])).toThrow(
      'Unsupported post processing operation: explode',
    );
    expect(() => applyPostProcessing(frame, [{ operation: 'prophet', options: {} }])).toThrow(
      'The post processing operation prophet is not supported by Strata',
    );
    expect(() => applyPostProcessing(frame, [{ operation: 'toString' }])).toThrow(
      'Unsupported post processing operation: toString',
    );
    expect(() => applyPostProcessing(frame, [{ operation: 'sort', options: [] as never }])).toThrow(
      'Options of sort must be an object',
    );
  });

  it('aggregate groups and aggregates', () => {
    const frame: DataFrame = {
      columns: ['g', 'v'],
      rows: [
        { g: 'b', v: 1 },
        { g: 'a', v: 2 },
        { g: 'b', v: 3 },
      ],
    };
    expect(
      applyPostProcessing(frame, [
        {
          operation: 'aggregate',
          options: { groupby: ['g'], aggregates: { total: { operator: 'sum', column: 'v' } } },
        },
      ]).rows,
    ).toEqual([
      { g: 'a', total: 2 },
      { g: 'b', total: 4 },
    ]);
  });
});

describe('rank (pandas rank(pct=True))', () => {
  it('pandas docs: Number_legs [4, 2, 4, 8, NaN] ranks as [0.625, 0.25, 0.625, 1.0, NaN]', () => {
    const frame: DataFrame = { columns: ['legs'], rows: [4, 2, 4, 8, null].map((legs) => ({ legs })) };
    expect(run(frame, 'rank', { metric: 'legs' }).rows.map((r) => r.rank)).toEqual([0.625, 0.25, 0.625, 1, null]);
  });

  it('ranks within groups', () => {
    const frame: DataFrame = {
      columns: ['g', 'v'],
      rows: [
        { g: 'a', v: 1 },
        { g: 'b', v: 10 },
        { g: 'a', v: 3 },
        { g: 'b', v: 5 },
      ],
    };
    expect(run(frame, 'rank', { metric: 'v', group_by: 'g' }).rows.map((r) => r.rank)).toEqual([0.5, 1, 1, 0.5]);
  });
});

describe('histogram bin names', () => {
  it('fractional edges print as Python floats', () => {
    expect(run({ columns: ['v'], rows: [{ v: 0 }, { v: 1 }] }, 'histogram', { column: 'v', bins: 3 }).columns).toEqual([
      '0.0 - 0.3333333333333333',
      '0.3333333333333333 - 0.6666666666666666',
      '0.6666666666666666 - 1.0',
    ]);
  });
});
