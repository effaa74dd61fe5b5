import type { AdhocMetric, Metric } from './types';

/**
 * charts-dashboards-reports §5 Metric label pattern: an optional LONG, DOUBLE or FLOAT prefix, then SUM, AVG, MAX, MIN or
 * COUNT of a simple column, e.g. 'SUM(num)' or 'LONG_SUM(num)'.
 */
export const METRIC_LABEL_PATTERN = /^(?:(LONG|DOUBLE|FLOAT)_)?(SUM|AVG|MAX|MIN|COUNT)\(([A-Za-z0-9_]+)\)$/;

export function parseMetricLabel(label: string): { prefix: string | null; aggregate: string; column: string } | null {
  const match = METRIC_LABEL_PATTERN.exec(label);
  return match ? { prefix: match[1] ?? null, aggregate: match[2]!, column: match[3]! } : null;
}

/** The label an adhoc metric gets unless the user typed one: 'AVG(horsepower)', or the SQL itself. */
export function defaultMetricLabel(metric: AdhocMetric): string {
  if (metric.expressionType === 'SIMPLE') return `${metric.aggregate}(${metric.column.column_name})`;
  return metric.sqlExpression.length > 43 ? `${metric.sqlExpression.slice(0, 40)}...` : metric.sqlExpression;
}

export function metricLabel(metric: Metric): string {
  return typeof metric === 'string' ? metric : metric.label || defaultMetricLabel(metric);
}
