import { result, stocksPivoted } from '../testing/fixtures';
import { toXSeries, wideColumnMeta } from './pivot';

describe('toXSeries', () => {
  it('recovers the group-by values of columns the server pivoted, for cross-filters', () => {
    const set = toXSeries({ x_axis: 'date', metrics: ['MAX(price)'], groupby: ['symbol'] }, stocksPivoted);
    expect(set.xLabel).toBe('__timestamp');
    expect(set.series.map((s) => [s.name, s.metric, s.dims])).toEqual([
      ['AAPL', 'MAX(price)', { symbol: 'AAPL' }],
      ['MSFT', 'MAX(price)', { symbol: 'MSFT' }],
    ]);
  });

  it('reads "metric, dim" columns of several metrics and escaped commas', () => {
    expect(wideColumnMeta('SUM(a), Paris\\, TX, 2020', ['SUM(a)', 'SUM(b)'], ['city', 'year'])).toEqual({
      metric: 'SUM(a)',
      dims: { city: 'Paris, TX', year: '2020' },
    });
    expect(wideColumnMeta('SUM(b)', ['SUM(a)', 'SUM(b)'], [])).toEqual({ metric: 'SUM(b)', dims: {} });
    expect(wideColumnMeta('count__1 year ago', ['count'], [])).toEqual({ metric: 'count', dims: {} });
  });

  it('skips rows without a time and keeps nulls as gaps', () => {
    const data = result(
      ['ds', 'n'],
      [2, 0],
      [
        { ds: null, n: 1 },
        { ds: '2020-01-02', n: null },
        { ds: '2020-01-01', n: 3 },
      ],
    );
    expect(toXSeries({ x_axis: 'ds', metrics: ['n'] }, data).series[0]!.points).toEqual([
      [Date.UTC(2020, 0, 1), 3],
      [Date.UTC(2020, 0, 2), null],
    ]);
  });
});
