/**
 * HTTP errors in the spec's error shape (`{message, errors: [{message, error_type, level}]}`), so every
 * client reads an auth failure the same way as any other error. DomainErrors and version conflicts from
 * the services are mapped by the global filter (common/to-error-response.ts): 422, 404 for *_not_found, 409.
 */
import type { HttpException } from '@nestjs/common';
import { ErrorType, type StrataError } from '@strata/domain';
import { StrataHttpException } from '../common/error-body';

export function httpError(
  status: number,
  errorType: ErrorType,
  message: string,
  extra?: StrataError['extra'],
): HttpException {
  return new StrataHttpException(status, errorType, message, extra);
}

export const NOT_LOGGED_IN = 'You are not logged in, or your session has expired.';
export const unauthorized = (message = NOT_LOGGED_IN) => httpError(401, ErrorType.GENERIC_BACKEND_ERROR, message);
