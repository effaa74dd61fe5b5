/** A row of the `databases` read model with its access grants, as the service hands it out. */
import type { DatabaseSettings } from '@strata/domain';

export interface DatabaseRow extends DatabaseSettings {
  id: number;
  created_on: string;
  changed_on: string;
  created_by: number | null;
  changed_by: number | null;
  /** Stream version; 0 for a row registered outside the log (the examples database). */
  version: number;
  /** Roles granted database_access to it. */
  roles: string[];
  /** An encrypted password is stored (never its value). */
  has_password: boolean;
}

export const DATABASE_COLUMNS = `d.id, d.database_name, d.uri, d.expose_in_sqllab, d.allow_run_async, d.allow_dml, d.allow_ctas,
  d.allow_cvas, d.allows_cost_estimate, d.allows_subquery, d.allow_file_upload, d.force_ctas_schema, d.cache_timeout, d.extra,
  d.created_on, d.changed_on, d.created_by, d.changed_by, d.version,
  coalesce((SELECT array_agg(a.role ORDER BY a.role) FROM database_access a WHERE a.database_id = d.id), '{}') AS roles,
  EXISTS (SELECT 1 FROM database_credentials c WHERE c.database_id = d.id) AS has_password`;

interface DbRow extends Omit<DatabaseRow, 'created_on' | 'changed_on'> {
  created_on: Date;
  changed_on: Date;
}

export function toDatabaseRow(db: DbRow): DatabaseRow {
  return {
    ...db,
    extra: db.extra ?? {},
    created_on: db.created_on.toISOString(),
    changed_on: db.changed_on.toISOString(),
    roles: db.roles ?? [],
  };
}

export function settingsOf(row: DatabaseRow): DatabaseSettings {
  return {
    database_name: row.database_name,
    uri: row.uri,
    expose_in_sqllab: row.expose_in_sqllab,
    allow_run_async: row.allow_run_async,
    allow_dml: row.allow_dml,
    allow_ctas: row.allow_ctas,
    allow_cvas: row.allow_cvas,
    allows_cost_estimate: row.allows_cost_estimate,
    allows_subquery: row.allows_subquery,
    allow_file_upload: row.allow_file_upload,
    force_ctas_schema: row.force_ctas_schema,
    cache_timeout: row.cache_timeout,
    extra: row.extra,
  };
}
