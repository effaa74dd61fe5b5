import { highchartsPlugin } from '../shared/plugin';
import { transformProps } from './transformProps';

export default highchartsPlugin(
  {
    key: 'echarts_timeseries_scatter',
    label: 'Scatter Plot',
    description: 'Points only, for metrics over time where connecting lines would mislead.',
  },
  transformProps,
);
