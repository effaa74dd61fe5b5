/**
 * Maps anything a request can throw to a status and the spec's error body. Pure (no Nest response),
 * so the mapping reads as one table.
 */
import { HttpException } from '@nestjs/common';
import { ErrorType, type ErrorResponseBody } from '@strata/domain';
import { DomainError } from '@strata/events';
import { ZodError } from 'zod';
import { VersionConflictError } from '../event-store/event-store.port';
import { defaultErrorType, errorBody, isErrorResponseBody } from './error-body';
import { describeIssues } from './zod-validation.pipe';

export interface ErrorResponse {
  status: number;
  body: ErrorResponseBody;
  /** A server fault: log it with its stack. */
  unexpected: boolean;
}

const domainErrorCodes = new Map<string, { status: number; errorType: ErrorType }>();

/** Lets a module give one of its DomainError codes another status than 422 (e.g. 'chart_not_found' -> 404). */
export function mapDomainErrorCode(code: string, status: number, errorType: ErrorType): void {
  domainErrorCodes.set(code, { status, errorType });
}

function domainErrorMapping(code: string): { status: number; errorType: ErrorType } {
  const mapped = domainErrorCodes.get(code);
  if (mapped) return mapped;
  if (code === 'not_found' || code.endsWith('_not_found'))
    return { status: 404, errorType: ErrorType.OBJECT_DOES_NOT_EXIST_ERROR };
  if (code === 'forbidden' || code.endsWith('_forbidden'))
    return { status: 403, errorType: ErrorType.GENERIC_COMMAND_ERROR };
  return { status: 422, errorType: ErrorType.GENERIC_COMMAND_ERROR };
}

/** body-parser's errors (http-errors with a `type`), whether raw or wrapped by Nest's express adapter. */
function bodyParserError(exception: unknown): { type: string; status: number; message: string } | null {
  const candidates = [exception, exception instanceof Error ? exception.cause : undefined];
  for (const e of candidates) {
    if (typeof e !== 'object' || e === null) continue;
    const { type, status, message } = e as { type?: unknown; status?: unknown; message?: unknown };
    if (typeof type === 'string' && typeof status === 'number') return { type, status, message: String(message) };
  }
  return null;
}

function fromBodyParser(e: { type: string; status: number; message: string }, bodyLimit: string): ErrorResponse {
  switch (e.type) {
    case 'entity.parse.failed':
      return {
        status: 400,
        body: errorBody(
          400,
          ErrorType.INVALID_PAYLOAD_FORMAT_ERROR,
          `The request body is not valid JSON: ${e.message}`,
        ),
        unexpected: false,
      };
    case 'entity.too.large':
      return {
        status: 413,
        body: errorBody(
          413,
          ErrorType.INVALID_PAYLOAD_FORMAT_ERROR,
          `The request body is larger than the limit of ${bodyLimit}.`,
        ),
        unexpected: false,
      };
    default:
      return {
        status: e.status,
        body: errorBody(
          e.status,
          ErrorType.INVALID_PAYLOAD_FORMAT_ERROR,
          `The request body could not be read: ${e.message}`,
        ),
        unexpected: e.status >= 500,
      };
  }
}

function fromHttpException(exception: HttpException): ErrorResponse {
  const status = exception.getStatus();
  const response = exception.getResponse();
  if (isErrorResponseBody(response)) return { status, body: response, unexpected: status >= 500 };
  // Nest's own exceptions: { statusCode, message: string | string[], error }.
  const raw = typeof response === 'string' ? response : (response as { message?: unknown }).message;
  const message = Array.isArray(raw) ? raw.join('; ') : typeof raw === 'string' ? raw : exception.message;
  const errorType = (response as { error_type?: unknown }).error_type;
  return {
    status,
    body: errorBody(
      status,
      typeof errorType === 'string' ? (errorType as ErrorType) : defaultErrorType(status),
      message,
    ),
    unexpected: status >= 500,
  };
}

/**
 * Errors of a database connection that is down (refused, dropped, the server shutting down): the
 * request may well succeed a moment later (an embedded database is started again at once), so it is a
 * 503 the client can retry, not a server fault.
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
]);

function databaseUnavailable(exception: unknown): boolean {
  const candidates = [
    exception,
    (exception as { driverError?: unknown } | null)?.driverError,
    exception instanceof Error ? exception.cause : undefined,
  ];
  return candidates.some((e) => {
    if (typeof e !== 'object' || e === null) return false;
    const { code, message } = e as { code?: unknown; message?: unknown };
    return (
      (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) ||
      (typeof message === 'string' && /^Connection terminated( unexpectedly)?$/.test(message))
    );
  });
}

/**
 * Anything else is a server fault: a bug, or a driver's error (a pg DatabaseError's text names tables,
 * columns and values). The client gets only a generic message; the filter logs the details.
 */
export function toErrorResponse(exception: unknown, options: { bodyLimit: string }): ErrorResponse {
  const parser = bodyParserError(exception);
  if (parser) return fromBodyParser(parser, options.bodyLimit);
  if (exception instanceof ZodError) {
    return {
      status: 400,
      body: errorBody(
        400,
        ErrorType.INVALID_PAYLOAD_SCHEMA_ERROR,
        `Invalid request: ${describeIssues(exception.issues, 'input')}`,
      ),
      unexpected: false,
    };
  }
  if (exception instanceof DomainError) {
    const { status, errorType } = domainErrorMapping(exception.code);
    return {
      status,
      body: errorBody(status, errorType, exception.message, { code: exception.code }),
      unexpected: false,
    };
  }
  if (exception instanceof VersionConflictError) {
    return {
      status: 409,
      body: errorBody(409, ErrorType.GENERIC_COMMAND_ERROR, exception.message, {
        stream: exception.stream,
        expected_version: exception.expected,
        actual_version: exception.actual,
      }),
      unexpected: false,
    };
  }
  if (exception instanceof HttpException) return fromHttpException(exception);
  if (databaseUnavailable(exception)) {
    return {
      status: 503,
      body: errorBody(
        503,
        ErrorType.GENERIC_BACKEND_ERROR,
        'The database is not available right now. Please try again in a moment.',
      ),
      unexpected: true,
    };
  }
  return {
    status: 500,
    body: errorBody(500, ErrorType.GENERIC_BACKEND_ERROR, 'An unexpected error occurred. It has been logged.'),
    unexpected: true,
  };
}
