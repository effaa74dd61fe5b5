/**
 * Where a connection goes: backend, host, port, database and user. The stored password of a database
 * is only ever sent to the target it was stored for; a request that keeps the password (sends the mask
 * back, or none) while naming another target would hand it to whatever server the request names.
 */
import { ErrorType } from '@strata/domain';
import { StrataHttpException } from '../common/error-body';
import type { ConnectionSpec } from '../engines/query-engine';

export function sameTarget(a: ConnectionSpec, b: ConnectionSpec): boolean {
  return (
    a.backend === b.backend &&
    a.host.toLowerCase() === b.host.toLowerCase() &&
    a.port === b.port &&
    a.database === b.database &&
    a.username === b.username
  );
}

export const storedPasswordElsewhere = () =>
  new StrataHttpException(
    400,
    ErrorType.INVALID_PAYLOAD_SCHEMA_ERROR,
    'The stored password is only used for the same host, port, database and user it was saved for. Type the password to connect elsewhere.',
  );
