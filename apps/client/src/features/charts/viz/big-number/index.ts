import type { VizPlugin } from '../shared/plugin';
import { BigNumberTrendline } from './BigNumberTrendline';

const plugin: VizPlugin = {
  key: 'big_number',
  label: 'Big Number with Trendline',
  description: 'The latest value of a metric, its change over a period, and a trendline.',
  Component: BigNumberTrendline,
};
export default plugin;
