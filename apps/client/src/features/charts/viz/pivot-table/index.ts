import type { VizPlugin } from '../shared/plugin';
import { PivotTableChart } from './PivotTableChart';

const plugin: VizPlugin = {
  key: 'pivot_table_v2',
  label: 'Pivot Table',
  description: 'Metrics summarised by row and column groups, with totals.',
  Component: PivotTableChart,
};
export default plugin;
