import type { VizPlugin } from '../shared/plugin';
import { TableChart } from './TableChart';

const plugin: VizPlugin = {
  key: 'table',
  label: 'Table',
  description: 'Rows and columns, aggregated or raw, with sorting, paging and number formats.',
  Component: TableChart,
};
export default plugin;
