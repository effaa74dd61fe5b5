/** The API's view of a database (Superset's /api/v1/database/ fields); the password is only ever masked. */
import { backendOfUri, formatConnectionUri, parseConnectionUri, PASSWORD_MASK } from '../engines/connection-uri';
import type { ConnectionSpec } from '../engines/query-engine';
import type { DatabaseRow } from './database-row';

function storedSpec(row: DatabaseRow): ConnectionSpec | null {
  try {
    return parseConnectionUri(row.uri);
  } catch {
    return null;
  }
}

export function databaseJson(row: DatabaseRow) {
  const spec = storedSpec(row);
  const hasPassword = row.has_password || !!spec?.password;
  const masked = spec ? { ...spec, password: hasPassword ? PASSWORD_MASK : undefined } : null;
  return {
    id: row.id,
    database_name: row.database_name,
    backend: backendOfUri(row.uri),
    engine: backendOfUri(row.uri),
    sqlalchemy_uri: masked ? formatConnectionUri(masked, 'mask') : null,
    parameters: masked
      ? {
          engine: masked.backend,
          host: masked.host,
          port: masked.port,
          database: masked.database,
          username: masked.username,
          ...(hasPassword ? { password: PASSWORD_MASK } : {}),
          query: masked.params ?? {},
        }
      : null,
    configuration_method: 'sqlalchemy_form',
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
    // Superset sends `extra` as a JSON string; clients parse it.
    extra: JSON.stringify(row.extra ?? {}),
    roles_with_access: row.roles,
    created_on: row.created_on,
    changed_on: row.changed_on,
    created_by: row.created_by === null ? null : { id: row.created_by },
    changed_by: row.changed_by === null ? null : { id: row.changed_by },
  };
}
