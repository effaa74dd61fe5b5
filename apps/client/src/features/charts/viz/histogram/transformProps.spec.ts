import { result } from '../testing/fixtures';
import { axisLabel, seriesOf, xAxisOf, yAxisOf } from '../testing/highcharts-options';
import { countInto, histogramBins } from './bins';
import { transformProps } from './transformProps';

// Raw horsepower values of a few cars, with their origin.
const horsepower = result(
  ['horsepower', 'origin'],
  [0, 1],
  [
    { horsepower: 46, origin: 'Europe' },
    { horsepower: 88, origin: 'Japan' },
    { horsepower: 95, origin: 'Japan' },
    { horsepower: 130, origin: 'USA' },
    { horsepower: 150, origin: 'USA' },
    { horsepower: 230, origin: 'USA' },
    { horsepower: null, origin: 'USA' },
  ],
);

describe('histogram bins', () => {
  it('splits the range into equal bins, the last one closed', () => {
    expect(histogramBins([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 5)).toEqual({
      edges: [0, 2, 4, 6, 8, 10],
      counts: [2, 2, 2, 2, 3],
    });
    expect(histogramBins([7, 7], 2)).toEqual({ edges: [6.5, 7, 7.5], counts: [0, 2] });
    expect(countInto([1, 5, 9], [0, 5, 10])).toEqual([1, 2]);
  });
});

describe('histogram transformProps', () => {
  it('bins the raw values of the column, skipping nulls', () => {
    const options = transformProps({ column: 'horsepower', bins: 4, x_axis_format: ',d' }, [horsepower]);
    expect(xAxisOf(options).categories).toEqual(['46 - 92', '92 - 138', '138 - 184', '184 - 230']);
    expect(seriesOf(options).map((s) => s.data)).toEqual([[2, 2, 1, 1]]);
  });

  it('draws one series per group on shared bins, normalised or cumulative', () => {
    const normalized = transformProps({ column: 'horsepower', groupby: ['origin'], bins: 4, normalize: true }, [
      horsepower,
    ]);
    expect(seriesOf(normalized).map((s) => [s.name, s.data])).toEqual([
      ['Europe', [1, 0, 0, 0]],
      ['Japan', [0.5, 0.5, 0, 0]],
      ['USA', [0, 1 / 3, 1 / 3, 1 / 3]],
    ]);
    expect(axisLabel(yAxisOf(normalized), 0.5)).toBe('50.0%');
    const cumulative = transformProps({ column: 'horsepower', bins: 4, cumulative: true }, [horsepower]);
    expect(seriesOf(cumulative)[0]!.data).toEqual([2, 4, 5, 6]);
  });

  it('draws a result the server already binned as it is, bin edges in the x format', () => {
    const binned = result(
      ['origin', '46.0 - 138.0', '138.0 - 230.0'],
      [1, 0, 0],
      [{ origin: 'USA', '46.0 - 138.0': 0.25, '138.0 - 230.0': 1 }],
    );
    // normalize and cumulative were applied by the server: the values are drawn unchanged.
    const options = transformProps({ column: 'horsepower', groupby: ['origin'], normalize: true, cumulative: true }, [
      binned,
    ]);
    expect(xAxisOf(options).categories).toEqual(['46 - 138', '138 - 230']);
    expect(seriesOf(options)[0]).toMatchObject({ name: 'USA', data: [0.25, 1] });
  });
});
