export * from './types';
export * from './labels';
export * from './filters';
export {
  buildQueryObject,
  extractQueryFields,
  getQueryMode,
  normalizeOrderBy,
  normalizeTimeColumn,
  QueryContextError,
  withTimeColumn,
  type QueryMode,
} from './build-query-object';
export * from './operators';
export { VIZ_QUERY_BUILDERS, type BuildOptions, type VizQueryBuilder } from './viz-queries';
export { buildQueryContext } from './build-query-context';
