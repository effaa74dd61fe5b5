import { dailyFlights } from '../testing/fixtures';
import { seriesOf } from '../testing/highcharts-options';
import { transformProps } from './transformProps';

describe('scatter transformProps', () => {
  it('draws markers without lines, sized by markerSize', () => {
    const [series] = seriesOf(transformProps({ x_axis: 'date', metrics: ['count'], markerSize: 10 }, [dailyFlights]));
    expect(series).toMatchObject({ type: 'scatter', marker: { enabled: true, radius: 5 } });
    expect(series!.data).toHaveLength(4);
  });
});
