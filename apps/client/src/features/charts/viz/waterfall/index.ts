import { highchartsPlugin } from '../shared/plugin';
import { transformProps } from './transformProps';

export default highchartsPlugin(
  {
    key: 'waterfall',
    label: 'Waterfall Chart',
    description: 'How a total is reached through positive and negative changes.',
  },
  transformProps,
);
