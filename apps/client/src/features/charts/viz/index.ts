// The chart visualizations: ChartRenderer draws any viz type from form data and chart data results.
export { ChartRenderer, NO_RESULTS, renderErrorMessage, type ChartRendererProps } from './ChartRenderer';
export { VIZ_TYPES, DEFAULT_VIZ_TYPE, getVizPlugin } from './registry';
export type { ChartDataResult, CrossFilter, SortBy, VizDatasource, FormData as VizFormData } from './shared/types';
export { getNumberFormatter, SMART_NUMBER } from './format/number-format';
export { getTimeFormatter, SMART_DATE } from './format/time-format';
export { readableRows } from './format/result-rows';
