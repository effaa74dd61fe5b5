/**
 * The add/edit form of a database (Superset's DatabaseModal): engine-specific connection fields or a
 * SQLAlchemy-style URI, and the settings. Pure: the form's values to the API body and back. The
 * databases page's fold holds a form (database-form.events.ts); never a typed password (see there).
 */
import type { DatabaseView } from './database-list.events';

/** The mask the API shows for a stored password; sent back, the server keeps the stored one. */
export const DATABASE_PASSWORD_MASK = 'XXXXXXXXXX';

export type DatabaseEngine = 'postgresql' | 'mysql' | 'mariadb';

interface EngineInfo {
  label: string;
  port: number;
  /** The URL parameter the server's engine reads for SSL, and the modes it knows. */
  sslParam: string;
  sslModes: readonly string[];
}

export const DATABASE_ENGINES: Record<DatabaseEngine, EngineInfo> = {
  postgresql: {
    label: 'PostgreSQL',
    port: 5432,
    sslParam: 'sslmode',
    sslModes: ['disable', 'prefer', 'require', 'verify-ca', 'verify-full'],
  },
  mysql: {
    label: 'MySQL',
    port: 3306,
    sslParam: 'ssl_mode',
    sslModes: ['DISABLED', 'PREFERRED', 'REQUIRED', 'VERIFY_CA', 'VERIFY_IDENTITY'],
  },
  mariadb: {
    label: 'MariaDB',
    port: 3306,
    sslParam: 'ssl_mode',
    sslModes: ['DISABLED', 'PREFERRED', 'REQUIRED', 'VERIFY_CA', 'VERIFY_IDENTITY'],
  },
};

/** The on/off settings of the form, each enabled or disabled by its own intent. */
export const DATABASE_FORM_OPTIONS = [
  'expose_in_sqllab',
  'allow_dml',
  'allow_run_async',
  'allows_cost_estimate',
  'allow_ctas',
  'allow_cvas',
  'allow_file_upload',
] as const;
export type DatabaseFormOption = (typeof DATABASE_FORM_OPTIONS)[number];

export interface DatabaseForm {
  database_name: string;
  method: 'parameters' | 'uri';
  engine: DatabaseEngine;
  host: string;
  port: string;
  database: string;
  username: string;
  password: string;
  /** '' = the engine's default (no parameter sent). */
  sslMode: string;
  uri: string;
  expose_in_sqllab: boolean;
  allow_dml: boolean;
  allow_run_async: boolean;
  allows_cost_estimate: boolean;
  allow_ctas: boolean;
  allow_cvas: boolean;
  force_ctas_schema: string;
  allow_file_upload: boolean;
  /** Comma-separated; kept in `extra.schemas_allowed_for_file_upload` as Superset. */
  upload_schemas: string;
  cache_timeout: string;
  /** Roles granted the database (`PUT /{id}/access`, sent after the save: not part of its body). */
  roles: string[];
}

export const EMPTY_DATABASE_FORM: DatabaseForm = {
  database_name: '',
  method: 'parameters',
  engine: 'postgresql',
  host: '',
  port: '5432',
  database: '',
  username: '',
  password: '',
  sslMode: '',
  uri: '',
  expose_in_sqllab: true,
  allow_dml: false,
  allow_run_async: false,
  allows_cost_estimate: false,
  allow_ctas: false,
  allow_cvas: false,
  force_ctas_schema: '',
  allow_file_upload: false,
  upload_schemas: '',
  cache_timeout: '',
  roles: [],
};

function parseExtra(extra: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(extra);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** The form for editing a database as the API answers it (its password stays the mask). */
export function databaseFormOf(db: DatabaseView): DatabaseForm {
  const p = db.parameters;
  const engine: DatabaseEngine =
    p?.engine === 'postgresql' ? 'postgresql' : /^mariadb/.test(db.sqlalchemy_uri ?? '') ? 'mariadb' : 'mysql';
  const schemas = parseExtra(db.extra).schemas_allowed_for_file_upload;
  return {
    ...EMPTY_DATABASE_FORM,
    database_name: db.database_name,
    method: p ? 'parameters' : 'uri',
    engine,
    host: p?.host ?? '',
    port: p ? String(p.port) : '',
    database: p?.database ?? '',
    username: p?.username ?? '',
    password: p?.password ?? '',
    sslMode: p?.query[DATABASE_ENGINES[engine].sslParam] ?? '',
    uri: db.sqlalchemy_uri ?? '',
    expose_in_sqllab: db.expose_in_sqllab,
    allow_dml: db.allow_dml,
    allow_run_async: db.allow_run_async,
    allows_cost_estimate: db.allows_cost_estimate,
    allow_ctas: db.allow_ctas,
    allow_cvas: db.allow_cvas,
    force_ctas_schema: db.force_ctas_schema ?? '',
    allow_file_upload: db.allow_file_upload,
    upload_schemas: Array.isArray(schemas) ? schemas.join(', ') : '',
    cache_timeout: db.cache_timeout === null ? '' : String(db.cache_timeout),
    roles: [...db.roles_with_access],
  };
}

/** Where to connect: `parameters` (engine-specific fields) or `sqlalchemy_uri`, as the API takes them. */
export function connectionBody(form: DatabaseForm): Record<string, unknown> {
  if (form.method === 'uri') return { sqlalchemy_uri: form.uri.trim() };
  const info = DATABASE_ENGINES[form.engine];
  return {
    engine: form.engine,
    parameters: {
      engine: form.engine,
      host: form.host.trim(),
      port: Number(form.port),
      database: form.database.trim(),
      username: form.username.trim(),
      ...(form.password !== '' ? { password: form.password } : {}),
      query: form.sslMode ? { [info.sslParam]: form.sslMode } : {},
    },
  };
}

/**
 * The create/update body (Superset's DatabasePostSchema): name, connection and settings. Editing
 * (`initial`: the database's form as opened), the connection goes only when it changed: the server
 * checks a new connection's login again (dangerous logins), settings alone are not.
 */
export function databaseBody(
  form: DatabaseForm,
  extra: string = '{}',
  initial?: DatabaseForm,
): Record<string, unknown> {
  const connection = connectionBody(form);
  const unchanged = initial !== undefined && JSON.stringify(connectionBody(initial)) === JSON.stringify(connection);
  const schemas = form.upload_schemas
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const timeout = form.cache_timeout.trim();
  return {
    database_name: form.database_name.trim(),
    ...(unchanged ? {} : connection),
    expose_in_sqllab: form.expose_in_sqllab,
    allow_dml: form.allow_dml,
    allow_run_async: form.allow_run_async,
    allows_cost_estimate: form.allows_cost_estimate,
    allow_ctas: form.allow_ctas,
    allow_cvas: form.allow_cvas,
    force_ctas_schema: form.allow_ctas || form.allow_cvas ? form.force_ctas_schema.trim() || null : null,
    allow_file_upload: form.allow_file_upload,
    // Other keys of `extra` (set through the API) are kept as they were.
    extra: JSON.stringify({
      ...parseExtra(extra),
      schemas_allowed_for_file_upload: form.allow_file_upload ? schemas : [],
    }),
    cache_timeout: timeout === '' ? null : Number(timeout),
  };
}

/** What the form still lacks before it can be sent; null when complete. */
export function missingDatabaseField(form: DatabaseForm): string | null {
  if (!form.database_name.trim()) return 'Display name is required.';
  if (form.method === 'uri') return form.uri.trim() ? null : 'The SQLAlchemy URI is required.';
  if (!form.host.trim()) return 'Host is required.';
  if (!/^\d{1,5}$/.test(form.port.trim())) return 'Port must be a number.';
  if (!form.database.trim()) return 'Database name is required.';
  const timeout = form.cache_timeout.trim();
  if (timeout && !/^\d+$/.test(timeout)) return 'Cache timeout must be a number of seconds.';
  return null;
}

/** A URI as the log may keep it: its password, if any, replaced by the mask. */
export function maskUriPassword(uri: string): string {
  return uri.replace(
    /^([a-z0-9+.-]+:\/\/[^:@/]*:)([^@/]*)@/i,
    (_m, head: string) => `${head}${DATABASE_PASSWORD_MASK}@`,
  );
}
