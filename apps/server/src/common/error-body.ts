/**
 * Builders of the spec's error shape `{message, errors: [{message, error_type, level, extra}]}`, and an
 * HttpException carrying one, for code that wants a specific status and error type.
 */
import { HttpException } from '@nestjs/common';
import { ErrorType, type ErrorResponseBody, type StrataError } from '@strata/domain';

export function errorBody(
  status: number,
  errorType: ErrorType,
  message: string,
  extra?: StrataError['extra'],
): ErrorResponseBody {
  const error: StrataError = { message, error_type: errorType, level: status >= 500 ? 'error' : 'warning' };
  if (extra) error.extra = extra;
  return { message, errors: [error] };
}

export class StrataHttpException extends HttpException {
  constructor(status: number, errorType: ErrorType, message: string, extra?: StrataError['extra']) {
    super(errorBody(status, errorType, message, extra), status);
  }
}

/** True for a body already in the error shape (AUTH's httpError, StrataHttpException). */
export function isErrorResponseBody(value: unknown): value is ErrorResponseBody {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<ErrorResponseBody>;
  return (
    typeof v.message === 'string' &&
    Array.isArray(v.errors) &&
    v.errors.every(
      (e) => typeof e === 'object' && e !== null && typeof e.message === 'string' && typeof e.error_type === 'string',
    )
  );
}

/** The error type of an HttpException that names none: by status. */
export function defaultErrorType(status: number): ErrorType {
  if (status === 408 || status === 504) return ErrorType.BACKEND_TIMEOUT_ERROR;
  if (status === 413 || status === 415) return ErrorType.INVALID_PAYLOAD_FORMAT_ERROR;
  if (status === 404) return ErrorType.OBJECT_DOES_NOT_EXIST_ERROR;
  return status >= 500 ? ErrorType.GENERIC_BACKEND_ERROR : ErrorType.GENERIC_COMMAND_ERROR;
}
