import { stocksBySymbol } from '../testing/fixtures';
import { seriesOf } from '../testing/highcharts-options';
import { transformProps } from './transformProps';

describe('area chart transformProps', () => {
  it('fills each series with the chosen opacity and stacks them', () => {
    const options = transformProps(
      { x_axis: 'date', metrics: ['MAX(price)'], groupby: ['symbol'], opacity: 0.5, stack: 'Stack' },
      [stocksBySymbol],
    );
    expect(seriesOf(options).map((s) => [s.type, (s as { fillOpacity?: number }).fillOpacity])).toEqual([
      ['area', 0.5],
      ['area', 0.5],
    ]);
    expect(options.plotOptions?.series?.stacking).toBe('normal');
  });

  it('defaults to a light fill', () => {
    const [series] = seriesOf(
      transformProps({ x_axis: 'date', metrics: ['MAX(price)'], groupby: ['symbol'] }, [stocksBySymbol]),
    );
    expect((series as { fillOpacity?: number }).fillOpacity).toBe(0.2);
  });
});
