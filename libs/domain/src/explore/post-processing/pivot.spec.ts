import fc from 'fast-check';
import { applyPostProcessing } from './apply';
import type { DataFrame } from './data-frame';

// The frame of the pandas pivot_table documentation.
const A = ['foo', 'foo', 'foo', 'foo', 'foo', 'bar', 'bar', 'bar', 'bar'];
const B = ['one', 'one', 'one', 'two', 'two', 'one', 'one', 'two', 'two'];
const C = ['small', 'large', 'large', 'small', 'small', 'large', 'small', 'small', 'large'];
const D = [1, 2, 2, 3, 3, 4, 5, 6, 7];
const E = [2, 4, 5, 5, 6, 6, 8, 9, 9];
const docs: DataFrame = {
  columns: ['A', 'B', 'C', 'D', 'E'],
  rows: A.map((a, i) => ({ A: a, B: B[i], C: C[i], D: D[i], E: E[i] })),
};
const pivot = (frame: DataFrame, options: Record<string, unknown>) =>
  applyPostProcessing(frame, [{ operation: 'pivot', options }]);

describe('pivot (pandas pivot_table)', () => {
  it('pandas docs: sum of D by A, B across C; a combination without rows is dropped or filled', () => {
    const out = pivot(docs, { index: ['A', 'B'], columns: ['C'], aggregates: { D: { operator: 'sum' } } });
    expect(out.columns).toEqual(['A', 'B', 'D, large', 'D, small']);
    expect(out.index).toEqual(['A', 'B']);
    expect(out.rows).toEqual([
      { A: 'bar', B: 'one', 'D, large': 4, 'D, small': 5 },
      { A: 'bar', B: 'two', 'D, large': 7, 'D, small': 6 },
      { A: 'foo', B: 'one', 'D, large': 4, 'D, small': 1 },
      { A: 'foo', B: 'two', 'D, large': null, 'D, small': 6 },
    ]);
    const filled = pivot(docs, {
      index: ['A', 'B'],
      columns: ['C'],
      aggregates: { D: { operator: 'sum' } },
      metric_fill_value: 0,
    });
    expect(filled.rows[3]).toEqual({ A: 'foo', B: 'two', 'D, large': 0, 'D, small': 6 });
  });

  it('pandas docs: means of D and E by A and C', () => {
    const out = pivot(docs, { index: ['A', 'C'], aggregates: { D: { operator: 'mean' }, E: { operator: 'mean' } } });
    expect(out.columns).toEqual(['A', 'C', 'D', 'E']);
    expect(out.rows.map((r) => [r.A, r.C, r.D, (r.E as number).toFixed(6)])).toEqual([
      ['bar', 'large', 5.5, '7.500000'],
      ['bar', 'small', 5.5, '8.500000'],
      ['foo', 'large', 2, '4.500000'],
      ['foo', 'small', 7 / 3, '4.333333'],
    ]);
  });

  it('columns of several metrics are sorted as pandas sorts them: metric first, then values', () => {
    const out = pivot(docs, {
      index: ['A'],
      columns: ['B'],
      aggregates: { E: { operator: 'max' }, D: { operator: 'min' } },
    });
    expect(out.columns).toEqual(['A', 'D, one', 'D, two', 'E, one', 'E, two']);
    expect(out.rows[0]).toEqual({ A: 'bar', 'D, one': 4, 'D, two': 6, 'E, one': 8, 'E, two': 9 });
    expect(out.levels!['D, two']).toEqual(['D', 'two']);
  });

  it('combine_value_with_metric puts the metric last', () => {
    const out = pivot(docs, {
      index: ['A'],
      columns: ['B'],
      aggregates: { D: { operator: 'sum' } },
      combine_value_with_metric: true,
    });
    expect(out.columns).toEqual(['A', 'one, D', 'two, D']);
    expect(out.rows[1]).toEqual({ A: 'foo', 'one, D': 5, 'two, D': 6 });
  });

  it('missing column values become <NULL>, missing index rows are dropped, count counts present cells', () => {
    const frame: DataFrame = {
      columns: ['t', 'g', 'v'],
      rows: [
        { t: 1, g: null, v: 1 },
        { t: 1, g: 'x', v: null },
        { t: null, g: 'x', v: 5 },
        { t: 2, g: 'x', v: 3 },
      ],
    };
    const out = pivot(frame, { index: ['t'], columns: ['g'], aggregates: { v: { operator: 'count' } } });
    expect(out.columns).toEqual(['t', 'v, <NULL>', 'v, x']);
    expect(out.rows).toEqual([
      { t: 1, 'v, <NULL>': 1, 'v, x': 0 },
      { t: 2, 'v, <NULL>': null, 'v, x': 1 },
    ]);
  });

  it('an all-empty series is dropped unless drop_missing_columns is false', () => {
    const frame: DataFrame = {
      columns: ['t', 'g', 'v'],
      rows: [
        { t: 1, g: 'a', v: 1 },
        { t: 1, g: 'b', v: null },
      ],
    };
    const options = { index: ['t'], columns: ['g'], aggregates: { v: { operator: 'mean' } } };
    expect(pivot(frame, options).columns).toEqual(['t', 'v, a']);
    expect(pivot(frame, { ...options, drop_missing_columns: false }).rows).toEqual([{ t: 1, 'v, a': 1, 'v, b': null }]);
  });

  it('values holding the separator are escaped in flattened names; dates are named as pandas prints them', () => {
    const frame: DataFrame = {
      columns: ['t', 'g', 'v'],
      rows: [
        { t: 1, g: 'a, b', v: 1 },
        { t: 1, g: new Date('2020-01-02T03:04:05Z'), v: 2 },
      ],
    };
    const out = pivot(frame, { index: ['t'], columns: ['g'], aggregates: { v: { operator: 'sum' } } });
    expect(out.columns).toEqual(['t', 'v, 2020-01-02 03:04:05', 'v, a\\, b']);
  });

  it('refuses pivots without index or aggregates, unknown operators and unknown columns', () => {
    expect(() => pivot(docs, { aggregates: { D: { operator: 'sum' } } })).toThrow(
      'Pivot operation requires at least one index',
    );
    expect(() => pivot(docs, { index: ['A'] })).toThrow('Pivot operation must include at least one aggregate');
    expect(() => pivot(docs, { index: ['A'], aggregates: { D: { operator: 'explode' } } })).toThrow(
      'Invalid aggregate operator explode',
    );
    expect(() => pivot(docs, { index: ['Z'], aggregates: { D: { operator: 'sum' } } })).toThrow(
      'Referenced columns not available in DataFrame: Z',
    );
    expect(() => pivot(docs, { index: 'A', aggregates: [] })).toThrow('Invalid option aggregates for pivot');
  });
});

describe('pivot properties', () => {
  it('summing by index and column keeps the grand total and gives one row per distinct index value', () => {
    const row = fc.record({
      t: fc.integer({ min: 0, max: 5 }),
      g: fc.constantFrom('a', 'b', 'c', null),
      v: fc.option(fc.integer({ min: -100, max: 100 }), { nil: null }),
    });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 60 }), (rows) => {
        const out = pivot(
          { columns: ['t', 'g', 'v'], rows },
          { index: ['t'], columns: ['g'], aggregates: { v: { operator: 'sum' } }, drop_missing_columns: false },
        );
        const total = rows.reduce((acc, r) => acc + (r.v ?? 0), 0);
        const pivoted = out.rows.reduce(
          (acc, r) => acc + out.columns.slice(1).reduce((a, c) => a + ((r[c] as number | null) ?? 0), 0),
          0,
        );
        expect(pivoted).toBe(total);
        expect(out.rows.map((r) => r.t)).toEqual([...new Set(rows.map((r) => r.t))].sort((a, b) => a - b));
      }),
    );
  });

  it('names series of a temporal column (epoch ms, as chart data answers) as pandas names Timestamps', () => {
    const frame: DataFrame = {
      columns: ['origin', 'day', 'n'],
      temporal: ['day'],
      rows: [
        { origin: 'SEA', day: Date.UTC(2001, 0, 1), n: 1 },
        { origin: 'SEA', day: Date.UTC(2001, 0, 2, 6), n: 2 },
      ],
    };
    const out = pivot(frame, { index: ['origin'], columns: ['day'], aggregates: { n: { operator: 'sum' } } });
    expect(out.columns).toEqual(['origin', 'n, 2001-01-01 00:00:00', 'n, 2001-01-02 06:00:00']);
  });
});
