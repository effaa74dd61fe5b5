import { highchartsPlugin } from '../shared/plugin';
import { transformProps } from './transformProps';

export default highchartsPlugin(
  {
    key: 'echarts_area',
    label: 'Area Chart',
    description: 'Filled lines, optionally stacked, to show how parts add up over time.',
  },
  transformProps,
);
