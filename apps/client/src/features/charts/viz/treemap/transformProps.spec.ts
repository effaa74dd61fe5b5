import type { PointOptionsObject } from 'highcharts';
import { result } from '../testing/fixtures';
import { seriesOf } from '../testing/highcharts-options';
import { transformProps } from './transformProps';

const population = result(
  ['region', 'country', 'SUM(pop)'],
  [1, 1, 0],
  [
    { region: 'Europe', country: 'France', 'SUM(pop)': 68 },
    { region: 'Europe', country: 'Germany', 'SUM(pop)': 84 },
    { region: 'Asia', country: 'Japan', 'SUM(pop)': 125 },
    { region: 'America', country: 'Georgia', 'SUM(pop)': 11 },
    { region: 'Asia', country: 'Georgia', 'SUM(pop)': 4 },
  ],
);

describe('treemap transformProps', () => {
  it('nests one level per group-by column with path ids, values on the leaves', () => {
    const options = transformProps({ groupby: ['region', 'country'], metric: 'SUM(pop)' }, [population]);
    const points = seriesOf(options)[0]!.data as PointOptionsObject[];
    expect(seriesOf(options)[0]!.type).toBe('treemap');
    const byId = new Map(points.map((p) => [p.id, p]));
    expect(byId.get('Europe')).toMatchObject({ name: 'Europe' });
    expect(byId.get('Europe')!.value).toBeUndefined();
    expect(byId.get('Europe\u0000Germany')).toMatchObject({ parent: 'Europe', value: 84 });
    // The same name under two parents stays two nodes.
    expect(byId.get('Asia\u0000Georgia')).toMatchObject({ parent: 'Asia', value: 4 });
    expect(byId.get('America\u0000Georgia')).toMatchObject({ parent: 'America', value: 11 });
    expect(points).toHaveLength(8);
  });

  it('cross-filters a leaf on its whole path', () => {
    const points = seriesOf(transformProps({ groupby: ['region', 'country'], metric: 'SUM(pop)' }, [population]))[0]!
      .data as PointOptionsObject[];
    expect((points.find((p) => p.id === 'Asia\u0000Japan')!.custom as { crossFilter: unknown }).crossFilter).toEqual({
      filters: [
        { col: 'region', op: 'IN', val: ['Asia'] },
        { col: 'country', op: 'IN', val: ['Japan'] },
      ],
      label: 'Asia, Japan',
    });
  });
});
