import { ErrorType } from '../error-types';
import { networkError, parseErrorResponse, savingErrorText, timeoutError } from './client-error';
import { ErrorMessages, issueCodeText } from './messages';

const json = (status: number, body: unknown) => ({
  status,
  bodyText: JSON.stringify(body),
  contentType: 'application/json; charset=utf-8',
});

describe('reading an error response (sqllab-and-platform §8 Error responses)', () => {
  it('sqllab-and-platform §8: the first message of errors[] becomes the shown error', () => {
    const error = parseErrorResponse(
      json(422, {
        message: 'outer message',
        errors: [
          { message: 'Table "x" does not exist', error_type: 'TABLE_DOES_NOT_EXIST_ERROR', level: 'error' },
          { message: 'second', error_type: 'GENERIC_DB_ENGINE_ERROR', level: 'error' },
        ],
      }),
    );
    expect(error.message).toBe('Table "x" does not exist');
    expect(error.error_type).toBe(ErrorType.TABLE_DOES_NOT_EXIST_ERROR);
    expect(error.errors).toHaveLength(2);
    expect(error.status).toBe(422);
  });

  it("sqllab-and-platform §8: a link in the first error's extra gives a 'Request Access' link", () => {
    const error = parseErrorResponse(
      json(403, {
        errors: [
          {
            message: 'This endpoint requires the datasource flights, database or `all_datasource_access` permission',
            error_type: 'DATASOURCE_SECURITY_ACCESS_ERROR',
            level: 'warning',
            extra: { link: 'https://intranet.example/access' },
          },
        ],
      }),
    );
    expect(error.link).toBe('https://intranet.example/access');
    expect(error.errors[0].level).toBe('warning');
    expect(ErrorMessages.REQUEST_ACCESS).toBe('Request Access');
  });

  it('sqllab-and-platform §8: without errors[] a message string is shown', () => {
    const error = parseErrorResponse(json(404, { message: 'Not found' }));
    expect(error).toEqual({
      message: 'Not found',
      status: 404,
      statusText: 'Not found',
      errors: [],
      error_type: ErrorType.GENERIC_BACKEND_ERROR,
    });
  });

  it('sqllab-and-platform §8: a message object of field errors shows the first field error', () => {
    const error = parseErrorResponse(json(400, { message: { label: ['Field may not be null.'], sql: ['x'] } }));
    expect(error.message).toBe('Field may not be null.');
  });

  it("sqllab-and-platform §8: a message object without readable field errors shows 'Invalid input'", () => {
    expect(parseErrorResponse(json(400, { message: { label: [] } })).message).toBe('Invalid input');
  });

  it('sqllab-and-platform §8: an unreadable error response falls back to its text', () => {
    const error = parseErrorResponse({ status: 502, bodyText: 'upstream connect error', contentType: 'text/plain' });
    expect(error.message).toBe('upstream connect error');
    expect(error.statusText).toBe('Bad gateway');
  });

  it('sqllab-and-platform §8: a JSON content type with a broken body falls back to its text', () => {
    const error = parseErrorResponse({ status: 500, bodyText: '{"message": ', contentType: 'application/json' });
    expect(error.message).toBe('{"message":');
  });

  it('sqllab-and-platform §8: an HTML error page shows the status text, or Unknown error for an unlisted status', () => {
    const page = '<!DOCTYPE html><html><body><h1>504 Gateway Time-out</h1></body></html>';
    expect(parseErrorResponse({ status: 504, bodyText: page, contentType: 'text/html' }).message).toBe(
      'Gateway timeout',
    );
    expect(parseErrorResponse({ status: 520, bodyText: page, contentType: 'text/html' }).message).toBe('Unknown error');
  });

  it("sqllab-and-platform §8: an empty body shows the status text, or 'An error occurred'", () => {
    expect(parseErrorResponse({ status: 503, bodyText: '' }).message).toBe('Service unavailable');
    expect(parseErrorResponse({ status: 520, bodyText: '' }).message).toBe('An error occurred');
  });

  it("sqllab-and-platform §8: 'Unexpected error: ' plus the description when the response carries a stack", () => {
    const error = parseErrorResponse(json(500, { description: 'division by zero', stack: 'Traceback ...' }));
    expect(error.message).toBe('Unexpected error: division by zero');
    expect(error.stack).toBe('Traceback ...');
  });

  it("sqllab-and-platform §8: 'Unexpected error: (no description, click to see stack trace)' without a description", () => {
    const error = parseErrorResponse(json(500, { stack: 'at handler (server.ts:10)' }));
    expect(error.message).toBe('Unexpected error: (no description, click to see stack trace)');
  });

  it('sqllab-and-platform §8: CSRF failures show the session-timed-out message', () => {
    const error = parseErrorResponse({ status: 400, bodyText: 'The CSRF token is missing.', contentType: 'text/html' });
    expect(error.message).toBe('Your session timed out, please refresh your page and try again.');
    expect(error.error_type).toBe(ErrorType.FRONTEND_CSRF_ERROR);
  });

  it('sqllab-and-platform §8: a typed CSRF error in errors[] shows the session-timed-out message', () => {
    const error = parseErrorResponse(
      json(400, {
        message: 'x',
        errors: [{ message: 'bad token', error_type: 'FRONTEND_CSRF_ERROR', level: 'error' }],
      }),
    );
    expect(error.message).toBe(ErrorMessages.SESSION_TIMED_OUT);
  });

  it('a typed error that merely mentions CSRF in its text is shown as it is', () => {
    const error = parseErrorResponse(
      json(400, { errors: [{ message: 'relation "CSRF_audit" does not exist', error_type: 'SYNTAX_ERROR' }] }),
    );
    expect(error.message).toBe('relation "CSRF_audit" does not exist');
    expect(error.errors[0].level).toBe('error');
  });

  it('an unknown error_type is kept readable as a generic backend error', () => {
    const error = parseErrorResponse(json(500, { errors: [{ message: 'boom', error_type: 'SOMETHING_NEW' }] }));
    expect(error.error_type).toBe(ErrorType.GENERIC_BACKEND_ERROR);
    expect(error.message).toBe('boom');
  });
});

describe('errors the client makes itself', () => {
  it("sqllab-and-platform §8: a timeout says 'Request timed out' with issues 1000 and 1001", () => {
    const error = timeoutError(60_000);
    expect(error.message).toBe('Request timed out');
    expect(error.error_type).toBe(ErrorType.FRONTEND_TIMEOUT_ERROR);
    const issues = error.errors[0].extra?.issue_codes ?? [];
    expect(issues.map(issueCodeText)).toEqual([
      'Issue 1000 - The dataset is too large to query.',
      'Issue 1001 - The database is under an unusual load.',
    ]);
    expect(error.errors[0].extra?.timeout).toBe(60);
  });

  it("sqllab-and-platform §8: a fetch failure is a 'Network error' with status 599", () => {
    expect(networkError()).toMatchObject({
      message: 'Network error',
      status: 599,
      statusText: 'Network error',
      error_type: ErrorType.FRONTEND_NETWORK_ERROR,
    });
  });

  it("sqllab-and-platform §8: 'Sorry, there was an error saving this %s: %s', else 'Sorry, an unknown error occurred.'", () => {
    expect(savingErrorText('dashboard', { message: 'Forbidden' })).toBe(
      'Sorry, there was an error saving this dashboard: Forbidden',
    );
    expect(savingErrorText('chart', undefined)).toBe('Sorry, an unknown error occurred.');
  });
});
