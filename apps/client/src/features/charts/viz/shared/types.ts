import type { Options } from 'highcharts';

/** GenericDataType of the chart data response (REFERENCE §2.2). */
export const GenericDataType = { NUMERIC: 0, STRING: 1, TEMPORAL: 2, BOOLEAN: 3 } as const;

export type DataRecordValue = string | number | boolean | null;
export type DataRecord = Record<string, DataRecordValue | undefined>;

/** One item of the `result` array of POST /api/v1/chart/data (REFERENCE §2.2); only what charts read is typed. */
export interface ChartDataResult {
  data: DataRecord[];
  colnames: string[];
  coltypes: number[];
  rowcount: number;
  sql_rowcount?: number;
  from_dttm?: number | null;
  to_dttm?: number | null;
  label_map?: Record<string, string[]>;
  status?: string;
  error?: string | null;
  is_cached?: boolean;
  query?: string;
  /** Annotation layers read from other charts, by layer name (timeseries/annotations.ts). */
  annotation_data?: Record<string, unknown>;
}

export interface CurrencyFormat {
  symbol?: string;
  symbolPosition?: 'prefix' | 'suffix';
}

/** The parts of a dataset that charts need to label and format values. */
export interface VizDatasource {
  verbose_map?: Record<string, string>;
  column_formats?: Record<string, string>;
  currency_formats?: Record<string, CurrencyFormat>;
  metrics?: {
    metric_name: string;
    verbose_name?: string | null;
    d3format?: string | null;
    currency?: CurrencyFormat | null;
  }[];
}

export type FormData = Record<string, unknown>;

/**
 * A cross-filter raised by a click (bar, pie slice, table row). Dashboards turn it into the data mask of
 * the spec: `extraFormData.filters` for the other charts, `filterState` for this one. An empty `filters`
 * list means "clear my cross-filter" (the same element was clicked again).
 */
export interface CrossFilter {
  filters: { col: string; op: 'IN'; val: DataRecordValue[] }[];
  /** What the filter pill shows, e.g. 'Europe, 1970'. */
  label: string;
}

export interface SortBy {
  key: string;
  desc: boolean;
}

/** Props every viz component receives from ChartRenderer. */
export interface VizComponentProps {
  formData: FormData;
  queriesData: ChartDataResult[];
  datasource: VizDatasource;
  width: number;
  height: number;
  onRendered: () => void;
  onCrossFilter?: (filter: CrossFilter) => void;
  onTableQueryChange?: (page: number, pageSize: number, sortBy: SortBy[]) => void;
  /** A dashboard's colours for the labels a chart draws (charts-dashboards-reports §3 label_colors, map_label_colors); absent on a chart alone. */
  labelColors?: (labels: readonly string[]) => Readonly<Record<string, string>>;
  /** The labels the chart draws (series or slices), told to the dashboard that colours them. */
  onLabels?: (labels: string[]) => void;
}

export type HighchartsOptions = Options;
