import { DAY, JAN_1_2005, result } from '../testing/fixtures';
import { seriesOf } from '../testing/highcharts-options';
import { transformProps } from './transformProps';

const daily = (counts: (number | null)[]) =>
  result(
    ['__timestamp', 'count'],
    [2, 0],
    counts.map((count, i) => ({ __timestamp: JAN_1_2005 + i * DAY, count })),
  );

describe('big number with trendline transformProps', () => {
  it('shows the latest value and its change against compare_lag points earlier', () => {
    const props = transformProps({ metric: 'count', compare_lag: 1, compare_suffix: 'DoD', y_axis_format: ',d' }, [
      daily([5000, 5200, 5000, 6000]),
    ]);
    expect(props.text).toBe('6,000');
    expect(props.comparison).toEqual({ text: '+20.0% DoD', direction: 'up' });
    expect(transformProps({ metric: 'count', compare_lag: 2 }, [daily([5000, 6000, 4500])]).comparison).toEqual({
      text: '-10.0%',
      direction: 'down',
    });
  });

  it('draws the series as a trendline sorted by time', () => {
    const shuffled = daily([1, 2, 3]);
    shuffled.data.reverse();
    const props = transformProps({ metric: 'count' }, [shuffled]);
    expect(seriesOf(props.trendline!)[0]).toMatchObject({
      type: 'area',
      data: [
        [JAN_1_2005, 1],
        [JAN_1_2005 + DAY, 2],
        [JAN_1_2005 + 2 * DAY, 3],
      ],
    });
    expect(transformProps({ metric: 'count', show_trend_line: false }, [daily([1, 2])]).trendline).toBeNull();
  });

  it('falls back to the last known value, with its date, when the latest point is null', () => {
    const props = transformProps({ metric: 'count', time_format: '%Y-%m-%d' }, [daily([10, 20, null])]);
    expect(props.value).toBe(20);
    expect(props.staleTimestamp).toBe('2005-01-02');
  });

  it('aggregates all points when aggregation is not the last value', () => {
    expect(transformProps({ metric: 'count', aggregation: 'sum' }, [daily([10, 20, 30])]).value).toBe(60);
    expect(transformProps({ metric: 'count', aggregation: 'median' }, [daily([10, 50, 30])]).value).toBe(30);
  });
});
