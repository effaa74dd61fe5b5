/**
 * The facts of a dataset, on stream `dataset:<id>` (charts-dashboards-reports §3 Dataset). SQL Lab
 * creates datasets from a query (virtual) or a table (physical); the dataset editor edits them. Ids come
 * from a sequence before the first event.
 *
 * An edit (PUT /api/v1/dataset/{id}) is a batch of the events below, one per intent (one per column or
 * metric touched), each naming what it changes; every field belongs to one family of events, so an old
 * `dataset/datasetUpdated {changes}` reads as these events without knowing the dataset (upcasters.ts).
 */
import type { EventLike } from '@strata/events';

/** A dataset column (§3); type_generic: Numeric 0, String 1, Temporal 2, Boolean 3. */
export interface DatasetColumn {
  column_name: string;
  verbose_name: string | null;
  type: string | null;
  type_generic: number | null;
  is_dttm: boolean;
  groupby: boolean;
  filterable: boolean;
  expression: string | null;
  description: string | null;
  /** Certification and warning fields (§3); absent on datasets created before they existed. */
  certified_by?: string | null;
  certification_details?: string | null;
  warning_markdown?: string | null;
  /** How a temporal column stored as text parses, e.g. '%Y-%m-%d'. */
  python_date_format?: string | null;
}

export interface DatasetMetric {
  metric_name: string;
  verbose_name: string | null;
  metric_type: string | null;
  expression: string;
  description: string | null;
  /** Number format and currency of the metric's values: the dataset's column_formats / currency_formats. */
  d3format?: string | null;
  currency?: { symbol: string; symbolPosition?: string | null } | null;
  certified_by?: string | null;
  certification_details?: string | null;
  warning_markdown?: string | null;
}

export interface DatasetFields {
  kind: 'virtual' | 'physical';
  table_name: string;
  database_id: number;
  catalog: string | null;
  schema: string | null;
  sql: string | null;
  template_params: string | null;
  columns: DatasetColumn[];
  metrics: DatasetMetric[];
  main_dttm_col: string | null;
  owners: number[];
  is_managed_externally: boolean;
  external_url: string | null;
  description: string | null;
  /**
   * Seconds a chart query of this dataset stays cached (0: never cached, null: the default); the time grain
   * a new chart starts with (Explore). Absent on datasets created before they existed: null.
   */
  cache_timeout?: number | null;
  default_time_grain?: string | null;
}

export type DatasetCreated = EventLike<'dataset/datasetCreated', DatasetFields & { id: number }>;
export type DatasetRenamed = EventLike<'dataset/datasetRenamed', { table_name: string }>;
export type DatasetSchemaChanged = EventLike<'dataset/datasetSchemaChanged', { schema: string | null }>;
export type DatasetSqlChanged = EventLike<'dataset/datasetSqlChanged', { sql: string | null }>;
export type TemplateParamsChanged = EventLike<'dataset/templateParamsChanged', { template_params: string | null }>;
/** A column appended to the list (one whose name is there already is replaced: evolve is total). */
export type DatasetColumnAdded = EventLike<'dataset/datasetColumnAdded', { column: DatasetColumn }>;
/** The column of that name, as it is now (one the dataset lacks is appended: old saves named whole lists). */
export type DatasetColumnEdited = EventLike<'dataset/datasetColumnEdited', { column: DatasetColumn }>;
export type DatasetColumnRemoved = EventLike<'dataset/datasetColumnRemoved', { column_name: string }>;
/** The columns in this order; a column not named is no longer one (old saves named whole lists). */
export type DatasetColumnsReordered = EventLike<'dataset/datasetColumnsReordered', { column_names: string[] }>;
export type MetricAdded = EventLike<'dataset/metricAdded', { metric: DatasetMetric }>;
export type MetricEdited = EventLike<'dataset/metricEdited', { metric: DatasetMetric }>;
export type MetricRemoved = EventLike<'dataset/metricRemoved', { metric_name: string }>;
export type MetricsReordered = EventLike<'dataset/metricsReordered', { metric_names: string[] }>;
export type MainDatetimeColumnChanged = EventLike<
  'dataset/mainDatetimeColumnChanged',
  { main_dttm_col: string | null }
>;
export type DatasetOwnersChanged = EventLike<'dataset/datasetOwnersChanged', { owners: number[] }>;
export type DatasetDescribed = EventLike<'dataset/datasetDescribed', { description: string | null }>;
export type DatasetCacheTimeoutChanged = EventLike<'dataset/cacheTimeoutChanged', { cache_timeout: number | null }>;
export type DefaultTimeGrainChanged = EventLike<
  'dataset/defaultTimeGrainChanged',
  { default_time_grain: string | null }
>;
export type ExternalUrlChanged = EventLike<'dataset/externalUrlChanged', { external_url: string | null }>;
/** The dataset is managed by an outside tool (Superset's is_managed_externally) from now on, or no longer. */
export type ExternalManagementStarted = EventLike<'dataset/externalManagementStarted', Record<string, never>>;
export type ExternalManagementStopped = EventLike<'dataset/externalManagementStopped', Record<string, never>>;
/** Columns re-read from the table or the query; user settings of kept columns survive (dataset-columns.ts). */
export type DatasetColumnsSynced = EventLike<
  'dataset/columnsSynced',
  { columns: DatasetColumn[]; main_dttm_col: string | null; added: string[]; removed: string[] }
>;
/**
 * Closes the batch of a revert (issue 13): the edit events before it in the batch restore what the
 * edit `batchId` replaced. Sets nothing; history and audit show the batch as a revert of that one.
 */
export type DatasetChangeReverted = EventLike<'dataset/changeReverted', { batchId: string }>;
export type DatasetDeleted = EventLike<'dataset/datasetDeleted', Record<string, never>>;

/** The events of an edit: each sets some of the dataset's fields. */
export type DatasetEdited =
  | DatasetRenamed
  | DatasetSchemaChanged
  | DatasetSqlChanged
  | TemplateParamsChanged
  | DatasetColumnAdded
  | DatasetColumnEdited
  | DatasetColumnRemoved
  | DatasetColumnsReordered
  | MetricAdded
  | MetricEdited
  | MetricRemoved
  | MetricsReordered
  | MainDatetimeColumnChanged
  | DatasetOwnersChanged
  | DatasetDescribed
  | DatasetCacheTimeoutChanged
  | DefaultTimeGrainChanged
  | ExternalUrlChanged
  | ExternalManagementStarted
  | ExternalManagementStopped;

export type DatasetEvent =
  DatasetCreated | DatasetEdited | DatasetColumnsSynced | DatasetChangeReverted | DatasetDeleted;

export const DATASET_EDIT_EVENTS = [
  'dataset/datasetRenamed',
  'dataset/datasetSchemaChanged',
  'dataset/datasetSqlChanged',
  'dataset/templateParamsChanged',
  'dataset/datasetColumnAdded',
  'dataset/datasetColumnEdited',
  'dataset/datasetColumnRemoved',
  'dataset/datasetColumnsReordered',
  'dataset/metricAdded',
  'dataset/metricEdited',
  'dataset/metricRemoved',
  'dataset/metricsReordered',
  'dataset/mainDatetimeColumnChanged',
  'dataset/datasetOwnersChanged',
  'dataset/datasetDescribed',
  'dataset/cacheTimeoutChanged',
  'dataset/defaultTimeGrainChanged',
  'dataset/externalUrlChanged',
  'dataset/externalManagementStarted',
  'dataset/externalManagementStopped',
] as const satisfies readonly DatasetEdited['type'][];

export const DATASET_EVENTS = [
  'dataset/datasetCreated',
  ...DATASET_EDIT_EVENTS,
  'dataset/columnsSynced',
  'dataset/changeReverted',
  'dataset/datasetDeleted',
] as const satisfies readonly DatasetEvent['type'][];

export const datasetStream = (id: number) => `dataset:${id}`;
