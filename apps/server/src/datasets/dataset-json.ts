/**
 * A dataset as the API answers it: the spec's Dataset fields (§3) plus what SQL Lab's "explore" and
 * "query dataset" flows read (database, sql, select_star).
 */
import type { DatasetColumn, DatasetMetric } from '@strata/domain';
import { dialectOfUri } from '../sqllab/format/format.controller';

export const DATASET_SELECT = `SELECT ds.*, d.database_name, d.uri AS database_uri,
    (SELECT coalesce(json_agg(json_build_object('id', u.id, 'first_name', u.first_name, 'last_name', u.last_name) ORDER BY u.id), '[]'::json)
       FROM users u WHERE u.id = ANY(ds.owners)) AS owner_users
  FROM datasets ds LEFT JOIN databases d ON d.id = ds.database_id`;

export interface DatasetRow {
  id: number;
  uid: string;
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
  cache_timeout: number | null;
  default_time_grain: string | null;
  created_on: Date;
  changed_on: Date;
  version: number;
  database_name: string | null;
  database_uri: string | null;
  owner_users: { id: number; first_name: string; last_name: string }[];
}

const quote = (backend: string, name: string) =>
  backend === 'mysql' || backend === 'mariadb' ? `\`${name.replace(/`/g, '``')}\`` : `"${name.replace(/"/g, '""')}"`;

/** What "query this dataset" opens in SQL Lab: its SQL as a subquery, or its table, 100 rows. */
export function selectStar(row: Pick<DatasetRow, 'kind' | 'sql' | 'schema' | 'table_name' | 'database_uri'>): string {
  if (row.kind === 'virtual' && row.sql)
    return `SELECT *\nFROM (\n${row.sql.trim().replace(/;\s*$/, '')}\n) AS virtual_table\nLIMIT 100`;
  const backend = dialectOfUri(row.database_uri ?? '');
  const table = row.schema
    ? `${quote(backend, row.schema)}.${quote(backend, row.table_name)}`
    : quote(backend, row.table_name);
  return `SELECT *\nFROM ${table}\nLIMIT 100`;
}

export function datasetJson(row: DatasetRow) {
  const backend = dialectOfUri(row.database_uri ?? '');
  return {
    id: row.id,
    uid: row.uid,
    type: 'table' as const,
    datasource_type: 'table' as const,
    kind: row.kind,
    table_name: row.table_name,
    datasource_name: row.table_name,
    name: row.schema ? `${row.schema}.${row.table_name}` : row.table_name,
    database: {
      id: row.database_id,
      database_name: row.database_name,
      backend: backend === 'mariadb' ? 'mysql' : backend,
    },
    catalog: row.catalog,
    schema: row.schema,
    sql: row.sql,
    template_params: row.template_params,
    columns: row.columns,
    column_types: row.columns.map((c) => c.type_generic),
    metrics: row.metrics,
    main_dttm_col: row.main_dttm_col,
    verbose_map: Object.fromEntries(
      [...row.columns, ...row.metrics.map((m) => ({ column_name: m.metric_name, verbose_name: m.verbose_name }))].map(
        (c) => [c.column_name, c.verbose_name ?? c.column_name],
      ),
    ),
    column_formats: Object.fromEntries(row.metrics.filter((m) => m.d3format).map((m) => [m.metric_name, m.d3format])),
    currency_formats: Object.fromEntries(row.metrics.filter((m) => m.currency).map((m) => [m.metric_name, m.currency])),
    description: row.description,
    cache_timeout: row.cache_timeout,
    default_time_grain: row.default_time_grain,
    owners: row.owner_users,
    is_managed_externally: row.is_managed_externally,
    external_url: row.external_url,
    select_star: selectStar(row),
    created_on: row.created_on.toISOString(),
    changed_on: row.changed_on.toISOString(),
    /** The stream version: chart data's cache key includes it, so an edit invalidates cached results. */
    version: row.version,
  };
}
export type DatasetJson = ReturnType<typeof datasetJson>;
