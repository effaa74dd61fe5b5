import fc from 'fast-check';
import { applyPostProcessing } from './apply';
import type { DataFrame } from './data-frame';

const run = (frame: DataFrame, operation: string, options: Record<string, unknown>) =>
  applyPostProcessing(frame, [{ operation, options }]);

describe('compare', () => {
  const frame: DataFrame = {
    columns: ['t', 'SUM(x)', 'SUM(x)__1 year ago'],
    rows: [
      { t: 1, 'SUM(x)': 10, 'SUM(x)__1 year ago': 8 },
      { t: 2, 'SUM(x)': 20, 'SUM(x)__1 year ago': 0 },
      { t: 3, 'SUM(x)': 1, 'SUM(x)__1 year ago': 3 },
      { t: 4, 'SUM(x)': null, 'SUM(x)__1 year ago': 3 },
    ],
  };
  const opts = (compare_type: string) => ({
    source_columns: ['SUM(x)'],
    compare_columns: ['SUM(x)__1 year ago'],
    compare_type,
    drop_original_columns: true,
  });

  it.each([
    ['difference', [2, 20, -2, null]],
    ['percentage', [0.25, null, -0.6667, null]],
    ['ratio', [1.25, null, 0.3333, null]],
  ])('%s: named <type>__<source>__<compare>, 4 decimals, x/0 and missing give null', (type, expected) => {
    const out = run(frame, 'compare', opts(type));
    const name = `${type}__SUM(x)__SUM(x)__1 year ago`;
    expect(out.columns).toEqual(['t', name]);
    expect(out.rows.map((r) => r[name])).toEqual(expected);
  });

  it('keeps the original columns unless asked to drop them, and checks its options', () => {
    expect(run(frame, 'compare', { ...opts('difference'), drop_original_columns: false }).columns).toHaveLength(4);
    expect(() => run(frame, 'compare', { ...opts('difference'), compare_columns: [] })).toThrow(
      '`compare_columns` must have the same length as `source_columns`.',
    );
    expect(() => run(frame, 'compare', opts('sum'))).toThrow(
      '`compare_type` must be `difference`, `percentage` or `ratio`',
    );
  });

  it('on a pivoted frame pairs the series of the same dimension value', () => {
    const out = applyPostProcessing(
      {
        columns: ['t', 'g', 'm', 'm__1 week ago'],
        rows: [
          { t: 1, g: 'a', m: 4, 'm__1 week ago': 2 },
          { t: 1, g: 'b', m: 9, 'm__1 week ago': 3 },
        ],
      },
      [
        {
          operation: 'pivot',
          options: {
            index: ['t'],
            columns: ['g'],
            aggregates: { m: { operator: 'mean' }, 'm__1 week ago': { operator: 'mean' } },
          },
        },
        {
          operation: 'compare',
          options: {
            source_columns: ['m'],
            compare_columns: ['m__1 week ago'],
            compare_type: 'ratio',
            drop_original_columns: true,
          },
        },
      ],
    );
    expect(out.rows).toEqual([{ t: 1, 'ratio__m__m__1 week ago, a': 2, 'ratio__m__m__1 week ago, b': 3 }]);
  });
});

describe('contribution', () => {
  const frame: DataFrame = {
    columns: ['label', 'a', 'b'],
    rows: [
      { label: 'x', a: 1, b: 1 },
      { label: 'y', a: 3, b: 9 },
      { label: 'z', a: null, b: null },
    ],
  };

  it('column: each value as a share of its column total (missing counts as 0)', () => {
    expect(run(frame, 'contribution', { orientation: 'column' }).rows).toEqual([
      { label: 'x', a: 0.25, b: 0.1 },
      { label: 'y', a: 0.75, b: 0.9 },
      { label: 'z', a: 0, b: 0 },
    ]);
  });

  it('row: each value as a share of its row total; an all-zero row has no shares', () => {
    expect(run(frame, 'contribution', { orientation: 'row' }).rows).toEqual([
      { label: 'x', a: 0.5, b: 0.5 },
      { label: 'y', a: 0.25, b: 0.75 },
      { label: 'z', a: null, b: null },
    ]);
  });

  it("rename_columns adds share columns (the table chart's %metric); totals can come from the totals query", () => {
    const out = run(frame, 'contribution', { columns: ['a'], rename_columns: ['%a'], contribution_totals: { a: 8 } });
    expect(out.columns).toEqual(['label', 'a', 'b', '%a']);
    expect(out.rows.map((r) => r['%a'])).toEqual([0.125, 0.375, 0]);
  });

  it('row shares of time-shifted columns are computed per shift', () => {
    const shifted: DataFrame = {
      columns: ['a', 'b', 'a__1 year ago', 'b__1 year ago'],
      rows: [{ a: 1, b: 3, 'a__1 year ago': 2, 'b__1 year ago': 2 }],
    };
    expect(run(shifted, 'contribution', { orientation: 'row', time_shifts: ['1 year ago'] }).rows).toEqual([
      { a: 0.25, b: 0.75, 'a__1 year ago': 0.5, 'b__1 year ago': 0.5 },
    ]);
  });

  it('refuses text columns and mismatched renames', () => {
    expect(() => run(frame, 'contribution', { columns: ['label'] })).toThrow(
      'Column "label" is not numeric or does not exists in the query results.',
    );
    expect(() => run(frame, 'contribution', { columns: ['a'], rename_columns: ['x', 'y'] })).toThrow(
      '`rename_columns` must have the same length',
    );
  });

  it('property: column shares of positive values sum to 1', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 10_000 }), { minLength: 1, maxLength: 50 }), (xs) => {
        const out = run({ columns: ['v'], rows: xs.map((v) => ({ v })) }, 'contribution', {});
        expect(out.rows.reduce((acc, r) => acc + (r.v as number), 0)).toBeCloseTo(1, 9);
      }),
    );
  });
});
