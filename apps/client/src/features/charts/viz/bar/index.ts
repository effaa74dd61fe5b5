import { highchartsPlugin } from '../shared/plugin';
import { transformProps } from './transformProps';

export default highchartsPlugin(
  {
    key: 'echarts_timeseries_bar',
    label: 'Bar Chart',
    description: 'Compare metrics across categories or time: vertical, horizontal or stacked bars.',
  },
  transformProps,
);
