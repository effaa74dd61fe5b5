/**
 * Keeping control values consistent with a dataset (charts-dashboards-reports §4 "Changing the datasource remaps controls",
 * §5 "Saved filter and metric values are dropped if not in the dataset's columns or metrics").
 */
import type { ControlDef } from './control-defs';
import { isTemporalColumn, type AdhocFilter, type DatasourceMeta, type Metric } from './types';

const columnNames = (ds: DatasourceMeta) => new Set(ds.columns.map((c) => c.column_name));
const metricNames = (ds: DatasourceMeta) => new Set(ds.metrics.map((m) => m.metric_name));

/** A saved metric must exist in the dataset; a SIMPLE adhoc metric needs its column; SQL is kept. */
export function metricFits(metric: unknown, ds: DatasourceMeta): boolean {
  if (typeof metric === 'string') return metricNames(ds).has(metric);
  if (!metric || typeof metric !== 'object') return false;
  const m = metric as Metric & object;
  if (m.expressionType === 'SQL') return typeof m.sqlExpression === 'string';
  if (m.expressionType === 'SIMPLE') return columnNames(ds).has(m.column?.column_name);
  return false;
}

/** A SIMPLE filter needs its column; a SQL filter cannot be checked and is kept. */
export function filterFits(filter: unknown, ds: DatasourceMeta): boolean {
  if (!filter || typeof filter !== 'object') return false;
  const f = filter as AdhocFilter;
  if (f.expressionType === 'SQL') return typeof f.sqlExpression === 'string';
  if (f.expressionType === 'SIMPLE') return columnNames(ds).has(f.subject);
  return false;
}

function columnFits(value: unknown, ds: DatasourceMeta, temporalOnly = false): boolean {
  if (typeof value !== 'string') return false;
  const column = ds.columns.find((c) => c.column_name === value);
  return column !== undefined && (!temporalOnly || isTemporalColumn(column));
}

function orderByFits(value: unknown, ds: DatasourceMeta): boolean {
  if (typeof value !== 'string') return false;
  try {
    const parsed = JSON.parse(value) as unknown;
    return Array.isArray(parsed) && columnFits(parsed[0], ds);
  } catch {
    return false;
  }
}

/**
 * The value of a data control that the dataset can serve: single values that do not fit become null,
 * lists keep the members that fit. Other controls are returned as they are.
 */
export function fitToDatasource(def: ControlDef, value: unknown, ds: DatasourceMeta): unknown {
  const list = (fits: (v: unknown) => boolean) => (Array.isArray(value) ? value.filter(fits) : []);
  switch (def.kind) {
    case 'metrics':
      return list((m) => metricFits(m, ds));
    case 'metric':
      return value !== null && value !== undefined && metricFits(value, ds) ? value : null;
    case 'columns':
      return list((c) => columnFits(c, ds));
    case 'column':
      return columnFits(value, ds) ? value : null;
    case 'temporalColumn':
      return columnFits(value, ds, true) ? value : null;
    case 'adhocFilters':
      return list((f) => filterFits(f, ds));
    case 'orderby':
      return list((o) => orderByFits(o, ds));
    case 'select':
    case 'checkbox':
    case 'integer':
    case 'text':
    case 'timeRange':
    case 'annotationLayers':
      return value;
    default: {
      const never: never = def.kind;
      return never;
    }
  }
}
