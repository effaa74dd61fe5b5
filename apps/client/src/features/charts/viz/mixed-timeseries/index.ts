import { highchartsPlugin } from '../shared/plugin';
import { transformProps } from './transformProps';

export default highchartsPlugin(
  {
    key: 'mixed_timeseries',
    label: 'Mixed Chart',
    description: 'Two queries on one time axis, each with its own series type and y axis.',
  },
  transformProps,
);
