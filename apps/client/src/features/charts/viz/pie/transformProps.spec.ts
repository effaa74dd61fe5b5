import type { PointOptionsObject } from 'highcharts';
import { carsDatasource, carsHorsepowerByOrigin, result } from '../testing/fixtures';
import { seriesOf } from '../testing/highcharts-options';
import { pieLabel, transformProps } from './transformProps';

const pointsOf = (options: ReturnType<typeof transformProps>) => seriesOf(options)[0]!.data as PointOptionsObject[];
const formData = { viz_type: 'pie', groupby: ['origin'], metric: 'AVG(horsepower)' };

describe('pie transformProps', () => {
  it('draws one slice per group, largest first, with the verbose metric name', () => {
    const reversed = { ...carsHorsepowerByOrigin, data: [...carsHorsepowerByOrigin.data].reverse() };
    const options = transformProps(formData, [reversed], carsDatasource);
    expect(seriesOf(options)[0]).toMatchObject({ type: 'pie', name: 'Average horsepower' });
    expect(pointsOf(options).map((p) => [p.name, p.y])).toEqual([
      ['USA', 119.04897959183674],
      ['Europe', 80.55882352941177],
      ['Japan', 79.83544303797468],
    ]);
  });

  it('keeps the query order with sort_by_metric off', () => {
    const reversed = { ...carsHorsepowerByOrigin, data: [...carsHorsepowerByOrigin.data].reverse() };
    expect(pointsOf(transformProps({ ...formData, sort_by_metric: false }, [reversed])).map((p) => p.name)).toEqual([
      'Japan',
      'Europe',
      'USA',
    ]);
  });

  it('labels slices by label_type with the number format and the share', () => {
    const options = transformProps({ ...formData, label_type: 'key_value_percent', number_format: ',.1f' }, [
      carsHorsepowerByOrigin,
    ]);
    expect((pointsOf(options)[0]!.custom as { label: string }).label).toBe('USA: 119.0 (42.6%)');
    expect(pieLabel('percent', 'x', '1', 0.25)).toBe('25.0%');
    expect(pieLabel('key', 'x', '1', 0.25)).toBe('x');
  });

  it('makes a donut and hides labels of slices under the threshold', () => {
    const data = result(
      ['name', 'count'],
      [1, 0],
      [
        { name: 'big', count: 99 },
        { name: 'tiny', count: 1 },
      ],
    );
    const options = transformProps(
      { groupby: ['name'], metric: 'count', donut: true, innerRadius: 35, outerRadius: 70 },
      [data],
    );
    expect(options.plotOptions?.pie?.innerSize).toBe('50%');
    expect(pointsOf(options).map((p) => (p.dataLabels as { enabled: boolean }).enabled)).toEqual([true, false]);
  });

  it('carries a cross-filter on each slice', () => {
    expect(
      (pointsOf(transformProps(formData, [carsHorsepowerByOrigin]))[2]!.custom as { crossFilter: unknown }).crossFilter,
    ).toEqual({
      filters: [{ col: 'origin', op: 'IN', val: ['Japan'] }],
      label: 'Japan',
    });
  });

  it('colours slices with the chosen color_scheme, the default for an unknown one', () => {
    const colors = (scheme?: string) =>
      pointsOf(transformProps({ ...formData, color_scheme: scheme }, [carsHorsepowerByOrigin])).map((p) => p.color);
    expect(colors('d3Category10')).toEqual(['#1f77b4', '#ff7f0e', '#2ca02c']);
    expect(colors('no such scheme')).toEqual(['#1FA8C9', '#454E7C', '#5AC189']);
    expect(
      transformProps({ ...formData, color_scheme: 'googleCategory10c' }, [carsHorsepowerByOrigin]).colors?.[0],
    ).toBe('#3366cc');
  });

  it('shows the total when show_total is on', () => {
    const data = result(
      ['name', 'count'],
      [1, 0],
      [
        { name: 'a', count: 1500 },
        { name: 'b', count: 500 },
      ],
    );
    expect(transformProps({ groupby: ['name'], metric: 'count', show_total: true }, [data]).title?.text).toBe(
      'Total: 2k',
    );
  });
});
