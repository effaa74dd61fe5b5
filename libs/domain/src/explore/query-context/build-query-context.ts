import { DEFAULT_VIZ_TYPE } from '../controls/constants';
import { isTemporalColumn, type DatasourceColumn } from '../controls/types';
import { dropUndefined, QueryContextError } from './build-query-object';
import { VIZ_QUERY_BUILDERS, type BuildOptions } from './viz-queries';
import {
  RESULT_FORMATS,
  RESULT_TYPES,
  type FormDataRecord,
  type QueryContext,
  type ResultFormat,
  type ResultType,
} from './types';

/**
 * The chart data request for a form (REFERENCE §2.1): the query objects of its viz type (table when the
 * form names none, charts-dashboards-reports §9), force, result type and format from the form, and the form itself.
 * Throws QueryContextError for a viz type without a query or invalid order-by options.
 */
export function buildQueryContext(
  formData: FormDataRecord,
  datasource: { id: number; type: 'table' | string; columns?: readonly DatasourceColumn[] },
  options: BuildOptions = {},
): QueryContext {
  // Which columns are temporal decides whether the x-axis gets a time grain and filters by the time range;
  // the dataset's columns say it when the form does not.
  if (!formData.temporal_columns_lookup && datasource.columns) {
    formData = {
      ...formData,
      temporal_columns_lookup: Object.fromEntries(datasource.columns.map((c) => [c.column_name, isTemporalColumn(c)])),
    };
  }
  const vizType =
    typeof formData.viz_type === 'string' && formData.viz_type !== '' ? formData.viz_type : DEFAULT_VIZ_TYPE;
  const builder = Object.prototype.hasOwnProperty.call(VIZ_QUERY_BUILDERS, vizType)
    ? VIZ_QUERY_BUILDERS[vizType]
    : undefined;
  if (!builder) throw new QueryContextError(`The chart type ${vizType} has no data query`);
  const queries = builder(formData, options).map(dropUndefined);
  const resultType = (RESULT_TYPES as readonly string[]).includes(String(formData.result_type))
    ? (formData.result_type as ResultType)
    : 'full';
  const resultFormat = (RESULT_FORMATS as readonly string[]).includes(String(formData.result_format))
    ? (formData.result_format as ResultFormat)
    : 'json';
  return {
    datasource: { id: datasource.id, type: datasource.type },
    force: formData.force === true,
    queries,
    form_data: { ...formData },
    result_format: resultFormat,
    result_type: resultType,
  };
}
