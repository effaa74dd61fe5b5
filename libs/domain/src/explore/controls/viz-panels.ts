/**
 * Which controls each viz type shows (REFERENCE §2.4 viz keys), in panel sections. A viz type not
 * listed gets the table's panel, so a chart saved with a type this version lacks can still be edited.
 */
export interface PanelSection {
  label: string;
  controls: readonly string[];
}

const TIME_SERIES_QUERY = [
  'x_axis',
  'time_grain_sqla',
  'metrics',
  'groupby',
  'adhoc_filters',
  'time_range',
  'series_limit',
  'series_limit_metric',
  'order_desc',
  'row_limit',
];
const ANALYTICS: PanelSection = {
  label: 'Advanced analytics',
  controls: [
    'rolling_type',
    'rolling_periods',
    'min_periods',
    'time_compare',
    'comparison_type',
    'resample_rule',
    'resample_method',
  ],
};
/** Issue 16 item 2: the charts that draw annotation layers (charts/viz timeseries/annotations.ts). */
const ANNOTATIONS: PanelSection = { label: 'Annotations and layers', controls: ['annotation_layers'] };
const query = (...controls: string[]): PanelSection => ({ label: 'Query', controls });
const options = (...controls: string[]): PanelSection => ({ label: 'Chart options', controls });

export const VIZ_PANELS: Readonly<Record<string, readonly PanelSection[]>> = {
  table: [
    query(
      'query_mode',
      'groupby',
      'metrics',
      'percent_metrics',
      'all_columns',
      'order_by_cols',
      'adhoc_filters',
      'granularity_sqla',
      'time_grain_sqla',
      'time_range',
      'series_limit_metric',
      'order_desc',
      'row_limit',
    ),
    options('server_pagination', 'server_page_length'),
  ],
  big_number_total: [
    query('metric', 'adhoc_filters', 'granularity_sqla', 'time_range'),
    options('subheader', 'y_axis_format'),
  ],
  big_number: [
    query('x_axis', 'time_grain_sqla', 'metric', 'adhoc_filters', 'time_range'),
    ANALYTICS,
    options('y_axis_format'),
  ],
  echarts_timeseries_line: [
    query(...TIME_SERIES_QUERY),
    ANNOTATIONS,
    ANALYTICS,
    options('show_legend', 'sort_series_type', 'y_axis_format'),
  ],
  echarts_timeseries_bar: [
    query(...TIME_SERIES_QUERY),
    ANNOTATIONS,
    ANALYTICS,
    options('orientation', 'stack', 'show_legend', 'sort_series_type', 'y_axis_format'),
  ],
  echarts_area: [
    query(...TIME_SERIES_QUERY),
    ANNOTATIONS,
    ANALYTICS,
    options('stack', 'show_legend', 'sort_series_type', 'y_axis_format'),
  ],
  echarts_timeseries_scatter: [query(...TIME_SERIES_QUERY), ANALYTICS, options('show_legend', 'y_axis_format')],
  mixed_timeseries: [
    query(
      'x_axis',
      'time_grain_sqla',
      'metrics',
      'groupby',
      'adhoc_filters',
      'time_range',
      'series_limit',
      'row_limit',
    ),
    { label: 'Second query', controls: ['metrics_b', 'groupby_b', 'adhoc_filters_b'] },
    ANALYTICS,
    options('show_legend', 'y_axis_format'),
  ],
  pie: [query('groupby', 'metric', 'adhoc_filters', 'time_range', 'row_limit'), options('donut', 'show_legend')],
  pivot_table_v2: [
    query('groupbyRows', 'groupbyColumns', 'metrics', 'adhoc_filters', 'time_range', 'row_limit'),
    options('aggregateFunction'),
  ],
  histogram_v2: [query('column', 'groupby', 'adhoc_filters', 'time_range', 'row_limit'), options('bins')],
  box_plot: [
    query('columns', 'metrics', 'groupby', 'adhoc_filters', 'time_range', 'series_limit'),
    options('whiskerOptions'),
  ],
  heatmap_v2: [
    query('x_axis', 'groupby', 'metric', 'adhoc_filters', 'time_range', 'row_limit'),
    options('show_legend'),
  ],
  funnel: [query('groupby', 'metric', 'adhoc_filters', 'time_range', 'row_limit'), options('show_legend')],
  gauge_chart: [query('groupby', 'metric', 'adhoc_filters', 'time_range', 'row_limit'), options('min_val', 'max_val')],
  treemap_v2: [query('groupby', 'metric', 'adhoc_filters', 'time_range', 'row_limit'), options()],
  waterfall: [query('x_axis', 'time_grain_sqla', 'groupby', 'metric', 'adhoc_filters', 'time_range'), options()],
};

/** Readable names of the viz types this registry knows, for when the renderer's list is absent. */
export const VIZ_TYPE_LABELS: Readonly<Record<string, string>> = {
  table: 'Table',
  big_number_total: 'Big Number',
  big_number: 'Big Number with Trendline',
  echarts_timeseries_line: 'Line Chart',
  echarts_timeseries_bar: 'Bar Chart',
  echarts_area: 'Area Chart',
  echarts_timeseries_scatter: 'Scatter Plot',
  echarts_timeseries_smooth: 'Smooth Line',
  echarts_timeseries_step: 'Stepped Line',
  echarts_timeseries: 'Generic Chart',
  mixed_timeseries: 'Mixed Chart',
  pie: 'Pie Chart',
  pivot_table_v2: 'Pivot Table',
  histogram_v2: 'Histogram',
  box_plot: 'Box Plot',
  heatmap_v2: 'Heatmap',
  funnel: 'Funnel Chart',
  gauge_chart: 'Gauge Chart',
  treemap_v2: 'Treemap',
  waterfall: 'Waterfall Chart',
};

/**
 * The readable name of a viz type (`echarts_timeseries_bar` → 'Bar Chart'): the one mapping every list,
 * palette, picker and audit line uses. An unknown type (a chart from a newer Superset) shows as stored.
 */
export function vizTypeLabel(vizType: string | null | undefined): string {
  if (!vizType) return '';
  return VIZ_TYPE_LABELS[vizType] ?? vizType;
}

export function vizPanel(vizType: string): readonly PanelSection[] {
  return VIZ_PANELS[vizType] ?? VIZ_PANELS.table!;
}

/** Every control the viz type shows, in panel order. */
export function vizControlNames(vizType: string): string[] {
  return vizPanel(vizType).flatMap((s) => s.controls);
}
