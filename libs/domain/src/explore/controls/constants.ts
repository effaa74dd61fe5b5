/** charts-dashboards-reports §9 Business constants of Explore's controls. */

export const ROW_LIMIT_CHOICES = [10, 50, 100, 250, 500, 1000, 5000, 10000, 50000] as const;
/** The row limit control's own default. */
export const DEFAULT_ROW_LIMIT_CONTROL = 10000;
/** The server maximum when the server does not say (SQL_MAX_ROW). */
export const DEFAULT_MAX_ROW = 100000;
export const SERIES_LIMIT_CHOICES = [5, 10, 25, 50, 100, 500] as const;

/** charts-dashboards-reports §9 Default Explore form. */
export const DEFAULT_EXPLORE_FORM = {
  row_limit: 1000,
  time_range: 'No filter',
  metrics: [] as string[],
  groupby: [] as string[],
} as const;
export const DEFAULT_VIZ_TYPE = 'table';
export const DEFAULT_TIME_GRAIN = 'P1D';
export const NO_TIME_RANGE = 'No filter';

export const TIME_COMPARE_CHOICES = [
  '1 day ago',
  '1 week ago',
  '28 days ago',
  '30 days ago',
  '52 weeks ago',
  '1 year ago',
  '104 weeks ago',
  '2 years ago',
  '156 weeks ago',
  '3 years ago',
] as const;
export const ROLLING_TYPES = ['None', 'mean', 'sum', 'std', 'cumsum'] as const;
/** charts-dashboards-reports §9 Comparison types: values (actual values), absolute (difference), percentage, ratio. */
export const COMPARISON_TYPES = ['values', 'difference', 'percentage', 'ratio'] as const;
export const RESAMPLE_RULES = ['1T', '1H', '1D', '7D', '1M', '1AS'] as const;
export const RESAMPLE_METHODS = ['asfreq', 'bfill', 'ffill', 'median', 'mean', 'sum'] as const;
export const TIMESERIES_SORT_OPTIONS = ['name', 'sum', 'min', 'max', 'avg'] as const;
/** charts-dashboards-reports §9 Chart list page size. */
export const CHART_LIST_PAGE_SIZE = 200;

/** Time ranges the picker offers besides 'Last N units' and 'start : end'. */
export const TIME_RANGE_PRESETS = [
  'No filter',
  'Last day',
  'Last week',
  'Last month',
  'Last quarter',
  'Last year',
] as const;

/** charts-dashboards-reports §4 Save chart: save actions. */
export const SaveAction = { SAVE_NEW: 1, OVERWRITE: 2 } as const;
export type SaveAction = (typeof SaveAction)[keyof typeof SaveAction];

/** charts-dashboards-reports §4, §8 Explore texts. */
export const ExploreMessages = {
  CHART_STOPPED: 'Updating chart was stopped',
  CHART_SAVED: 'Chart [%s] has been saved',
  CHART_OVERWRITTEN: 'Chart [%s] has been overwritten',
  DASHBOARD_CREATED_WITH_CHART: 'Dashboard [%s] just got created and chart [%s] was added to it',
  CHART_ADDED_TO_DASHBOARD: 'Chart [%s] was added to dashboard [%s]',
  SAVE_FAILED: 'Failed to save slice',
  FETCH_DASHBOARDS_FAILED: 'fetching dashboards failed for %s',
  STAR_FAILED: 'An error occurred while starring this chart',
  RENDER_FAILED: 'An error occurred while rendering the visualization: %s',
  INVALID_ORDERBY: 'Found invalid orderby options',
  INVALID_FILTER_KEY: 'Cannot parse invalid filter key',
  SAVED_CHARTS_FAILED: 'Could not fetch all saved charts',
  SAVED_CHARTS_ERROR: 'Sorry there was an error fetching saved charts: ',
  REQUEST_TIMED_OUT: 'Request timed out',
} as const;
