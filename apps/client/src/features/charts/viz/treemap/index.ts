import { highchartsPlugin } from '../shared/plugin';
import { transformProps } from './transformProps';

export default highchartsPlugin(
  {
    key: 'treemap_v2',
    label: 'Treemap',
    description: 'Nested rectangles whose areas show a metric across a hierarchy of categories.',
  },
  transformProps,
);
