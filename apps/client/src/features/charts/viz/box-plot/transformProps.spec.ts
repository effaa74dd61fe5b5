import { result } from '../testing/fixtures';
import { seriesOf, xAxisOf } from '../testing/highcharts-options';
import { boxStats, quantile } from './stats';
import { transformProps } from './transformProps';

describe('box statistics', () => {
  it('interpolates quartiles like pandas and applies the whisker rule', () => {
    expect(quantile([1, 2, 3, 4], 0.25)).toBe(1.75);
    const tukey = boxStats([1, 2, 3, 4, 5, 6, 7, 8, 100], 'Tukey')!;
    expect([tukey.low, tukey.q1, tukey.median, tukey.q3, tukey.high, tukey.outliers]).toEqual([1, 3, 5, 7, 8, [100]]);
    const minMax = boxStats([1, 2, 3, 4, 5, 6, 7, 8, 100], 'Min/max (no outliers)')!;
    expect([minMax.low, minMax.high, minMax.outliers]).toEqual([1, 100, []]);
    const pct = boxStats([...Array.from({ length: 101 }, (_, i) => i)], '9/91 percentiles')!;
    expect([pct.low, pct.high]).toEqual([9, 91]);
  });
});

describe('box plot transformProps', () => {
  // MPG per car model (distribute across "name"), grouped by origin.
  const mpg = result(
    ['origin', 'name', 'AVG(mpg)'],
    [1, 1, 0],
    [
      { origin: 'USA', name: 'a', 'AVG(mpg)': 10 },
      { origin: 'USA', name: 'b', 'AVG(mpg)': 20 },
      { origin: 'USA', name: 'c', 'AVG(mpg)': 30 },
      { origin: 'Japan', name: 'd', 'AVG(mpg)': 30 },
      { origin: 'Japan', name: 'e', 'AVG(mpg)': 34 },
    ],
  );

  it('computes one box per group-by category from the distributed rows', () => {
    const options = transformProps({ groupby: ['origin'], columns: ['name'], metrics: ['AVG(mpg)'] }, [mpg]);
    expect(xAxisOf(options).categories).toEqual(['USA', 'Japan']);
    const [boxes, outliers] = seriesOf(options);
    expect(boxes!.type).toBe('boxplot');
    expect(
      (boxes!.data as { low: number; q1: number; median: number; q3: number; high: number }[]).map((b) => [
        b.low,
        b.q1,
        b.median,
        b.q3,
        b.high,
      ]),
    ).toEqual([
      [10, 15, 20, 25, 30],
      [30, 31, 32, 33, 34],
    ]);
    expect(outliers).toMatchObject({ type: 'scatter', data: [] });
  });

  it('uses the statistics of the server boxplot operation when present', () => {
    const stats = result(
      ['origin', 'AVG(mpg)__min', 'AVG(mpg)__q1', 'AVG(mpg)__median', 'AVG(mpg)__q3', 'AVG(mpg)__max'],
      [1, 0, 0, 0, 0, 0],
      [
        {
          origin: 'USA',
          'AVG(mpg)__min': 9,
          'AVG(mpg)__q1': 14,
          'AVG(mpg)__median': 18,
          'AVG(mpg)__q3': 25,
          'AVG(mpg)__max': 39,
        },
      ],
    );
    const [boxes] = seriesOf(
      transformProps({ groupby: ['origin'], columns: ['name'], metrics: ['AVG(mpg)'] }, [stats]),
    );
    expect(boxes!.data).toEqual([expect.objectContaining({ low: 9, q1: 14, median: 18, q3: 25, high: 39 })]);
  });
});
