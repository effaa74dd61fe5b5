import { dailyFlights, DAY, JAN_1_2005, result } from '../testing/fixtures';
import { axisLabel, seriesOf, yAxisOf } from '../testing/highcharts-options';
import { transformProps } from './transformProps';

const delays = result(
  ['date', 'AVG(delay)'],
  [2, 0],
  [
    { date: JAN_1_2005, 'AVG(delay)': 0.125 },
    { date: JAN_1_2005 + DAY, 'AVG(delay)': 0.25 },
  ],
);

describe('mixed chart transformProps', () => {
  const formData = {
    x_axis: 'date',
    metrics: ['count'],
    metrics_b: ['AVG(delay)'],
    y_axis_format: ',d',
    y_axis_format_secondary: '.0%',
  };

  it('draws query A as lines on the left axis and query B as bars on the right axis by default', () => {
    const options = transformProps(formData, [dailyFlights, delays]);
    const series = seriesOf(options);
    expect(series.map((s) => [s.name, s.type, s.yAxis])).toEqual([
      ['count', 'line', 0],
      ['AVG(delay)', 'column', 1],
    ]);
    expect(series[1]!.data).toEqual([
      [JAN_1_2005, 0.125],
      [JAN_1_2005 + DAY, 0.25],
    ]);
    expect(yAxisOf(options, 1).opposite).toBe(true);
    expect(axisLabel(yAxisOf(options, 0), 5623)).toBe('5,623');
    expect(axisLabel(yAxisOf(options, 1), 0.25)).toBe('25%');
  });

  it('follows seriesType, seriesTypeB and the axis choices, and stacks per query', () => {
    const options = transformProps(
      { ...formData, seriesType: 'bar', seriesTypeB: 'scatter', yAxisIndexB: 0, stack: true },
      [dailyFlights, delays],
    );
    expect(seriesOf(options).map((s) => [s.type, s.yAxis, s.stacking, (s as { stack?: string }).stack])).toEqual([
      ['column', 0, 'normal', 'a'],
      ['scatter', 0, undefined, 'b'],
    ]);
  });

  it('tells apart a metric used in both queries', () => {
    const options = transformProps({ x_axis: 'date', metrics: ['count'], metrics_b: ['count'] }, [
      dailyFlights,
      dailyFlights,
    ]);
    expect(seriesOf(options).map((s) => s.name)).toEqual(['count', 'count (Query B)']);
  });
});
