import { getCurrencyFormatter, getNumberFormatter, SMART_NUMBER, type NumberFormatter } from '../format/number-format';
import type { CurrencyFormat, FormData, VizDatasource } from './types';

type AdhocMetric = {
  expressionType?: 'SIMPLE' | 'SQL';
  label?: string;
  aggregate?: string;
  column?: { column_name?: string; columnName?: string } | string;
  sqlExpression?: string;
};
type AdhocColumn = { label?: string; sqlExpression?: string };

/** The label a metric gets in the query result: a saved metric's name, or an adhoc metric's label. */
export function getMetricLabel(metric: unknown): string {
  if (typeof metric === 'string') return metric;
  if (!metric || typeof metric !== 'object') return String(metric ?? '');
  const m = metric as AdhocMetric;
  if (m.label) return m.label;
  if (m.expressionType === 'SQL') return m.sqlExpression ?? '';
  const column = typeof m.column === 'string' ? m.column : (m.column?.column_name ?? m.column?.columnName ?? '');
  if (m.aggregate === 'COUNT' && !column) return 'COUNT(*)';
  return `${m.aggregate ?? ''}(${column})`;
}

/** The label a column (physical name or adhoc column) gets in the query result. */
export function getColumnLabel(column: unknown): string {
  if (typeof column === 'string') return column;
  if (!column || typeof column !== 'object') return String(column ?? '');
  const c = column as AdhocColumn;
  return c.label ?? c.sqlExpression ?? '';
}

/** A form data field that may hold one item or a list, as a list (null and undefined give []). */
export function asList(value: unknown): unknown[] {
  if (value === null || value === undefined || value === '') return [];
  return Array.isArray(value) ? value : [value];
}

export const metricLabels = (formData: FormData, key = 'metrics'): string[] =>
  asList(formData[key]).map(getMetricLabel);
export const columnLabels = (formData: FormData, key = 'groupby'): string[] =>
  asList(formData[key]).map(getColumnLabel);

/** What users see for a column or metric: the dataset's verbose name when it has one. */
export function verboseName(label: string, datasource: VizDatasource): string {
  return (
    datasource.verbose_map?.[label] || datasource.metrics?.find((m) => m.metric_name === label)?.verbose_name || label
  );
}

function datasetFormat(label: string, datasource: VizDatasource): string | undefined {
  return (
    datasource.column_formats?.[label] ??
    datasource.metrics?.find((m) => m.metric_name === label)?.d3format ??
    undefined
  );
}

function datasetCurrency(label: string, datasource: VizDatasource): CurrencyFormat | undefined {
  const currency =
    datasource.currency_formats?.[label] ??
    datasource.metrics?.find((m) => m.metric_name === label)?.currency ??
    undefined;
  return currency?.symbol ? currency : undefined;
}

/**
 * The formatter for a metric's values. A format chosen in the chart wins; the adaptive default
 * (SMART_NUMBER) gives way to the dataset's format for that metric, so a dataset owner's '$,.2f'
 * shows everywhere the metric is used unless a chart says otherwise. Currency works the same way.
 */
export function metricFormatter(
  label: string | undefined,
  chartFormat: unknown,
  datasource: VizDatasource,
  chartCurrency?: unknown,
): NumberFormatter {
  const explicit =
    typeof chartFormat === 'string' && chartFormat && chartFormat !== SMART_NUMBER ? chartFormat : undefined;
  const format = explicit ?? (label ? datasetFormat(label, datasource) : undefined) ?? SMART_NUMBER;
  const currency =
    chartCurrency && typeof chartCurrency === 'object' && (chartCurrency as CurrencyFormat).symbol
      ? (chartCurrency as CurrencyFormat)
      : label
        ? datasetCurrency(label, datasource)
        : undefined;
  return currency ? getCurrencyFormatter(currency, format) : getNumberFormatter(format);
}

/** A number from a result cell (drivers may return numerics as strings to keep precision). */
export function toNumber(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

/** A category label from a result cell; null reads as '<NULL>' like the server's pivot fill value. */
export function categoryText(value: unknown): string {
  if (value === null || value === undefined) return '<NULL>';
  return String(value);
}
