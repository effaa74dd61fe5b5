import { carsDatasource, carsHorsepowerByOrigin, stocksBySymbol } from '../testing/fixtures';
import { seriesOf, xAxisOf, yAxisOf } from '../testing/highcharts-options';
import { transformProps } from './transformProps';

const formData = { viz_type: 'echarts_timeseries_bar', x_axis: 'origin', metrics: ['AVG(horsepower)'] };

describe('bar chart transformProps', () => {
  it('draws vertical columns on a categorical axis, starting at zero', () => {
    const options = transformProps(formData, [carsHorsepowerByOrigin], carsDatasource);
    const [series] = seriesOf(options);
    expect(series!.type).toBe('column');
    expect(xAxisOf(options)).toMatchObject({ type: 'category', categories: ['USA', 'Europe', 'Japan'] });
    expect(series!.data).toEqual([
      [0, 119.04897959183674],
      [1, 80.55882352941177],
      [2, 79.83544303797468],
    ]);
    expect(yAxisOf(options).min).toBe(0);
  });

  it('draws horizontal bars with orientation horizontal', () => {
    const options = transformProps({ ...formData, orientation: 'horizontal' }, [carsHorsepowerByOrigin]);
    expect(seriesOf(options)[0]!.type).toBe('bar');
  });

  it('stacks with stack true or Stack, and to 100 % with Expand', () => {
    const grouped = { x_axis: 'date', metrics: ['MAX(price)'], groupby: ['symbol'] };
    expect(transformProps({ ...grouped, stack: true }, [stocksBySymbol]).plotOptions?.series?.stacking).toBe('normal');
    expect(transformProps({ ...grouped, stack: 'Stack' }, [stocksBySymbol]).plotOptions?.series?.stacking).toBe(
      'normal',
    );
    expect(transformProps({ ...grouped, stack: 'Expand' }, [stocksBySymbol]).plotOptions?.series?.stacking).toBe(
      'percent',
    );
    expect(transformProps(grouped, [stocksBySymbol]).plotOptions?.series?.stacking).toBeUndefined();
  });

  it('gives each bar of a categorical axis a cross-filter on its category', () => {
    const [series] = seriesOf(transformProps(formData, [carsHorsepowerByOrigin]));
    const filters = series!.custom?.crossFilters as unknown[];
    expect(filters[1]).toEqual({ filters: [{ col: 'origin', op: 'IN', val: ['Europe'] }], label: 'Europe' });
  });

  it('shows values on the bars with show_value in the metric format', () => {
    const options = transformProps({ ...formData, show_value: true, y_axis_format: ',.1f' }, [carsHorsepowerByOrigin]);
    const labels = options.plotOptions?.series?.dataLabels as {
      enabled: boolean;
      formatter: (this: { y: number }) => string;
    };
    expect(labels.enabled).toBe(true);
    expect(labels.formatter.call({ y: 80.5588 })).toBe('80.6');
  });
});
