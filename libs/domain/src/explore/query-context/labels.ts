import type { AdhocMetric } from '../controls/types';
import type { FormDataRecord, QueryObjectColumn, QueryObjectMetric } from './types';

/** The x-axis of charts that have one when form data names no column. Legacy charts call it __timestamp. */
export const DTTM_ALIAS = '__timestamp';

export function isAdhocColumn(column: unknown): column is { label?: string; sqlExpression: string } {
  return (
    typeof column === 'object' &&
    column !== null &&
    typeof (column as { sqlExpression?: unknown }).sqlExpression === 'string'
  );
}

/**
 * The label of a metric, the name its column has in the result: a saved metric's name, an adhoc metric's
 * label, else 'AGG(column)' for a SIMPLE metric ('AVG(horsepower)') or the SQL expression.
 */
export function getMetricLabel(metric: QueryObjectMetric | Readonly<Record<string, unknown>>): string {
  if (typeof metric === 'string') return metric;
  const m = metric as Partial<AdhocMetric> & { column?: unknown; aggregate?: unknown; sqlExpression?: unknown };
  if (typeof m.label === 'string' && m.label !== '') return m.label;
  if (m.expressionType === 'SIMPLE') {
    const column =
      typeof m.column === 'string' ? m.column : ((m.column as { column_name?: string } | undefined)?.column_name ?? '');
    return `${String(m.aggregate)}(${column})`;
  }
  // The whole SQL, not the shortened text the metric editor shows: this is the result column's name.
  return String(m.sqlExpression ?? '');
}

/** The label of a column in the result: its name, or an adhoc column's label (else its SQL). */
export function getColumnLabel(column: QueryObjectColumn | Readonly<Record<string, unknown>>): string {
  if (typeof column === 'string') return column;
  const c = column as { label?: unknown; sqlExpression?: unknown };
  return typeof c.label === 'string' && c.label !== '' ? c.label : String(c.sqlExpression ?? '');
}

/** The column on the x-axis: form data's x_axis, else the time column (granularity_sqla), else none. */
export function getXAxisColumn(formData: FormDataRecord): QueryObjectColumn | undefined {
  const x = formData.x_axis ?? formData.granularity_sqla;
  if (typeof x === 'string' && x !== '') return x;
  if (isAdhocColumn(x)) return x as QueryObjectColumn;
  return undefined;
}

export function getXAxisLabel(formData: FormDataRecord): string | undefined {
  const x = getXAxisColumn(formData);
  return x === undefined ? undefined : getColumnLabel(x);
}

/** One entry per label, the first kept. */
export function removeDuplicates<T>(items: readonly T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

export function ensureArray<T>(value: T | readonly T[] | null | undefined): T[] {
  if (value === null || value === undefined) return [];
  return Array.isArray(value) ? [...(value as T[])] : [value as T];
}
