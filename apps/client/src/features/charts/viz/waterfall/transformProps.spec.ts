import type { PointOptionsObject } from 'highcharts';
import { result } from '../testing/fixtures';
import { seriesOf } from '../testing/highcharts-options';
import { transformProps } from './transformProps';

const profit = result(
  ['quarter', 'region', 'SUM(profit)'],
  [1, 1, 0],
  [
    { quarter: 'Q1', region: 'EU', 'SUM(profit)': 100 },
    { quarter: 'Q1', region: 'US', 'SUM(profit)': 50 },
    { quarter: 'Q2', region: 'EU', 'SUM(profit)': -30 },
    { quarter: 'Q2', region: 'US', 'SUM(profit)': 20 },
  ],
);

describe('waterfall transformProps', () => {
  it('draws one step per x value, coloured by direction, then the total', () => {
    const options = transformProps({ x_axis: 'quarter', metric: 'SUM(profit)' }, [profit]);
    const points = seriesOf(options)[0]!.data as PointOptionsObject[];
    expect(seriesOf(options)[0]!.type).toBe('waterfall');
    expect(points.map((p) => [p.name, p.y, p.color, p.isSum ?? false])).toEqual([
      ['Q1', 150, '#5AC189', false],
      ['Q2', -10, '#E04355', false],
      ['Total', undefined, '#666666', true],
    ]);
  });

  it('shows breakdown steps and a subtotal per x value', () => {
    const points = seriesOf(
      transformProps(
        {
          x_axis: 'quarter',
          groupby: ['region'],
          metric: 'SUM(profit)',
          increase_color: { r: 0, g: 122, b: 135, a: 1 },
        },
        [profit],
      ),
    )[0]!.data as PointOptionsObject[];
    expect(points.map((p) => [p.name, p.y ?? null, Boolean(p.isIntermediateSum), Boolean(p.isSum)])).toEqual([
      ['Q1 · EU', 100, false, false],
      ['Q1 · US', 50, false, false],
      ['Q1', null, true, false],
      ['Q2 · EU', -30, false, false],
      ['Q2 · US', 20, false, false],
      ['Q2', null, true, false],
      ['Total', null, false, true],
    ]);
    expect(points[0]!.color).toBe('rgba(0,122,135,1)');
  });
});
