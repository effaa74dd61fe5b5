import { vizTypeLabel } from '@strata/domain';
import area from './area';
import bar from './bar';
import bigNumber from './big-number';
import bigNumberTotal from './big-number-total';
import boxPlot from './box-plot';
import funnel from './funnel';
import gauge from './gauge';
import generic from './generic';
import heatmap from './heatmap';
import histogram from './histogram';
import line from './line';
import mixedTimeseries from './mixed-timeseries';
import pie from './pie';
import pivotTable from './pivot-table';
import scatter from './scatter';
import type { VizPlugin } from './shared/plugin';
import smooth from './smooth';
import step from './step';
import table from './table';
import treemap from './treemap';
import waterfall from './waterfall';

/** Every viz type, keyed by its wire value (form_data.viz_type, REFERENCE §2.4), in picker order. */
export const VIZ_PLUGINS: readonly VizPlugin[] = [
  table,
  bigNumberTotal,
  bigNumber,
  line,
  bar,
  area,
  scatter,
  smooth,
  step,
  generic,
  mixedTimeseries,
  pie,
  pivotTable,
  histogram,
  boxPlot,
  heatmap,
  funnel,
  gauge,
  treemap,
  waterfall,
];

const byKey = new Map(VIZ_PLUGINS.map((p) => [p.key, p]));

export function getVizPlugin(vizType: string): VizPlugin | undefined {
  return byKey.get(vizType);
}

/** The viz types for pickers: key (wire value), label (the domain's one mapping) and a one-line description. */
export const VIZ_TYPES: { key: string; label: string; description?: string }[] = VIZ_PLUGINS.map(
  ({ key, description }) => ({
    key,
    label: vizTypeLabel(key),
    ...(description ? { description } : {}),
  }),
);

/** The default viz type of a new chart (charts-dashboards-reports §9). */
export const DEFAULT_VIZ_TYPE = 'table';
