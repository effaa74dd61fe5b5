/**
 * A dashboard chart's data request: its saved form data plus the extra form data of the filters that
 * reach it (charts-dashboards-reports §7; REFERENCE §3.4), through the domain's buildQueryContext like Explore's.
 */
import { buildQueryContext, parseDatasourceKey, type DatasourceMeta } from '@strata/domain';
import type { DashboardChart, DashboardDataset } from '../api/types';
import type { ExtraFormData } from '../filters/native-filters';

/** The chart's datasource key: form_data.datasource ('1__table'), else its datasource fields. */
export function datasourceKeyOfChart(chart: DashboardChart): string | null {
  const key = typeof chart.form_data?.datasource === 'string' ? chart.form_data.datasource : null;
  if (key && parseDatasourceKey(key)) return key;
  return chart.datasource_id ? `${chart.datasource_id}__${chart.datasource_type ?? 'table'}` : null;
}

export function chartFormData(
  chart: DashboardChart,
  extraFormData: ExtraFormData,
  dashboardId: number,
): Record<string, unknown> {
  return {
    ...chart.form_data,
    viz_type: chart.form_data?.viz_type ?? chart.viz_type ?? 'table',
    slice_id: chart.id,
    dashboardId,
    extra_form_data: extraFormData,
  };
}

export interface ChartRequestOptions {
  force?: boolean;
  resultType?: 'full' | 'query' | 'results';
  resultFormat?: 'json' | 'csv' | 'xlsx';
}

export function chartQueryContext(
  formData: Record<string, unknown>,
  datasource: DashboardDataset | { id: number; type: string },
  options: ChartRequestOptions = {},
) {
  const form = {
    ...formData,
    force: options.force ?? false,
    result_type: options.resultType ?? 'full',
    result_format: options.resultFormat ?? 'json',
  };
  const context = buildQueryContext(form, datasource as DatasourceMeta);
  return { ...context, form_data: formData };
}

/** NATIVE_FILTER_DEFAULT_ROW_LIMIT (REFERENCE §1.4): a select filter offers at most this many values. */
export const FILTER_VALUES_ROW_LIMIT = 1000;
const FILTER_VALUES_COUNT_LABEL = '__filter_value_count';

/**
 * The distinct values of a column for a select filter: grouped by the column, sorted. The COUNT makes
 * it an aggregate query, so the server groups (a bare column list would be raw rows, and the row limit
 * would cut the values of a large table down to those of its first rows). `dashboardId` lets a viewer
 * of the dashboard read the values of its filters' datasets under DASHBOARD_RBAC.
 */
export function filterValuesQueryContext(
  datasource: { id: number; type: string; columns?: DatasourceMeta['columns'] },
  column: string,
  sortAscending: boolean,
  extraFormData: ExtraFormData,
  dashboardId: number,
) {
  const form = {
    dashboardId,
    viz_type: 'table',
    query_mode: 'aggregate',
    groupby: [column],
    metrics: [
      {
        expressionType: 'SIMPLE',
        aggregate: 'COUNT',
        column: { column_name: column },
        label: FILTER_VALUES_COUNT_LABEL,
      },
    ],
    row_limit: FILTER_VALUES_ROW_LIMIT,
    time_range: 'No filter',
    extra_form_data: extraFormData,
  };
  const context = buildQueryContext(form, datasource as DatasourceMeta);
  // A table in aggregate mode orders by its metric; a filter lists its values by the values themselves.
  return {
    ...context,
    queries: context.queries.map((q) => ({ ...q, orderby: [[column, sortAscending]] as [string, boolean][] })),
  };
}

/** The column's values in a chart data answer, once each, as the select offers them. */
export function columnValues(
  result: { data?: Record<string, unknown>[] }[],
  column: string,
): (string | number | boolean | null)[] {
  const rows = result[0]?.data ?? [];
  return [...new Set(rows.map((r) => r[column]))].filter(
    (v): v is string | number | boolean | null => v === null || ['string', 'number', 'boolean'].includes(typeof v),
  );
}
