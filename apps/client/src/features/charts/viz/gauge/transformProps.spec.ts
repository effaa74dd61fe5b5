import { result } from '../testing/fixtures';
import { seriesOf, yAxisOf } from '../testing/highcharts-options';
import { numberList, transformProps } from './transformProps';

describe('gauge transformProps', () => {
  it('puts the value on a scale rounded up from the largest value when no max is set', () => {
    const options = transformProps({ metric: 'AVG(horsepower)' }, [
      result(['AVG(horsepower)'], [0], [{ 'AVG(horsepower)': 104.47 }]),
    ]);
    expect(seriesOf(options)[0]).toMatchObject({ type: 'gauge', data: [{ y: 104.47 }] });
    expect(yAxisOf(options)).toMatchObject({ min: 0, max: 200 });
  });

  it('uses min_val, max_val and coloured intervals', () => {
    const options = transformProps(
      { metric: 'score', min_val: 0, max_val: 100, intervals: '50, 80, 100', interval_color_indices: '6,7,3' },
      [result(['score'], [0], [{ score: 72 }])],
    );
    const axis = yAxisOf(options);
    expect(axis).toMatchObject({ min: 0, max: 100 });
    expect(axis.plotBands?.map((b) => [b.from, b.to, b.color])).toEqual([
      [0, 50, '#E04355'],
      [50, 80, '#FCC700'],
      [80, 100, '#5AC189'],
    ]);
  });

  it('draws one dial per group', () => {
    const options = transformProps({ metric: 'n', groupby: ['origin'] }, [
      result(
        ['origin', 'n'],
        [1, 0],
        [
          { origin: 'USA', n: 3 },
          { origin: 'Japan', n: 5 },
        ],
      ),
    ]);
    expect(seriesOf(options).map((s) => s.name)).toEqual(['USA', 'Japan']);
    expect(numberList('1, x, 3')).toEqual([1, 3]);
  });
});
