import { highchartsPlugin } from '../shared/plugin';
import { transformProps } from './transformProps';

export default highchartsPlugin(
  {
    key: 'histogram_v2',
    label: 'Histogram',
    description: 'How the values of a numeric column are distributed, in equal-width bins.',
  },
  transformProps,
);
