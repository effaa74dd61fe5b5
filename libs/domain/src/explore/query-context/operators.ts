import type { PostProcessingRule } from '../post-processing/data-frame';
import { ensureArray, getColumnLabel, getMetricLabel, getXAxisLabel } from './labels';
import type { FormDataRecord, QueryObject } from './types';

/**
 * The post-processing steps the charts ask for (REFERENCE §2.3), derived from form data as Superset's
 * chart plugins derive them, so saved charts and API clients get the same series.
 */

/** charts-dashboards-reports §9 Comparison types: 'values' shows the shifted series as they are; the others derive a series. */
export const COMPARISON_TYPE_VALUES = 'values';
const DERIVED_COMPARISONS = ['difference', 'percentage', 'ratio'];

/** Time offsets of the time comparison ('1 year ago'); 'custom' and 'inherit' need a date picker Strata lacks. */
export function timeOffsets(formData: FormDataRecord): string[] {
  return ensureArray(formData.time_compare as string | string[] | undefined).filter(
    (o) => typeof o === 'string' && o !== '' && o !== 'custom' && o !== 'inherit',
  );
}

export function isTimeComparison(formData: FormDataRecord): boolean {
  const type = formData.comparison_type ?? COMPARISON_TYPE_VALUES;
  return (
    typeof type === 'string' &&
    [COMPARISON_TYPE_VALUES, ...DERIVED_COMPARISONS].includes(type) &&
    timeOffsets(formData).length > 0
  );
}

/** 'metric__offset' → 'metric' for every metric and offset (REFERENCE §2.3 time comparison columns). */
export function metricOffsetsMap(formData: FormDataRecord, query: QueryObject): Map<string, string> {
  const map = new Map<string, string>();
  for (const metric of ensureArray(query.metrics)) {
    const label = getMetricLabel(metric);
    for (const offset of timeOffsets(formData)) map.set(`${label}__${offset}`, label);
  }
  return map;
}

/** Series columns of a time-series query: the group-by without the x-axis. */
function seriesLabels(query: QueryObject, xAxis: string): string[] {
  return ensureArray(query.series_columns ?? query.columns)
    .map(getColumnLabel)
    .filter((c) => c !== xAxis);
}

/** One row per x value, one column per metric and series: pivot with 'mean' cells (one value each). */
export function pivotOperator(formData: FormDataRecord, query: QueryObject): PostProcessingRule | undefined {
  const xAxis = getXAxisLabel(formData);
  const metrics = ensureArray(query.metrics).map(getMetricLabel);
  if (!xAxis || metrics.length === 0) return undefined;
  const names = isTimeComparison(formData)
    ? [...new Set([...metrics, ...metricOffsetsMap(formData, query).keys()])]
    : metrics;
  return {
    operation: 'pivot',
    options: {
      index: [xAxis],
      columns: seriesLabels(query, xAxis),
      aggregates: Object.fromEntries(names.map((m) => [m, { operator: 'mean' }])),
      drop_missing_columns: !formData.show_empty_columns,
    },
  };
}

/** charts-dashboards-reports §9 Rolling functions: cumsum is a running sum; mean, sum and std a window of rolling_periods. */
export function rollingWindowOperator(formData: FormDataRecord, query: QueryObject): PostProcessingRule | undefined {
  const type = formData.rolling_type;
  const map = metricOffsetsMap(formData, query);
  const columns = isTimeComparison(formData)
    ? [...new Set([...map.values(), ...map.keys()])]
    : ensureArray(query.metrics).map(getMetricLabel);
  const mapping = Object.fromEntries(columns.map((c) => [c, c]));
  if (type === 'cumsum') return { operation: 'cum', options: { operator: 'sum', columns: mapping } };
  if (type === 'sum' || type === 'mean' || type === 'std') {
    return {
      operation: 'rolling',
      options: {
        rolling_type: type,
        window: toInt(formData.rolling_periods, 1),
        min_periods: toInt(formData.min_periods, 0),
        columns: mapping,
      },
    };
  }
  return undefined;
}

function toInt(value: unknown, fallback: number): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isInteger(n) ? n : fallback;
}

/** Derived comparisons replace each metric and its shifted copy by 'difference__m__m__1 year ago' etc. */
export function timeCompareOperator(formData: FormDataRecord, query: QueryObject): PostProcessingRule | undefined {
  const type = formData.comparison_type;
  if (!isTimeComparison(formData) || typeof type !== 'string' || !DERIVED_COMPARISONS.includes(type)) return undefined;
  const map = metricOffsetsMap(formData, query);
  return {
    operation: 'compare',
    options: {
      source_columns: [...map.values()],
      compare_columns: [...map.keys()],
      compare_type: type,
      drop_original_columns: true,
    },
  };
}

/** charts-dashboards-reports §9 resample rule and method; 'zerofill' is asfreq filling gaps with 0. */
export function resampleOperator(formData: FormDataRecord): PostProcessingRule | undefined {
  const zeroFill = formData.resample_method === 'zerofill';
  const method = zeroFill ? 'asfreq' : formData.resample_method;
  const rule = formData.resample_rule;
  if (typeof method !== 'string' || method === '' || typeof rule !== 'string' || rule === '') return undefined;
  return { operation: 'resample', options: { method, rule, fill_value: zeroFill ? 0 : null } };
}

/**
 * With one metric and a group-by, series are named by their group values ('boy' rather than
 * 'SUM(num), boy'), unless truncate_metric is turned off; shifted series in 'values' mode are named by
 * their offset. Not for derived comparisons, whose names say what they are.
 */
export function renameOperator(formData: FormDataRecord, query: QueryObject): PostProcessingRule | undefined {
  const metrics = ensureArray(query.metrics);
  const xAxis = getXAxisLabel(formData);
  const series = xAxis ? seriesLabels(query, xAxis) : [];
  const truncate = formData.truncate_metric === undefined ? true : !!formData.truncate_metric;
  const derived = isTimeComparison(formData) && DERIVED_COMPARISONS.includes(String(formData.comparison_type));
  if (metrics.length !== 1 || series.length === 0 || !xAxis || derived || !truncate) return undefined;
  const pairs: [string, string | null][] = [];
  if (isTimeComparison(formData)) {
    for (const withOffset of metricOffsetsMap(formData, query).keys()) {
      pairs.push([withOffset, timeOffsets(formData).find((o) => withOffset.endsWith(`__${o}`)) ?? withOffset]);
    }
  }
  pairs.push([getMetricLabel(metrics[0]!), null]);
  return { operation: 'rename', options: { columns: Object.fromEntries(pairs), level: 0, inplace: true } };
}

/** spec: contribution mode row or column (shares of the row or column total). */
export function contributionOperator(formData: FormDataRecord): PostProcessingRule | undefined {
  const mode = formData.contributionMode;
  if (mode !== 'row' && mode !== 'column') return undefined;
  const shifts = isTimeComparison(formData) ? timeOffsets(formData) : [];
  return {
    operation: 'contribution',
    options: { orientation: mode, ...(shifts.length > 0 ? { time_shifts: shifts } : {}) },
  };
}

/** Bar charts without a group-by may sort the x-axis by its value or by a metric. */
export function sortOperator(formData: FormDataRecord): PostProcessingRule | undefined {
  const xAxis = getXAxisLabel(formData);
  const by = formData.x_axis_sort;
  const ascending = formData.x_axis_sort_asc;
  if (typeof by !== 'string' || typeof ascending !== 'boolean' || ensureArray(formData.groupby).length > 0)
    return undefined;
  const sortable = [xAxis, ...ensureArray(formData.metrics).map((m) => getMetricLabel(m as never))];
  if (!sortable.includes(by)) return undefined;
  if (by === xAxis) return { operation: 'sort', options: { is_sort_index: true, ascending } };
  return { operation: 'sort', options: { by, ascending } };
}

export const flattenOperator = (): PostProcessingRule => ({ operation: 'flatten' });

/** Box plot whiskers: 'Tukey', 'Min/max (no outliers)' or 'N/M percentiles'. */
export function boxplotOperator(formData: FormDataRecord, query: QueryObject): PostProcessingRule {
  const option = typeof formData.whiskerOptions === 'string' ? formData.whiskerOptions : 'Tukey';
  const percentileMatch = /^(\d+)\/(\d+) percentiles$/.exec(option);
  let whisker: Record<string, unknown>;
  if (option === 'Tukey' || option === '') whisker = { whisker_type: 'tukey' };
  else if (option === 'Min/max (no outliers)') whisker = { whisker_type: 'min/max' };
  else if (percentileMatch)
    whisker = { whisker_type: 'percentile', percentiles: [Number(percentileMatch[1]), Number(percentileMatch[2])] };
  else whisker = { whisker_type: 'tukey' };
  return {
    operation: 'boxplot',
    options: {
      ...whisker,
      groupby: ensureArray(formData.groupby as string[]).map(getColumnLabel),
      metrics: ensureArray(query.metrics).map(getMetricLabel),
    },
  };
}

export function histogramOperator(formData: FormDataRecord): PostProcessingRule {
  const bins = toInt(formData.bins, 5);
  return {
    operation: 'histogram',
    options: {
      column: getColumnLabel(formData.column as string),
      groupby: ensureArray(formData.groupby as string[]).map(getColumnLabel),
      bins,
      cumulative: !!formData.cumulative,
      normalize: !!formData.normalize,
    },
  };
}
