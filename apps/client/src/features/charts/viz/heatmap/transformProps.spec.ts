import type { PointOptionsObject } from 'highcharts';
import { result } from '../testing/fixtures';
import { seriesOf, xAxisOf, yAxisOf } from '../testing/highcharts-options';
import { transformProps } from './transformProps';

// Average weather by month and kind, like seattle-weather aggregated.
const weather = result(
  ['month', 'weather', 'COUNT(*)'],
  [1, 1, 0],
  [
    { month: 'Feb', weather: 'rain', 'COUNT(*)': 40 },
    { month: 'Jan', weather: 'rain', 'COUNT(*)': 35 },
    { month: 'Jan', weather: 'sun', 'COUNT(*)': 10 },
    { month: 'Feb', weather: 'sun', 'COUNT(*)': 20 },
  ],
);
const formData = { x_axis: 'month', groupby: ['weather'], metric: 'COUNT(*)' };

describe('heatmap transformProps', () => {
  it('puts x_axis and groupby values on the axes, sorted, and one cell per row', () => {
    const options = transformProps(formData, [weather]);
    expect(xAxisOf(options).categories).toEqual(['Feb', 'Jan']);
    expect(yAxisOf(options).categories).toEqual(['rain', 'sun']);
    const cells = seriesOf(options)[0]!.data as PointOptionsObject[];
    expect(cells.map((c) => [c.x, c.y, c.value])).toEqual([
      [0, 0, 40],
      [1, 0, 35],
      [1, 1, 10],
      [0, 1, 20],
    ]);
    expect(options.colorAxis).toMatchObject({ min: 0, max: 40 });
  });

  it('normalises colours within each column across x, keeping the raw value for labels', () => {
    const cells = seriesOf(transformProps({ ...formData, normalize_across: 'x' }, [weather]))[0]!
      .data as PointOptionsObject[];
    expect(cells.map((c) => [c.x, c.y, c.value, (c.custom as { raw: number }).raw])).toEqual([
      [0, 0, 1, 40],
      [1, 0, 1, 35],
      [1, 1, 0, 10],
      [0, 1, 0, 20],
    ]);
  });

  it('colours cells with the linear_color_scheme', () => {
    expect(
      transformProps({ ...formData, linear_color_scheme: 'blue_white_yellow' }, [weather]).colorAxis,
    ).toMatchObject({
      stops: [
        [0, '#00D1C1'],
        [0.5, '#FFFFFF'],
        [1, '#FFB400'],
      ],
    });
    expect(transformProps(formData, [weather]).colorAxis).toMatchObject({
      stops: [
        [0, '#FFFFFF'],
        [1, '#1FA8C9'],
      ],
    });
  });

  it('sorts axes by value when asked', () => {
    expect(xAxisOf(transformProps({ ...formData, sort_x_axis: 'value_desc' }, [weather])).categories).toEqual([
      'Feb',
      'Jan',
    ]);
    expect(yAxisOf(transformProps({ ...formData, sort_y_axis: 'value_asc' }, [weather])).categories).toEqual([
      'sun',
      'rain',
    ]);
  });
});
