import { buildQueryContext } from '../query-context/build-query-context';
import { parseDatasourceKey } from '../controls/types';
import type { FilterValue, QueryObjectExtras, QueryObjectFilterClause } from '../query-context/types';

/** A clicked point's value of one column (a cross-filter's clause: bar, slice, row). */
export interface DrillFilter {
  col: string;
  op: 'IN';
  val: readonly FilterValue[];
}

/** `POST /datasource/samples` (query string and body) for one page of the rows behind a chart. */
export interface DrillDetailRequest {
  params: { datasource_id: number; datasource_type: string; page: number; per_page: number };
  body: {
    filters: QueryObjectFilterClause[];
    extras: QueryObjectExtras;
    time_range: string | null;
    granularity: string | null;
  };
}

/**
 * The rows behind a chart or one of its points (Superset's drill to detail): the chart's own filters,
 * time range and WHERE (dashboard filters included, through its extra_form_data) plus the point's
 * values; no grouping, no metrics.
 */
export function drillDetailRequest(
  formData: Readonly<Record<string, unknown>>,
  datasource: string,
  filters: readonly DrillFilter[],
  page: number,
  perPage: number,
): DrillDetailRequest | null {
  const key = parseDatasourceKey(datasource);
  if (!key) return null;
  const query = buildQueryContext({ ...formData }, { id: key.id, type: key.type }).queries[0];
  const { where } = query?.extras ?? {};
  return {
    params: { datasource_id: key.id, datasource_type: key.type, page, per_page: perPage },
    body: {
      filters: [...(query?.filters ?? []), ...filters.map((f) => ({ col: f.col, op: f.op, val: [...f.val] }))],
      // HAVING is about groups: the rows behind them have none.
      extras: where ? { where } : {},
      time_range: query?.time_range ?? null,
      granularity: query?.granularity ?? null,
    },
  };
}

/**
 * The form data of drill by (Superset's drill by): the chart grouped by `column` instead of its dimension
 * (the x-axis of an x-axis chart, else its group by), filtered to the clicked point's values. The
 * metrics, viz type and other filters stay.
 */
export function drillByFormData(
  formData: Readonly<Record<string, unknown>>,
  column: string,
  filters: readonly DrillFilter[],
): Record<string, unknown> {
  const adhoc = Array.isArray(formData.adhoc_filters) ? formData.adhoc_filters : [];
  const pointFilters = filters.map((f) => ({
    expressionType: 'SIMPLE',
    clause: 'WHERE',
    subject: f.col,
    operator: 'IN',
    comparator: [...f.val],
  }));
  const next: Record<string, unknown> = { ...formData, adhoc_filters: [...adhoc, ...pointFilters] };
  if (typeof formData.x_axis === 'string' && formData.x_axis !== '') {
    next.x_axis = column;
    next.groupby = [];
  } else {
    next.groupby = [column];
  }
  // A saved chart's id (with a dashboard's) would make the server run the saved query, not this one.
  delete next.slice_id;
  delete next.dashboardId;
  return next;
}

/** The columns a chart may be drilled by: groupable ones other than those it already groups by. */
export function drillByColumns(
  columns: readonly { column_name: string; groupby?: boolean | null }[],
  formData: Readonly<Record<string, unknown>>,
): string[] {
  const used = new Set<unknown>([formData.x_axis, ...(Array.isArray(formData.groupby) ? formData.groupby : [])]);
  return columns.filter((c) => c.groupby !== false && !used.has(c.column_name)).map((c) => c.column_name);
}
