/**
 * Network-level failures are the same for every driver (Node's socket error codes); each engine adds its
 * own login and database errors on top. Messages follow the spec's connection error types and name the
 * host and port the admin typed, so a typo is obvious.
 */
import { EngineConnectionError, type ConnectionSpec } from './query-engine';

export function networkError(err: unknown, spec: ConnectionSpec): EngineConnectionError | null {
  const code = (err as { code?: string }).code;
  const where = `"${spec.host}"`;
  switch (code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_FAIL':
      return new EngineConnectionError(
        `The hostname ${where} cannot be resolved.`,
        'CONNECTION_INVALID_HOSTNAME_ERROR',
        { cause: err },
      );
    case 'ECONNREFUSED':
      return new EngineConnectionError(
        `Port ${spec.port} on hostname ${where} refused the connection.`,
        'CONNECTION_PORT_CLOSED_ERROR',
        { cause: err },
      );
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'EHOSTDOWN':
      return new EngineConnectionError(
        `The host ${where} might be down, and can't be reached on port ${spec.port}.`,
        'CONNECTION_HOST_DOWN_ERROR',
        { cause: err },
      );
    case 'ERR_SOCKET_BAD_PORT':
      return new EngineConnectionError(
        `Port ${spec.port} is not a valid port number.`,
        'CONNECTION_INVALID_PORT_ERROR',
        { cause: err },
      );
    default:
      break;
  }
  const message = err instanceof Error ? err.message : String(err);
  if (/timeout expired|connection timeout|timed out/i.test(message)) {
    return new EngineConnectionError(
      `The host ${where} might be down, and can't be reached on port ${spec.port}.`,
      'CONNECTION_HOST_DOWN_ERROR',
      { cause: err },
    );
  }
  return null;
}
