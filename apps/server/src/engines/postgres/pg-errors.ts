/**
 * PostgreSQL errors to the spec's error types (SQLSTATE codes, PostgreSQL manual appendix A). SQL errors
 * keep the database's own message: it names the missing table or the position of the syntax error.
 */
import { networkError } from '../connection-errors';
import {
  EngineCancelledError,
  EngineConnectionError,
  EngineError,
  EngineTimeoutError,
  type ConnectionSpec,
} from '../query-engine';

interface PgError {
  code?: string;
  message?: string;
}

const sqlstate = (err: unknown): string | undefined => {
  const code = (err as PgError | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
};

/** An error raised while connecting or logging in. */
export function pgConnectionError(err: unknown, spec: ConnectionSpec): EngineError {
  if (err instanceof EngineError) return err;
  const network = networkError(err, spec);
  if (network) return network;
  const message = err instanceof Error ? err.message : String(err);
  switch (sqlstate(err)) {
    case '57P03':
      // cannot_connect_now: the server is starting, shutting down, or (embedded) restarting past its
      // wait bound. Nothing is wrong with the connection's settings: a 503 the user can retry.
      return new EngineError(message, 'CONNECTION_HOST_DOWN_ERROR', 503, { cause: err });
    case '28P01':
      return new EngineConnectionError(
        `The password provided for username "${spec.username}" is incorrect.`,
        'CONNECTION_INVALID_PASSWORD_ERROR',
        { cause: err },
      );
    case '28000':
      return /role .* does not exist/i.test(message)
        ? new EngineConnectionError(
            `The username "${spec.username}" does not exist.`,
            'CONNECTION_INVALID_USERNAME_ERROR',
            { cause: err },
          )
        : new EngineConnectionError(`Access denied: ${message}`, 'CONNECTION_ACCESS_DENIED_ERROR', { cause: err });
    case '3D000':
      return new EngineConnectionError(
        `Unable to connect to database "${spec.database}".`,
        'CONNECTION_UNKNOWN_DATABASE_ERROR',
        {
          cause: err,
        },
      );
    case '42501':
      return new EngineConnectionError(
        `The user "${spec.username}" may not connect to database "${spec.database}": ${message}`,
        'CONNECTION_DATABASE_PERMISSIONS_ERROR',
        { cause: err },
      );
    default:
      return new EngineConnectionError(`Could not connect to the database: ${message}`, 'GENERIC_DB_ENGINE_ERROR', {
        cause: err,
      });
  }
}

/**
 * An error raised by a statement. `cancelled` tells a Stop apart from a statement timeout: both arrive
 * as SQLSTATE 57014 (query_canceled).
 */
export function pgStatementError(err: unknown, context: { cancelled: boolean; timeoutMs?: number }): EngineError {
  if (err instanceof EngineError) return err;
  const message = err instanceof Error ? err.message : String(err);
  switch (sqlstate(err)) {
    case '57014':
      if (context.cancelled || !/statement timeout/i.test(message)) return new EngineCancelledError({ cause: err });
      return new EngineTimeoutError(context.timeoutMs ?? 0, { cause: err });
    case '42601':
      return new EngineError(message, 'SYNTAX_ERROR', 400, { cause: err });
    case '42P01':
      return new EngineError(message, 'TABLE_DOES_NOT_EXIST_ERROR', 400, { cause: err });
    case '42703':
      return new EngineError(message, 'COLUMN_DOES_NOT_EXIST_ERROR', 400, { cause: err });
    case '3F000':
      return new EngineError(message, 'SCHEMA_DOES_NOT_EXIST_ERROR', 400, { cause: err });
    case '25006':
      return new EngineError(message, 'DML_NOT_ALLOWED_ERROR', 400, { cause: err });
    case undefined:
      // No SQLSTATE: the connection itself broke (server restarted, network) or the driver failed.
      return new EngineError(message, 'GENERIC_DB_ENGINE_ERROR', 500, { cause: err });
    default:
      return new EngineError(message, 'GENERIC_DB_ENGINE_ERROR', 400, { cause: err });
  }
}
