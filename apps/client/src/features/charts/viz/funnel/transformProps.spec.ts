import type { PointOptionsObject } from 'highcharts';
import { result } from '../testing/fixtures';
import { seriesOf } from '../testing/highcharts-options';
import { stagePercent, transformProps } from './transformProps';

const pipeline = result(
  ['stage', 'SUM(deals)'],
  [1, 0],
  [
    { stage: 'Qualified', 'SUM(deals)': 400 },
    { stage: 'Leads', 'SUM(deals)': 1000 },
    { stage: 'Won', 'SUM(deals)': 100 },
  ],
);

describe('funnel transformProps', () => {
  it('orders stages from the largest and labels them with their share of the first stage', () => {
    const options = transformProps({ groupby: ['stage'], metric: 'SUM(deals)' }, [pipeline]);
    const points = seriesOf(options)[0]!.data as PointOptionsObject[];
    expect(seriesOf(options)[0]!.type).toBe('funnel');
    expect(points.map((p) => [p.name, (p.custom as { label: string }).label])).toEqual([
      ['Leads', 'Leads: 100.0%'],
      ['Qualified', 'Qualified: 40.0%'],
      ['Won', 'Won: 10.0%'],
    ]);
  });

  it('computes shares of the previous step or of the total', () => {
    expect(stagePercent([1000, 400, 100], 2, 'prev_step')).toBe(0.25);
    expect(stagePercent([1000, 400, 100], 1, 'total')).toBeCloseTo(400 / 1500);
    expect(stagePercent([1000, 400, 100], 1, 'first_step')).toBe(0.4);
  });
});
