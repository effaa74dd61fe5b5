import fc from 'fast-check';
import { applyPostProcessing } from './apply';
import type { DataFrame } from './data-frame';

const frameOf = (B: (number | null)[]): DataFrame => ({ columns: ['B'], rows: B.map((b) => ({ B: b })) });
const run = (frame: DataFrame, operation: string, options: Record<string, unknown>) =>
  applyPostProcessing(frame, [{ operation, options }]);
const col = (frame: DataFrame, c = 'B') => frame.rows.map((r) => r[c]);

describe('rolling (pandas DataFrame.rolling)', () => {
  // pandas docs: df = {'B': [0, 1, 2, NaN, 4]}
  const docs = frameOf([0, 1, 2, null, 4]);

  it('pandas docs: rolling(2).sum() needs two present values', () => {
    expect(col(run(docs, 'rolling', { rolling_type: 'sum', window: 2, columns: { B: 'B' } }))).toEqual([
      null,
      1,
      3,
      null,
      null,
    ]);
  });

  it('pandas docs: rolling(2, min_periods=1).sum(), then the first min_periods rows dropped as Superset does', () => {
    // pandas gives [0, 1, 3, 2, 4]; Superset's rolling operator then slices df[min_periods:].
    expect(col(run(docs, 'rolling', { rolling_type: 'sum', window: 2, min_periods: 1, columns: { B: 'B' } }))).toEqual([
      1, 3, 2, 4,
    ]);
  });

  it('min_periods 0 (the Explore control default) keeps every row, partial windows included', () => {
    expect(col(run(docs, 'rolling', { rolling_type: 'sum', window: 2, min_periods: 0, columns: { B: 'B' } }))).toEqual([
      0, 1, 3, 2, 4,
    ]);
  });

  it('refuses min_periods larger than the window, as pandas does', () => {
    expect(() => run(docs, 'rolling', { rolling_type: 'sum', window: 2, min_periods: 3, columns: { B: 'B' } })).toThrow(
      'min_periods 3 must be <= window 2',
    );
  });

  it('pandas docs: rolling(3, min_periods=1, center=True).sum()', () => {
    expect(
      col(run(docs, 'rolling', { rolling_type: 'sum', window: 3, min_periods: 1, center: true, columns: { B: 'B' } })),
    ).toEqual([3, 3, 6, 4]);
  });

  it('a 7-period mean with min_periods 7 starts after the first seven rows (Superset slices df[7:])', () => {
    const frame = frameOf([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const out = run(frame, 'rolling', { rolling_type: 'mean', window: 7, min_periods: 7, columns: { B: 'B' } });
    expect(col(out)).toEqual([5, 6]);
  });

  it('std is the sample deviation; a new target keeps the source', () => {
    const out = run(frameOf([2, 4, 4, 4, 5, 5, 7, 9]), 'rolling', {
      rolling_type: 'std',
      window: 8,
      min_periods: 0,
      columns: { B: 'B_std' },
    });
    expect(out.columns).toEqual(['B', 'B_std']);
    expect(out.rows[7]!.B_std).toBeCloseTo(Math.sqrt(32 / 7), 12);
    expect(out.rows[0]!.B_std).toBeNull(); // one value has no sample deviation
    expect(col(out)).toEqual([2, 4, 4, 4, 5, 5, 7, 9]);
  });

  it('refuses a missing or zero window and unknown functions', () => {
    expect(() => run(docs, 'rolling', { rolling_type: 'sum', columns: { B: 'B' } })).toThrow(
      'Undefined window for rolling operation',
    );
    expect(() => run(docs, 'rolling', { rolling_type: 'sum', window: 0, columns: { B: 'B' } })).toThrow(
      'Window must be > 0',
    );
    expect(() => run(docs, 'rolling', { rolling_type: 'eval', window: 2, columns: { B: 'B' } })).toThrow(
      'Invalid rolling_type: eval',
    );
    expect(() => run(docs, 'rolling', { rolling_type: 'sum', window: 2, columns: { X: 'X' } })).toThrow(
      'Referenced columns not available in DataFrame: X',
    );
    expect(() => run(docs, 'rolling', { rolling_type: 'sum', window: -2, columns: { B: 'B' } })).toThrow(
      'Invalid option window for rolling',
    );
  });

  it('on a pivoted frame a metric name stands for all of its series', () => {
    const pivoted = applyPostProcessing(
      {
        columns: ['t', 'g', 'm'],
        rows: [
          { t: 1, g: 'a', m: 1 },
          { t: 1, g: 'b', m: 10 },
          { t: 2, g: 'a', m: 2 },
          { t: 2, g: 'b', m: 20 },
        ],
      },
      [
        { operation: 'pivot', options: { index: ['t'], columns: ['g'], aggregates: { m: { operator: 'mean' } } } },
        { operation: 'rolling', options: { rolling_type: 'sum', window: 2, min_periods: 0, columns: { m: 'm' } } },
      ],
    );
    expect(pivoted.rows).toEqual([
      { t: 1, 'm, a': 1, 'm, b': 10 },
      { t: 2, 'm, a': 3, 'm, b': 30 },
    ]);
  });

  it('property: a window of 1 leaves present values unchanged', () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.integer({ min: -1000, max: 1000 }), { nil: null })), (xs) => {
        expect(col(run(frameOf(xs), 'rolling', { rolling_type: 'sum', window: 1, columns: { B: 'B' } }))).toEqual(xs);
      }),
    );
  });
});

describe('cum (pandas cumsum, cumprod, cummax, cummin)', () => {
  // pandas docs: s = [2, NaN, 5, -1, 0]
  const docs = frameOf([2, null, 5, -1, 0]);
  it.each([
    ['sum', [2, null, 7, 6, 6]],
    ['prod', [2, null, 10, -10, -0]],
    ['max', [2, null, 5, 5, 5]],
    ['min', [2, null, 2, -1, -1]],
  ])('cum%s skips the missing value and carries on', (operator, expected) => {
    expect(col(run(docs, 'cum', { operator, columns: { B: 'B' } }))).toEqual(expected);
  });

  it('refuses an unknown operator', () => {
    expect(() => run(docs, 'cum', { operator: 'avg', columns: { B: 'B' } })).toThrow(
      'Invalid cumulative operator: avg',
    );
  });

  it('property: the last running sum is the sum of the present values', () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.integer({ min: -1000, max: 1000 }), { nil: null }), { minLength: 1 }), (xs) => {
        const out = col(run(frameOf(xs), 'cum', { operator: 'sum', columns: { B: 'B' } }));
        const lastPresent = [...out].reverse().find((x) => x !== null);
        const total = xs.filter((x): x is number => x !== null).reduce((a, b) => a + b, 0);
        if (xs.some((x) => x !== null)) expect(lastPresent).toBe(total);
      }),
    );
  });
});

describe('diff', () => {
  it('pandas docs: diff(periods=1) and diff(periods=-1)', () => {
    const frame = frameOf([1, 2, 3, 4, 5, 6]);
    expect(col(run(frame, 'diff', { columns: { B: 'B' } }))).toEqual([null, 1, 1, 1, 1, 1]);
    expect(col(run(frameOf([1, 1, 2, 3, 5, 8]), 'diff', { columns: { B: 'B' }, periods: -1 }))).toEqual([
      0,
      -1,
      -1,
      -2,
      -3,
      null,
    ]);
  });
});

describe('rolling: the running computation agrees with computing every window afresh', () => {
  const naive = (xs: (number | null)[], type: string, window: number, minPeriods: number) =>
    xs.map((_, i) => {
      const present = xs.slice(Math.max(0, i + 1 - window), i + 1).filter((x): x is number => x !== null);
      if (present.length < minPeriods) return null;
      const n = present.length;
      const total = present.reduce((a, b) => a + b, 0);
      const m = total / n;
      const variance = n < 2 ? NaN : present.reduce((a, x) => a + (x - m) ** 2, 0) / (n - 1);
      const result = {
        sum: total,
        mean: n === 0 ? NaN : m,
        std: Math.sqrt(variance),
        var: variance,
        min: Math.min(...present),
        max: Math.max(...present),
        count: n,
      }[type]!;
      return Number.isFinite(result) ? result : null;
    });

  it('for sum, mean, std, var, min, max and count, with gaps', () => {
    fc.assert(
      fc.property(
        fc.array(fc.option(fc.integer({ min: -500, max: 500 }), { nil: null }), { maxLength: 40 }),
        fc.constantFrom('sum', 'mean', 'std', 'var', 'min', 'max', 'count'),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 0, max: 8 }),
        (xs, type, window, minPeriods) => {
          fc.pre(minPeriods <= window);
          const got = col(
            run(frameOf(xs), 'rolling', { rolling_type: type, window, min_periods: minPeriods, columns: { B: 'B' } }),
          );
          const want = naive(xs, type, window, minPeriods).slice(minPeriods);
          expect(got).toHaveLength(want.length);
          got.forEach((g, i) =>
            want[i] === null ? expect(g).toBeNull() : expect(g as number).toBeCloseTo(want[i]!, 6),
          );
        },
      ),
    );
  });

  it('a long window over many rows is one pass; value-based functions refuse unbounded work', () => {
    // Linear work is a fraction of a second; a window summed again per row (4 * 10^10 additions) could not
    // finish within the test timeout on any machine. No clock is read: a busy machine is slow, not wrong.
    const big = frameOf(Array.from({ length: 400_000 }, (_, i) => i % 97));
    const out = run(big, 'rolling', { rolling_type: 'mean', window: 200_000, columns: { B: 'B' } });
    expect(out.rows[399_999]!.B).toBeCloseTo(
      Array.from({ length: 200_000 }, (_, k) => (200_000 + k) % 97).reduce((a, b) => a + b, 0) / 200_000,
      9,
    );
    expect(() => run(big, 'rolling', { rolling_type: 'median', window: 200_000, columns: { B: 'B' } })).toThrow(
      'The rolling window is too large for median over 400000 rows',
    );
  });
});
