import { highchartsPlugin } from '../shared/plugin';
import { transformProps } from './transformProps';

export default highchartsPlugin(
  {
    key: 'funnel',
    label: 'Funnel Chart',
    description: 'How a metric narrows through ordered stages, such as a sales pipeline.',
  },
  transformProps,
);
