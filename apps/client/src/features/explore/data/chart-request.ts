/**
 * The chart data request (REFERENCE §2.1) for a form: the domain's `buildQueryContext` (one query object
 * per query the viz needs, post-processing included), with the force flag and the result type and format
 * of the action (chart, view results, view query, CSV or XLSX download).
 */
import { buildQueryContext, type DatasourceMeta, type FormData } from '@strata/domain';

export interface ChartRequestOptions {
  force?: boolean;
  resultType?: 'full' | 'query' | 'results' | 'samples';
  resultFormat?: 'json' | 'csv' | 'xlsx';
}

export function chartDataRequest(
  formData: FormData,
  datasource: DatasourceMeta,
  options: ChartRequestOptions,
): Record<string, unknown> {
  const form = {
    ...formData,
    force: options.force ?? false,
    result_type: options.resultType ?? 'full',
    result_format: options.resultFormat ?? 'json',
  };
  const context = buildQueryContext(form, datasource);
  // The form the server keeps with the request is the chart's, not this action's variant of it.
  return { ...context, form_data: formData };
}
