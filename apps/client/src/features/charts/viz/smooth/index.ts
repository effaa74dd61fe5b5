import { highchartsPlugin } from '../shared/plugin';
import { transformProps } from './transformProps';

export default highchartsPlugin(
  {
    key: 'echarts_timeseries_smooth',
    label: 'Smooth Line',
    description: 'A line chart with smoothed curves between points.',
  },
  transformProps,
);
