/** Turns a validated create/update/test body into the service's input (connection spec + settings). */
import { ErrorType } from '@strata/domain';
import type { z } from 'zod';
import { StrataHttpException } from '../common/error-body';
import { backendOfScheme, InvalidUriError, parseConnectionUri } from '../engines/connection-uri';
import type { ConnectionSpec } from '../engines/query-engine';
import type { DatabaseSettings } from '@strata/domain';
import type { updateDatabaseSchema } from './databases.schemas';

type Body = z.output<typeof updateDatabaseSchema>;

export function connectionOf(body: Body): ConnectionSpec | undefined {
  if (body.sqlalchemy_uri !== undefined) {
    try {
      return parseConnectionUri(body.sqlalchemy_uri);
    } catch (err) {
      if (err instanceof InvalidUriError)
        throw new StrataHttpException(400, ErrorType.INVALID_PAYLOAD_SCHEMA_ERROR, err.message);
      throw err;
    }
  }
  if (body.parameters === undefined) return undefined;
  const p = body.parameters;
  const engine = p.engine ?? body.engine;
  const backend = engine ? backendOfScheme(engine) : null;
  if (!backend) {
    throw new StrataHttpException(
      400,
      ErrorType.CONNECTION_MISSING_PARAMETERS_ERROR,
      `Unsupported or missing engine "${engine ?? ''}": use postgresql or mysql.`,
    );
  }
  return {
    backend,
    host: p.host,
    port: p.port,
    database: p.database,
    username: p.username,
    password: p.password,
    ...(p.query && Object.keys(p.query).length > 0 ? { params: p.query } : {}),
  };
}

export function settingsOfBody(body: Body): Partial<DatabaseSettings> {
  return {
    database_name: body.database_name,
    expose_in_sqllab: body.expose_in_sqllab,
    allow_run_async: body.allow_run_async,
    allow_dml: body.allow_dml,
    allow_ctas: body.allow_ctas,
    allow_cvas: body.allow_cvas,
    allows_cost_estimate: body.allows_cost_estimate,
    allows_subquery: body.allows_subquery,
    allow_file_upload: body.allow_file_upload,
    force_ctas_schema: body.force_ctas_schema === '' ? null : body.force_ctas_schema,
    cache_timeout: body.cache_timeout,
    extra: body.extra,
  };
}
