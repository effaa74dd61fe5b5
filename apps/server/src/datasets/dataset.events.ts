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
}

export interface DatasetMetric {
  metric_name: string;
  verbose_name: string | null;
  metric_type: string | null;
  expression: string;
  description: string | null;
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

export type DatasetCreated = EventLike<'dataset/datasetCreated', DatasetFields & { id: number }>;
export type DatasetEvent = DatasetCreated;

export const DATASET_EVENTS = ['dataset/datasetCreated'] as const satisfies readonly DatasetEvent['type'][];
export const datasetStream = (id: number) => `dataset:${id}`;
