import { highchartsPlugin } from '../shared/plugin';
import { transformProps } from './transformProps';

export default highchartsPlugin(
  {
    key: 'echarts_timeseries',
    label: 'Generic Chart',
    description: 'A time series whose series type (line, smooth, bar, scatter, step) is chosen in the controls.',
  },
  transformProps,
);
