import { toEpochMs } from '../format/time-format';
import { categoryText, columnLabels, getColumnLabel, metricLabels, toNumber } from './labels';
import { GenericDataType, type ChartDataResult, type DataRecordValue, type FormData } from './types';

export interface XSeries {
  /** The legend name: the metric, or the group-by values (prefixed by the metric when there are several). */
  name: string;
  /** The metric this series plots, for picking its number format. */
  metric: string;
  /** The group-by values of this series, for cross-filters. */
  dims: Record<string, DataRecordValue>;
  /** [x, y]: x is epoch ms on a time axis, the category index otherwise. */
  points: [number, number | null][];
}

export interface XSeriesSet {
  xLabel: string;
  temporal: boolean;
  /** Categories of a categorical x axis, in the order of the result. */
  categories: string[];
  /** The raw x value of each category, for cross-filters. */
  categoryValues: DataRecordValue[];
  series: XSeries[];
}

/**
 * The x-axis column of a time-series chart: the chosen x_axis, the legacy '__timestamp' (granularity
 * charts), the granularity column, or the first temporal column of the result.
 */
export function xAxisLabel(formData: FormData, result: ChartDataResult): string {
  const chosen = getColumnLabel(formData.x_axis);
  if (chosen && result.colnames.includes(chosen)) return chosen;
  if (result.colnames.includes('__timestamp')) return '__timestamp';
  const granularity = getColumnLabel(formData.granularity_sqla);
  if (granularity && result.colnames.includes(granularity)) return granularity;
  const temporal = result.colnames.find((_, i) => result.coltypes[i] === GenericDataType.TEMPORAL);
  return chosen || temporal || result.colnames[0] || '__timestamp';
}

function isTemporal(label: string, result: ChartDataResult): boolean {
  const index = result.colnames.indexOf(label);
  if (index >= 0 && result.coltypes[index] !== undefined) return result.coltypes[index] === GenericDataType.TEMPORAL;
  return label === '__timestamp';
}

/**
 * The metric and group-by values behind a column the server pivoted and flattened: 'metric, dim1,
 * dim2' with several metrics, just 'dim1, dim2' with one (commas inside values come escaped as '\,').
 */
export function wideColumnMeta(
  column: string,
  metrics: string[],
  groupby: string[],
): { metric: string; dims: Record<string, DataRecordValue> } {
  const prefixed = metrics.find((m) => column.startsWith(`${m}, `));
  const metric = prefixed ?? metrics.find((m) => column === m) ?? metrics[0] ?? column;
  const rest = prefixed ? column.slice(prefixed.length + 2) : metrics.length === 1 && column !== metric ? column : null;
  if (rest === null || groupby.length === 0) return { metric, dims: {} };
  const parts = rest.split(/(?<!\\), /).map((p) => p.replace(/\\,/g, ','));
  if (parts.length !== groupby.length) return { metric, dims: {} };
  return { metric, dims: Object.fromEntries(groupby.map((g, i) => [g, parts[i]!])) };
}

/**
 * Series from a chart data result, in either shape the server may send: "long" rows (x, group-by
 * columns, metric columns) are pivoted here; "wide" rows (the server already pivoted and flattened
 * them into 'metric, dim' columns) give one series per numeric column.
 */
export function toXSeries(
  formData: FormData,
  result: ChartDataResult,
  keys = { metrics: 'metrics', groupby: 'groupby' },
): XSeriesSet {
  const xLabel = xAxisLabel(formData, result);
  const temporal = isTemporal(xLabel, result);
  const metrics = metricLabels(formData, keys.metrics);
  const groupby = columnLabels(formData, keys.groupby).filter((g) => g !== xLabel);
  const categories: string[] = [];
  const categoryValues: DataRecordValue[] = [];
  const categoryIndex = new Map<string, number>();
  const xOf = (value: unknown): number | null => {
    if (temporal) return toEpochMs(value);
    const text = categoryText(value);
    let index = categoryIndex.get(text);
    if (index === undefined) {
      index = categories.length;
      categoryIndex.set(text, index);
      categories.push(text);
      categoryValues.push((value ?? null) as DataRecordValue);
    }
    return index;
  };

  const bySeries = new Map<string, XSeries>();
  const add = (key: string, make: () => Omit<XSeries, 'points'>, x: number, y: number | null) => {
    let series = bySeries.get(key);
    if (!series) {
      series = { ...make(), points: [] };
      bySeries.set(key, series);
    }
    series.points.push([x, y]);
  };

  const long = groupby.length > 0 && groupby.every((g) => result.colnames.includes(g));
  const presentMetrics = metrics.filter((m) => result.colnames.includes(m));
  const valueColumns = long
    ? presentMetrics
    : result.colnames.filter(
        (c, i) => c !== xLabel && (result.coltypes[i] === undefined || result.coltypes[i] === GenericDataType.NUMERIC),
      );

  for (const row of result.data) {
    const x = xOf(row[xLabel]);
    if (x === null) continue;
    if (long) {
      const dims = Object.fromEntries(groupby.map((g) => [g, (row[g] ?? null) as DataRecordValue]));
      const dimText = groupby.map((g) => categoryText(row[g])).join(', ');
      for (const metric of valueColumns) {
        const name = valueColumns.length > 1 ? `${metric}, ${dimText}` : dimText;
        add(name, () => ({ name, metric, dims }), x, toNumber(row[metric]));
      }
    } else {
      for (const column of valueColumns) {
        add(column, () => ({ name: column, ...wideColumnMeta(column, metrics, groupby) }), x, toNumber(row[column]));
      }
    }
  }
  const series = [...bySeries.values()];
  if (temporal) for (const s of series) s.points.sort((a, b) => a[0] - b[0]);
  return { xLabel, temporal, categories, categoryValues, series };
}
