/**
 * @jest-environment node
 */
// A real node:http server on port 0 plays the Strata server: no fetch mocks, real sockets.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorMessages, ErrorType } from '@strata/domain';
import { ApiError } from './api-error';
import { HttpClient } from './http-client';

let server: Server;
let baseUrl: string;
let csrfFetches = 0;
let currentToken = 'token-1';

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
};

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => resolve(text));
  });

async function route(req: IncomingMessage, res: ServerResponse) {
  const body = await readBody(req);
  switch (req.url) {
    case '/api/v1/security/csrf_token/':
      csrfFetches += 1;
      return json(res, 200, { result: currentToken });
    case '/api/v1/echo/':
      if (req.headers['x-csrftoken'] !== currentToken) {
        return json(res, 400, {
          message: '400 Bad Request: The CSRF token is invalid.',
          errors: [{ message: 'The CSRF token is invalid.', error_type: 'FRONTEND_CSRF_ERROR', level: 'error' }],
        });
      }
      return json(res, 200, { result: JSON.parse(body), contentType: req.headers['content-type'] });
    case '/api/v1/slow/':
      setTimeout(() => json(res, 200, { result: 'late' }), 400);
      return;
    case '/api/v1/database/1/':
      return json(res, 403, {
        message: 'Forbidden',
        errors: [
          {
            message: 'This endpoint requires the database examples, or all_database_access permission',
            error_type: 'DATABASE_SECURITY_ACCESS_ERROR',
            level: 'error',
            extra: { link: 'https://strata.example/request-access' },
          },
        ],
      });
    case '/api/v1/me/':
      return json(res, 401, { message: 'Not authorized' });
    case '/api/v1/proxy/':
      res.writeHead(502, { 'Content-Type': 'text/html' });
      res.end('<html><body><h1>502 Bad Gateway</h1></body></html>');
      return;
    case '/api/v1/empty/':
      res.writeHead(204);
      res.end();
      return;
    default:
      return json(res, 404, { message: 'Not found' });
  }
}

beforeAll(async () => {
  server = createServer((req, res) => void route(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  csrfFetches = 0;
  currentToken = 'token-1';
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (thrown) {
    if (thrown instanceof ApiError) return thrown;
    throw thrown;
  }
  throw new Error('the request was expected to fail');
}

describe('HttpClient', () => {
  it('sends JSON with the CSRF token, fetched once for several mutations', async () => {
    const http = new HttpClient({ baseUrl });
    const [a, b] = await Promise.all([
      http.post<{ result: unknown; contentType: string }>('/api/v1/echo/', { n: 1 }),
      http.post<{ result: unknown }>('/api/v1/echo/', { n: 2 }),
    ]);
    expect(a).toEqual({ result: { n: 1 }, contentType: 'application/json' });
    expect(b.result).toEqual({ n: 2 });
    expect(csrfFetches).toBe(1);
  });

  it('refetches the token after resetCsrfToken (a new session after login)', async () => {
    const http = new HttpClient({ baseUrl });
    await http.post('/api/v1/echo/', {});
    currentToken = 'token-2';
    http.resetCsrfToken();
    await expect(http.post('/api/v1/echo/', { ok: true })).resolves.toEqual({
      result: { ok: true },
      contentType: 'application/json',
    });
    expect(csrfFetches).toBe(2);
  });

  it('shows a CSRF failure as the session-timed-out message and forgets the stale token', async () => {
    const http = new HttpClient({ baseUrl });
    await http.post('/api/v1/echo/', {});
    currentToken = 'rotated-by-the-server';
    const error = await failure(http.post('/api/v1/echo/', {}));
    expect(error.error.status).toBe(400);
    expect(error.message).toBe(ErrorMessages.SESSION_TIMED_OUT);
    expect(error.error.error_type).toBe(ErrorType.FRONTEND_CSRF_ERROR);
    // The next mutation fetches the new token and succeeds.
    await expect(http.post('/api/v1/echo/', {})).resolves.toBeDefined();
    expect(csrfFetches).toBe(2);
  });

  it("turns a slow answer into 'Request timed out' with issues 1000 and 1001", async () => {
    const http = new HttpClient({ baseUrl, timeoutMs: 60 });
    const error = await failure(http.get('/api/v1/slow/'));
    expect(error.message).toBe('Request timed out');
    expect(error.error.error_type).toBe(ErrorType.FRONTEND_TIMEOUT_ERROR);
    const codes = error.error.errors[0]?.extra?.issue_codes?.map((issue) => issue.code);
    expect(codes).toEqual([1000, 1001]);
  });

  it("turns a refused connection into 599 'Network error'", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const http = new HttpClient({ baseUrl: `http://127.0.0.1:${port}` });
    const error = await failure(http.get('/api/v1/me/'));
    expect(error.error.status).toBe(599);
    expect(error.message).toBe('Network error');
    expect(error.error.error_type).toBe(ErrorType.FRONTEND_NETWORK_ERROR);
  });

  it("shows the first of errors[] and its 'Request Access' link", async () => {
    const http = new HttpClient({ baseUrl });
    const error = await failure(http.get('/api/v1/database/1/'));
    expect(error.error.status).toBe(403);
    expect(error.message).toBe('This endpoint requires the database examples, or all_database_access permission');
    expect(error.error.link).toBe('https://strata.example/request-access');
    expect(error.error.error_type).toBe(ErrorType.DATABASE_SECURITY_ACCESS_ERROR);
  });

  it('names the status of an unreadable HTML error page', async () => {
    const http = new HttpClient({ baseUrl });
    const error = await failure(http.get('/api/v1/proxy/'));
    expect(error.error.status).toBe(502);
    expect(error.message).toBe('Bad gateway');
  });

  it('reports an unexpected 401 as an ended session, but not one the caller expects', async () => {
    const http = new HttpClient({ baseUrl });
    const reported: number[] = [];
    const subscription = http.unauthorized$.subscribe((error) => reported.push(error.status));
    await failure(http.get('/api/v1/me/', { expectUnauthorized: true }));
    expect(reported).toEqual([]);
    await failure(http.get('/api/v1/me/'));
    expect(reported).toEqual([401]);
    subscription.unsubscribe();
  });

  it('answers undefined for an empty success', async () => {
    const http = new HttpClient({ baseUrl });
    await expect(http.delete('/api/v1/empty/')).resolves.toBeUndefined();
  });
});
