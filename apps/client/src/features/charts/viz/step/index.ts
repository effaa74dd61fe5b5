import { highchartsPlugin } from '../shared/plugin';
import { transformProps } from './transformProps';

export default highchartsPlugin(
  {
    key: 'echarts_timeseries_step',
    label: 'Stepped Line',
    description: 'A line that holds each value until the next one: levels that change at points in time.',
  },
  transformProps,
);
