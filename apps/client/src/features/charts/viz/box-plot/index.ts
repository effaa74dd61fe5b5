import { highchartsPlugin } from '../shared/plugin';
import { transformProps } from './transformProps';

export default highchartsPlugin(
  {
    key: 'box_plot',
    label: 'Box Plot',
    description: 'The spread of a metric (quartiles, whiskers, outliers) per category.',
  },
  transformProps,
);
