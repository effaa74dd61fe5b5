import { ErrorMessages, ErrorType, type ClientError } from '@strata/domain';

/** A failed request, read through the error catalogue: what toasts and the error modal show. */
export class ApiError extends Error {
  constructor(readonly error: ClientError) {
    super(error.message);
    this.name = 'ApiError';
  }
}

/** Any thrown value as a ClientError: ApiErrors carry one; anything else is a client-side bug. */
/** Whether a call failed with this HTTP status (an ApiError; network errors and others never match). */
export const hasStatus = (thrown: unknown, status: number): boolean =>
  thrown instanceof ApiError && thrown.error.status === status;

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
