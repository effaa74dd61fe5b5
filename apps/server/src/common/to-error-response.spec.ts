import { QueryFailedError } from 'typeorm';
import { toErrorResponse } from './to-error-response';

const options = { bodyLimit: '1mb' };

describe('toErrorResponse: a database that is down', () => {
  it('a refused or dropped connection is a 503 to retry, in the error shape, not a 500', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const dropped = new Error('Connection terminated unexpectedly');
    const shutdown = new QueryFailedError(
      'SELECT 1',
      [],
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    );
    for (const error of [refused, dropped, shutdown]) {
      const { status, body } = toErrorResponse(error, options);
      expect(status).toBe(503);
      expect(body.errors[0]).toMatchObject({
        error_type: 'GENERIC_BACKEND_ERROR',
        message: 'The database is not available right now. Please try again in a moment.',
      });
    }
  });

  it('any other failure stays a 500 that says nothing of the internals', () => {
    const { status, body } = toErrorResponse(
      new QueryFailedError('SELECT x', [], Object.assign(new Error('column "x" does not exist'), { code: '42703' })),
      options,
    );
    expect(status).toBe(500);
    expect(body.message).toBe('An unexpected error occurred. It has been logged.');
  });
});
