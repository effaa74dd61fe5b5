/**
 * MySQL/MariaDB errors (server error numbers) to the spec's error types. SQL errors keep the server's
 * message. MySQL cannot tell a wrong user from a wrong password (1045), so neither can we.
 */
import { networkError } from '../connection-errors';
import {
  EngineCancelledError,
  EngineConnectionError,
  EngineError,
  EngineTimeoutError,
  type ConnectionSpec,
} from '../query-engine';

const errnoOf = (err: unknown): number | undefined => {
  const errno = (err as { errno?: unknown } | null)?.errno;
  return typeof errno === 'number' ? errno : undefined;
};

export const ER_QUERY_INTERRUPTED = 1317;
/** MariaDB max_statement_time, MySQL max_execution_time. */
const TIMEOUT_ERRNOS = new Set([1969, 3024]);

export function mysqlConnectionError(err: unknown, spec: ConnectionSpec): EngineError {
  if (err instanceof EngineError) return err;
  const network = networkError(err, spec);
  if (network) return network;
  const message = err instanceof Error ? err.message : String(err);
  switch (errnoOf(err)) {
    case 1045:
      return new EngineConnectionError(
        `Either the username "${spec.username}" or the password is incorrect.`,
        'CONNECTION_ACCESS_DENIED_ERROR',
        { cause: err },
      );
    case 1049:
      return new EngineConnectionError(
        `Unknown MySQL database "${spec.database}".`,
        'CONNECTION_UNKNOWN_DATABASE_ERROR',
        { cause: err },
      );
    case 1044:
      return new EngineConnectionError(
        `The user "${spec.username}" may not use database "${spec.database}": ${message}`,
        'CONNECTION_DATABASE_PERMISSIONS_ERROR',
        { cause: err },
      );
    case 1130:
      return new EngineConnectionError(`Access denied: ${message}`, 'CONNECTION_ACCESS_DENIED_ERROR', { cause: err });
    default:
      return new EngineConnectionError(`Could not connect to the database: ${message}`, 'GENERIC_DB_ENGINE_ERROR', {
        cause: err,
      });
  }
}

export function mysqlStatementError(err: unknown, context: { cancelled: boolean; timeoutMs?: number }): EngineError {
  if (err instanceof EngineError) return err;
  const message = err instanceof Error ? err.message : String(err);
  const errno = errnoOf(err);
  if (errno !== undefined && TIMEOUT_ERRNOS.has(errno)) {
    return context.cancelled
      ? new EngineCancelledError({ cause: err })
      : new EngineTimeoutError(context.timeoutMs ?? 0, { cause: err });
  }
  switch (errno) {
    case ER_QUERY_INTERRUPTED:
      return new EngineCancelledError({ cause: err });
    case 1064:
      return new EngineError(message, 'SYNTAX_ERROR', 400, { cause: err });
    case 1146:
      return new EngineError(message, 'TABLE_DOES_NOT_EXIST_ERROR', 400, { cause: err });
    case 1054:
      return new EngineError(message, 'COLUMN_DOES_NOT_EXIST_ERROR', 400, { cause: err });
    case 1049:
      return new EngineError(message, 'SCHEMA_DOES_NOT_EXIST_ERROR', 400, { cause: err });
    case 1792:
      return new EngineError(message, 'DML_NOT_ALLOWED_ERROR', 400, { cause: err });
    case undefined:
      return new EngineError(message, 'GENERIC_DB_ENGINE_ERROR', 500, { cause: err });
    default:
      return new EngineError(message, 'GENERIC_DB_ENGINE_ERROR', 400, { cause: err });
  }
}
