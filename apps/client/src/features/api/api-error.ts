import { ErrorMessages, ErrorType, type ClientError } from '@strata/domain';

/** A failed request, read through the error catalogue: what toasts and the error modal show. */
export class ApiError extends Error {
  constructor(readonly error: ClientError) {
    super(error.message);
    this.name = 'ApiError';
  }
}

/** Whether a call failed with this HTTP status (an ApiError; network errors and others never match). */
export const hasStatus = (thrown: unknown, status: number): boolean =>
  thrown instanceof ApiError && thrown.error.status === status;

/** The HTTP status of a failed call; 0 when the server was not reached (offline) or the error is not an ApiError. */
export const statusOf = (thrown: unknown): number => (thrown instanceof ApiError ? thrown.error.status : 0);

/** Any thrown value as a ClientError: ApiErrors carry one; anything else is a client-side bug. */
export function toClientError(thrown: unknown): ClientError {
  if (thrown instanceof ApiError) return thrown.error;
  const message = thrown instanceof Error ? thrown.message : String(thrown);
  return {
    message: message || ErrorMessages.UNKNOWN_ERROR,
    status: 0,
    statusText: 'Client error',
    errors: [],
    error_type: ErrorType.GENERIC_COMMAND_ERROR,
    ...(thrown instanceof Error && thrown.stack ? { stack: thrown.stack } : {}),
  };
}
