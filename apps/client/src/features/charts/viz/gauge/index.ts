import { highchartsPlugin } from '../shared/plugin';
import { transformProps } from './transformProps';

export default highchartsPlugin(
  {
    key: 'gauge_chart',
    label: 'Gauge Chart',
    description: 'A metric against a scale with coloured ranges, like a speedometer.',
  },
  transformProps,
);
