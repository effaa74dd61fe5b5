import { toClientError } from '../../api/api-error';

/** A 409 says plainly that someone else saved first; anything else keeps the server's words. */
export function describeVersionError(error: unknown): string {
  const e = toClientError(error);
  return e.status === 409
    ? `Someone else saved this dashboard meanwhile, nothing was changed: ${e.message}`
    : e.message;
}
