import type { VizPlugin } from '../shared/plugin';
import { BigNumberTotal } from './BigNumberTotal';

const plugin: VizPlugin = {
  key: 'big_number_total',
  label: 'Big Number',
  description: 'One metric as a large number, with an optional subheader.',
  Component: BigNumberTotal,
};
export default plugin;
