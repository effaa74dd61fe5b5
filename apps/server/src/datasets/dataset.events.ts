/**
 * The facts of a dataset, on stream `dataset:<id>`. SQL Lab creates datasets from a query (virtual) or
 * a table (physical); the Explore issue adds editing. Ids come from a sequence before the first event.
 */
import type { EventLike } from '@strata/events';

/** spec §3 Dataset column; type_generic: Numeric 0, String 1, Temporal 2, Boolean 3. */
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
  /** Certification and warning fields (spec §3); absent on datasets created before they existed. */
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
}

/** What an edit may change (PUT /api/v1/dataset/{id}); the database and kind stay. */
export type DatasetChanges = Partial<
  Pick<
    DatasetFields,
    | 'table_name'
    | 'schema'
    | 'sql'
    | 'template_params'
    | 'columns'
    | 'metrics'
    | 'main_dttm_col'
    | 'owners'
    | 'description'
    | 'external_url'
    | 'is_managed_externally'
  >
>;

export type DatasetCreated = EventLike<'dataset/datasetCreated', DatasetFields & { id: number }>;
export type DatasetUpdated = EventLike<'dataset/datasetUpdated', { changes: DatasetChanges }>;
/** Columns re-read from the table or the query; user settings of kept columns survive (column-sync.ts). */
export type DatasetColumnsSynced = EventLike<
  'dataset/columnsSynced',
  { columns: DatasetColumn[]; main_dttm_col: string | null; added: string[]; removed: string[] }
>;
export type DatasetDeleted = EventLike<'dataset/datasetDeleted', Record<string, never>>;
export type DatasetEvent = DatasetCreated | DatasetUpdated | DatasetColumnsSynced | DatasetDeleted;

export const DATASET_EVENTS = [
  'dataset/datasetCreated',
  'dataset/datasetUpdated',
  'dataset/columnsSynced',
  'dataset/datasetDeleted',
] as const satisfies readonly DatasetEvent['type'][];
export const datasetStream = (id: number) => `dataset:${id}`;
