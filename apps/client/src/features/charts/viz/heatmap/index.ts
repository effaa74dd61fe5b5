import { highchartsPlugin } from '../shared/plugin';
import { transformProps } from './transformProps';

export default highchartsPlugin(
  {
    key: 'heatmap_v2',
    label: 'Heatmap',
    description: 'A grid of two dimensions coloured by a metric, to spot patterns and outliers.',
  },
  transformProps,
);
