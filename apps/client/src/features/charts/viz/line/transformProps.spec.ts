import { BOOST_THRESHOLD } from '../shared/base-options';
import {
  carsDatasource,
  dailyFlights,
  DAY,
  JAN_1_2005,
  result,
  stocksBySymbol,
  stocksPivoted,
} from '../testing/fixtures';
import { axisLabel, seriesOf, xAxisOf, yAxisOf } from '../testing/highcharts-options';
import { transformProps } from './transformProps';

describe('line chart transformProps', () => {
  it('draws one time series per metric on a datetime axis, labelled with the verbose name', () => {
    const options = transformProps(
      { viz_type: 'echarts_timeseries_line', x_axis: 'date', metrics: ['count'] },
      [dailyFlights],
      carsDatasource,
    );
    const [series] = seriesOf(options);
    expect(seriesOf(options)).toHaveLength(1);
    expect(series).toMatchObject({ type: 'line', name: 'Flights' });
    expect(series!.data).toEqual([
      [JAN_1_2005, 5623],
      [JAN_1_2005 + DAY, 5914],
      [JAN_1_2005 + 2 * DAY, 5498],
      [JAN_1_2005 + 3 * DAY, 6012],
    ]);
    expect(xAxisOf(options).type).toBe('datetime');
  });

  it('pivots long rows into one series per group-by value, sorted by time', () => {
    const options = transformProps(
      {
        x_axis: 'date',
        metrics: [{ expressionType: 'SIMPLE', aggregate: 'MAX', column: { column_name: 'price' } }],
        groupby: ['symbol'],
      },
      [stocksBySymbol],
    );
    const series = seriesOf(options);
    expect(series.map((s) => s.name)).toEqual(['AAPL', 'MSFT']);
    expect(series[0]!.data).toEqual([
      [Date.UTC(2009, 0, 1), 90.13],
      [Date.UTC(2009, 1, 1), 89.31],
      [Date.UTC(2009, 2, 1), 105.12],
    ]);
    expect(series[1]!.custom?.crossFilter).toEqual({
      filters: [{ col: 'symbol', op: 'IN', val: ['MSFT'] }],
      label: 'MSFT',
    });
  });

  it('reads results the server already pivoted (one column per series, __timestamp x axis)', () => {
    const options = transformProps({ granularity_sqla: 'date', metrics: ['MAX(price)'], groupby: ['symbol'] }, [
      stocksPivoted,
    ]);
    expect(seriesOf(options).map((s) => [s.name, s.data.length])).toEqual([
      ['AAPL', 3],
      ['MSFT', 3],
    ]);
  });

  it('formats the y axis with the chosen format, else the dataset format, and the x axis with the time format', () => {
    const data = result(
      ['date', 'AVG(horsepower)'],
      [2, 0],
      [{ date: Date.UTC(2020, 5, 1), 'AVG(horsepower)': 1234.5 }],
    );
    const withDataset = transformProps(
      { x_axis: 'date', metrics: ['AVG(horsepower)'], y_axis_format: 'SMART_NUMBER' },
      [data],
      carsDatasource,
    );
    expect(axisLabel(yAxisOf(withDataset), 1234.5)).toBe('1,234.5');
    const chosen = transformProps(
      { x_axis: 'date', metrics: ['AVG(horsepower)'], y_axis_format: '.3s', x_axis_time_format: '%Y-%m-%d' },
      [data],
      carsDatasource,
    );
    expect(axisLabel(yAxisOf(chosen), 1234.5)).toBe('1.23k');
    expect(axisLabel(xAxisOf(chosen), Date.UTC(2020, 5, 1))).toBe('2020-06-01');
  });

  it('boosts series longer than the boost threshold', () => {
    const rows = Array.from({ length: BOOST_THRESHOLD + 1 }, (_, i) => ({
      date: JAN_1_2005 + i * 60_000,
      count: i % 17,
    }));
    const big = transformProps({ x_axis: 'date', metrics: ['count'] }, [result(['date', 'count'], [2, 0], rows)]);
    expect(big.boost?.enabled).toBe(true);
    expect(big.plotOptions?.series?.boostThreshold).toBe(BOOST_THRESHOLD);
    expect(transformProps({ x_axis: 'date', metrics: ['count'] }, [dailyFlights]).boost).toBeUndefined();
  });

  it('hides the legend and uses a log axis when asked', () => {
    const options = transformProps({ x_axis: 'date', metrics: ['count'], show_legend: false, logAxis: true }, [
      dailyFlights,
    ]);
    expect(options.legend?.enabled).toBe(false);
    expect(yAxisOf(options).type).toBe('logarithmic');
  });
});
