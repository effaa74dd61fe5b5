import { highchartsPlugin } from '../shared/plugin';
import { transformProps } from './transformProps';

export default highchartsPlugin(
  {
    key: 'echarts_timeseries_line',
    label: 'Line Chart',
    description: 'Trends of one or more metrics over time or another ordered axis.',
  },
  transformProps,
);
