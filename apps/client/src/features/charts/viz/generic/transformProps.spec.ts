import { dailyFlights } from '../testing/fixtures';
import { seriesOf } from '../testing/highcharts-options';
import { transformProps as smooth } from '../smooth/transformProps';
import { transformProps as step } from '../step/transformProps';
import { seriesKind, transformProps } from './transformProps';

describe('generic time-series transformProps', () => {
  it('maps seriesType to the Highcharts series type', () => {
    expect(seriesKind('bar')).toBe('column');
    expect(seriesKind('smooth')).toBe('spline');
    expect(seriesKind('start')).toBe('step');
    expect(seriesKind(undefined)).toBe('line');
    expect(
      seriesOf(transformProps({ x_axis: 'date', metrics: ['count'], seriesType: 'scatter' }, [dailyFlights]))[0]!.type,
    ).toBe('scatter');
  });

  it('draws smooth lines as splines and stepped lines as steps', () => {
    expect(seriesOf(smooth({ x_axis: 'date', metrics: ['count'] }, [dailyFlights]))[0]!.type).toBe('spline');
    expect(seriesOf(step({ x_axis: 'date', metrics: ['count'], seriesType: 'end' }, [dailyFlights]))[0]).toMatchObject({
      type: 'line',
      step: 'right',
    });
  });
});
