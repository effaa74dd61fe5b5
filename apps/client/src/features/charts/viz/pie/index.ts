import { highchartsPlugin } from '../shared/plugin';
import { transformProps } from './transformProps';

export default highchartsPlugin(
  { key: 'pie', label: 'Pie Chart', description: 'Parts of a whole, as a pie or a donut.' },
  transformProps,
);
