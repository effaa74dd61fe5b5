import { ErrorType, type ErrorLevel, type StrataError } from '../error-types';
import { formatMessage } from '../text/format';
import { ErrorMessages, TimeoutIssueCodes } from './messages';
import { NETWORK_ERROR_STATUS, STATUS_TEXTS, statusText } from './status-texts';

/** What the client's fetch wrapper hands to toasts and the error modal for any failed request. */
export interface ClientError {
  /** The one line shown to the user. */
  message: string;
  status: number;
  statusText: string;
  errors: StrataError[];
  /** From the first error's `extra.link`: shown as a 'Request Access' link. */
  link?: string;
  /** The type that picks the error's display: the first error's, or one the client inferred. */
  error_type: ErrorType;
  /** A server stack trace, shown behind "See more". */
  stack?: string;
}

export interface ErrorResponseInput {
  status: number;
  bodyText: string;
  contentType?: string | null;
}

const KNOWN_ERROR_TYPES: ReadonlySet<string> = new Set(Object.values(ErrorType));
const LEVELS: ReadonlySet<string> = new Set<ErrorLevel>(['info', 'warning', 'error']);

/**
 * sqllab-and-platform §8 Error responses: read a failed response the way the UI needs it.
 * Order: `errors[]` (the first message is shown, its `extra.link` gives 'Request Access'), then a
 * `message` string, or a `message` object of field errors, then the raw text. A body with a `stack` is
 * an unexpected server error; a body mentioning CSRF means the session's token expired.
 */
export function parseErrorResponse({ status, bodyText, contentType }: ErrorResponseInput): ClientError {
  const body = readJsonObject(bodyText, contentType);
  const errors = body ? readErrors(body.errors) : [];
  let message =
    (body ? messageFromJson(body, errors, status) : messageFromText(bodyText, status)) ||
    (STATUS_TEXTS[status] ?? ErrorMessages.AN_ERROR_OCCURRED);
  let errorType: ErrorType = errors[0]?.error_type ?? ErrorType.GENERIC_BACKEND_ERROR;
  const link = errors[0]?.extra?.link;

  const stack = typeof body?.stack === 'string' ? body.stack : undefined;
  if (stack !== undefined) {
    const description = errors[0]?.message || stringMember(body, 'description');
    message = ErrorMessages.UNEXPECTED_ERROR_PREFIX + (description || ErrorMessages.NO_DESCRIPTION);
  } else if (isCsrfFailure(bodyText, errors)) {
    message = ErrorMessages.SESSION_TIMED_OUT;
    errorType = ErrorType.FRONTEND_CSRF_ERROR;
  }

  return {
    message,
    status,
    statusText: statusText(status),
    errors,
    ...(typeof link === 'string' && link ? { link } : {}),
    error_type: errorType,
    ...(stack !== undefined ? { stack } : {}),
  };
}

/** sqllab-and-platform §8 'Request timed out', listing issues 1000 and 1001; `timeoutMs` is the limit that expired. */
export function timeoutError(timeoutMs: number): ClientError {
  const error: StrataError = {
    message: ErrorMessages.REQUEST_TIMED_OUT,
    error_type: ErrorType.FRONTEND_TIMEOUT_ERROR,
    level: 'error',
    extra: { timeout: timeoutMs / 1000, issue_codes: TimeoutIssueCodes.map((issue) => ({ ...issue })) },
  };
  return {
    message: ErrorMessages.REQUEST_TIMED_OUT,
    status: 408,
    statusText: statusText(408),
    errors: [error],
    error_type: ErrorType.FRONTEND_TIMEOUT_ERROR,
  };
}

/** sqllab-and-platform §8 'Network error': the request never got a response (fetch rejected). */
export function networkError(): ClientError {
  return {
    message: ErrorMessages.NETWORK_ERROR,
    status: NETWORK_ERROR_STATUS,
    statusText: statusText(NETWORK_ERROR_STATUS),
    errors: [{ message: ErrorMessages.NETWORK_ERROR, error_type: ErrorType.FRONTEND_NETWORK_ERROR, level: 'error' }],
    error_type: ErrorType.FRONTEND_NETWORK_ERROR,
  };
}

/** sqllab-and-platform §8: 'Sorry, there was an error saving this %s: %s', or the unknown-error text without a message. */
export function savingErrorText(source: string, error: Pick<ClientError, 'message'> | undefined): string {
  return error?.message
    ? formatMessage(ErrorMessages.ERROR_SAVING, source, error.message)
    : ErrorMessages.UNKNOWN_ERROR;
}

type JsonObject = Record<string, unknown>;

function readJsonObject(text: string, contentType: string | null | undefined): JsonObject | undefined {
  const trimmed = text.trim();
  // Proxies answer JSON APIs with HTML pages, and some servers label JSON as text: look at both.
  if (!/json/i.test(contentType ?? '') && !trimmed.startsWith('{')) return undefined;
  try {
    const value: unknown = JSON.parse(trimmed);
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function readErrors(value: unknown): StrataError[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isObject).flatMap((entry): StrataError[] => {
    if (typeof entry.message !== 'string') return [];
    const type = typeof entry.error_type === 'string' && KNOWN_ERROR_TYPES.has(entry.error_type);
    const level = typeof entry.level === 'string' && LEVELS.has(entry.level);
    return [
      {
        message: entry.message,
        error_type: type ? (entry.error_type as ErrorType) : ErrorType.GENERIC_BACKEND_ERROR,
        level: level ? (entry.level as ErrorLevel) : 'error',
        ...(isObject(entry.extra) ? { extra: entry.extra as StrataError['extra'] } : {}),
      },
    ];
  });
}

function messageFromJson(body: JsonObject, errors: readonly StrataError[], status: number): string {
  if (errors.length > 0) return errors[0].message;
  const { message } = body;
  if (typeof message === 'string') return isProbablyHtml(message) ? statusText(status) : message;
  // Field validation answers { message: { field: ['first problem', ...] } }: show the first problem.
  if (isObject(message)) {
    const first = Object.values(message)[0];
    const text = Array.isArray(first) ? first[0] : first;
    return typeof text === 'string' && text ? text : ErrorMessages.INVALID_INPUT;
  }
  return stringMember(body, 'error');
}

function messageFromText(text: string, status: number): string {
  const trimmed = text.trim();
  // An HTML error page (from a proxy or a crashed upstream) is unreadable: name the status instead.
  return isProbablyHtml(trimmed) ? statusText(status) : trimmed;
}

function isCsrfFailure(bodyText: string, errors: readonly StrataError[]): boolean {
  if (errors.length > 0) return errors.some((e) => e.error_type === ErrorType.FRONTEND_CSRF_ERROR);
  // Without typed errors (a proxy, an older server) the token check's own words are the only clue;
  // typed errors are trusted alone so an SQL error naming a CSRF table is not taken for one.
  return bodyText.includes('CSRF');
}

function isProbablyHtml(text: string): boolean {
  return /^\s*<(!doctype|html|head|body|title|h1|p|div|center)\b/i.test(text);
}

function stringMember(body: JsonObject | undefined, key: string): string {
  const value = body?.[key];
  return typeof value === 'string' ? value : '';
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
