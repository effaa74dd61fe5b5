import type { DatasetFields } from '../dataset.events';

/**
 * For specs: the physical table `public.flights` of database 1, owned by user 1, with the columns,
 * metrics and time column the spec is about.
 */
export const flightsDataset = (own: Pick<DatasetFields, 'columns' | 'metrics' | 'main_dttm_col'>): DatasetFields => ({
  kind: 'physical',
  table_name: 'flights',
  database_id: 1,
  catalog: null,
  schema: 'public',
  sql: null,
  template_params: null,
  owners: [1],
  is_managed_externally: false,
  external_url: null,
  description: null,
  ...own,
});
