import type { DatasetColumn, DatasetMetric } from '../dataset.events';

/**
 * What the dataset pages read from the server (apps/server/src/datasets/dataset-json.ts): the client
 * folds these answers into its state (datasets-client.fold.ts) and never changes them itself; every
 * change goes back through `/api/v1/dataset/`.
 */

export interface DatasetOwnerView {
  id: number;
  first_name: string;
  last_name: string;
}

/** A dataset as `GET /api/v1/dataset/{id}` and the list answer it. */
export interface DatasetView {
  id: number;
  kind: 'virtual' | 'physical';
  table_name: string;
  database: { id: number; database_name: string | null; backend?: string };
  catalog: string | null;
  schema: string | null;
  sql: string | null;
  template_params: string | null;
  columns: DatasetColumn[];
  metrics: DatasetMetric[];
  main_dttm_col: string | null;
  description: string | null;
  /** Seconds a chart query stays cached (null: the default); the time grain new charts start with. */
  cache_timeout?: number | null;
  default_time_grain?: string | null;
  owners: DatasetOwnerView[];
  changed_on: string;
}

/** A picker's choice: a database or a user, by id and the name shown. */
export interface DatasetPickerOption {
  value: number;
  label: string;
}

/** What the list shows, read from and written to the address (a reload or a shared link shows the same). */
export interface DatasetListFilters {
  search: string;
  databaseId: number | null;
  schema: string | null;
  ownerId: number | null;
  certified: boolean | null;
  page: number;
}

export const ownerName = (p: DatasetOwnerView) =>
  [p.first_name, p.last_name].filter(Boolean).join(' ') || `user ${p.id}`;
