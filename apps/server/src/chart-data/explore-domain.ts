/**
 * The one place chart data meets the Explore domain (libs/domain/src/explore): time ranges, time
 * offsets, post-processing, and the query context of a saved chart (dashboard-query-scope.ts). Chart
 * data calls these and nothing of its own.
 */
export {
  applyPostProcessing,
  applyTimeOffset,
  buildQueryContext,
  GenericDataType,
  getColumnLabel,
  isAdhocColumn,
  parseTimeRange,
  PostProcessingError,
  QueryContextError,
  TimeRangeError,
} from '@strata/domain';
