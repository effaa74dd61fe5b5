import { Body, Controller, ForbiddenException, Get, Module, Param, Post } from '@nestjs/common';
import { ErrorType, type ErrorResponseBody } from '@strata/domain';
import { DomainError } from '@strata/events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { VersionConflictError } from '../event-store/event-store.port';
import { RunningHttpApp, startHttpApp } from '../testing/http-app';
import { StrataHttpException } from './error-body';
import { ZodBody, ZodQuery } from './zod-validation.pipe';

const NewChart = z.object({
  slice_name: z.string().min(1),
  viz_type: z.string(),
  params: z.record(z.string(), z.unknown()).optional(),
});

@Controller('api/v1/test')
class ProbeController {
  @Post('charts')
  create(@ZodBody(NewChart) body: z.infer<typeof NewChart>) {
    return { result: body };
  }

  @Get('page')
  page(@ZodQuery(z.object({ page: z.coerce.number().int().min(0) })) query: { page: number }) {
    return { page: query.page };
  }

  @Post('raw')
  raw(@Body() body: unknown) {
    return { received: body };
  }

  @Post('rule')
  rule() {
    throw new DomainError('dashboard_locked', 'This dashboard is being edited by someone else.');
  }

  @Post('missing')
  missing() {
    throw new DomainError('chart_not_found', 'Chart not found.');
  }

  @Post('conflict')
  conflict() {
    throw new VersionConflictError('dashboard:1', 3, 4);
  }

  @Get('forbidden')
  forbidden() {
    throw new ForbiddenException('You may not.');
  }

  @Get('typed')
  typed() {
    throw new StrataHttpException(403, ErrorType.DASHBOARD_SECURITY_ACCESS_ERROR, 'No access to this dashboard', {
      link: '/request-access',
    });
  }

  @Get('bug')
  bug() {
    throw new TypeError("Cannot read properties of undefined (reading 'x')");
  }

  @Get('database-error')
  databaseError() {
    // What node-postgres throws for a NUL that reached a text column.
    throw Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
      code: '22021',
      severity: 'ERROR',
      table: 'ab_user',
    });
  }

  @Get('item/:name')
  item(@Param('name') name: string) {
    return { name };
  }

  @Get('form')
  form(
    @ZodQuery(z.object({ form_data: z.string().transform((s) => JSON.parse(s) as unknown) }))
    query: {
      form_data: unknown;
    },
  ) {
    return query;
  }
}

@Module({ controllers: [ProbeController] })
class ProbeModule {}

describe('HTTP errors in the spec shape', () => {
  let server: RunningHttpApp;
  let clientDist: string;

  beforeAll(async () => {
    clientDist = mkdtempSync(join(tmpdir(), 'strata-client-'));
    mkdirSync(join(clientDist, 'assets'));
    writeFileSync(join(clientDist, 'index.html'), '<!doctype html><title>Strata app</title><div id="root"></div>');
    writeFileSync(join(clientDist, 'assets', 'app-1a2b.js'), 'console.log("app")');
    server = await startHttpApp({ imports: [ProbeModule] }, { clientDist });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(clientDist, { recursive: true, force: true });
  });

  const post = (path: string, body: string | Buffer, contentType = 'application/json') =>
    fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': contentType }, body });

  async function expectError(response: Response, status: number, errorType: string): Promise<ErrorResponseBody> {
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    const body = (await response.json()) as ErrorResponseBody;
    expect(typeof body.message).toBe('string');
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0]).toMatchObject({
      error_type: errorType,
      message: expect.any(String),
      level: expect.any(String),
    });
    return body;
  }

  it('accepts a valid body and hands the handler the parsed value', async () => {
    const response = await post('/api/v1/test/charts', JSON.stringify({ slice_name: 'Delays', viz_type: 'line' }));
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ result: { slice_name: 'Delays', viz_type: 'line' } });
  });

  it('malformed JSON -> 400 INVALID_PAYLOAD_FORMAT_ERROR', async () => {
    const body = await expectError(
      await post('/api/v1/test/charts', '{"slice_name": "x",'),
      400,
      'INVALID_PAYLOAD_FORMAT_ERROR',
    );
    expect(body.message).toMatch(/not valid JSON/);
  });

  it('missing fields -> 400 INVALID_PAYLOAD_SCHEMA_ERROR naming each field', async () => {
    const body = await expectError(
      await post('/api/v1/test/charts', JSON.stringify({ params: {} })),
      400,
      'INVALID_PAYLOAD_SCHEMA_ERROR',
    );
    expect(body.message).toMatch(/body\.slice_name/);
    expect(body.message).toMatch(/body\.viz_type/);
    expect(body.errors[0].extra?.issues).toHaveLength(2);
  });

  it('fields of the wrong type -> 400 INVALID_PAYLOAD_SCHEMA_ERROR', async () => {
    await expectError(
      await post('/api/v1/test/charts', JSON.stringify({ slice_name: 7, viz_type: ['x'] })),
      400,
      'INVALID_PAYLOAD_SCHEMA_ERROR',
    );
  });

  it('a bad query parameter -> 400 INVALID_PAYLOAD_SCHEMA_ERROR', async () => {
    const body = await expectError(
      await fetch(`${server.url}/api/v1/test/page?page=minus-one`),
      400,
      'INVALID_PAYLOAD_SCHEMA_ERROR',
    );
    expect(body.message).toMatch(/query\.page/);
    expect(await (await fetch(`${server.url}/api/v1/test/page?page=2`)).json()).toEqual({ page: 2 });
  });

  it('a body over 5 MB -> 413 in the same shape', async () => {
    const big = JSON.stringify({ slice_name: 'x'.repeat(5 * 1024 * 1024 + 10), viz_type: 'line' });
    const body = await expectError(await post('/api/v1/test/charts', big), 413, 'INVALID_PAYLOAD_FORMAT_ERROR');
    expect(body.message).toMatch(/5 MB/);
  });

  it('an unknown route -> 404 in the shape, for any method', async () => {
    const get = await expectError(await fetch(`${server.url}/api/v1/nothing/here`), 404, 'OBJECT_DOES_NOT_EXIST_ERROR');
    expect(get.errors[0].message).toBe('There is no GET /api/v1/nothing/here.');
    await expectError(await post('/api/v1/nothing', '{}'), 404, 'OBJECT_DOES_NOT_EXIST_ERROR');
    await expectError(await fetch(`${server.url}/strata/unknown`), 404, 'OBJECT_DOES_NOT_EXIST_ERROR');
  });

  it('DomainError -> 422 GENERIC_COMMAND_ERROR with its code; *_not_found -> 404', async () => {
    const body = await expectError(await post('/api/v1/test/rule', '{}'), 422, 'GENERIC_COMMAND_ERROR');
    expect(body.message).toBe('This dashboard is being edited by someone else.');
    expect(body.errors[0].extra).toEqual({ code: 'dashboard_locked' });
    await expectError(await post('/api/v1/test/missing', '{}'), 404, 'OBJECT_DOES_NOT_EXIST_ERROR');
  });

  it('VersionConflictError -> 409', async () => {
    const body = await expectError(await post('/api/v1/test/conflict', '{}'), 409, 'GENERIC_COMMAND_ERROR');
    expect(body.errors[0].extra).toEqual({ stream: 'dashboard:1', expected_version: 3, actual_version: 4 });
  });

  it("Nest's HttpException keeps its status; an error-shaped body passes through untouched", async () => {
    const forbidden = await expectError(
      await fetch(`${server.url}/api/v1/test/forbidden`),
      403,
      'GENERIC_COMMAND_ERROR',
    );
    expect(forbidden.message).toBe('You may not.');
    const typed = await expectError(
      await fetch(`${server.url}/api/v1/test/typed`),
      403,
      'DASHBOARD_SECURITY_ACCESS_ERROR',
    );
    expect(typed.errors[0].extra).toEqual({ link: '/request-access' });
  });

  it('a bug in a handler -> 500 GENERIC_BACKEND_ERROR, still in the shape', async () => {
    const body = await expectError(await fetch(`${server.url}/api/v1/test/bug`), 500, 'GENERIC_BACKEND_ERROR');
    expect(body.errors[0].level).toBe('error');
  });

  it('a driver error -> 500 with a generic message: no database text reaches the client', async () => {
    const response = await fetch(`${server.url}/api/v1/test/database-error`);
    const text = await response.clone().text();
    const body = await expectError(response, 500, 'GENERIC_BACKEND_ERROR');
    expect(body.message).toBe('An unexpected error occurred. It has been logged.');
    expect(text).not.toMatch(/byte sequence|UTF8|22021|ab_user/);
  });

  describe('text that cannot be stored (NUL, a lone surrogate) is a 400 in the shape, wherever it is', () => {
    it.each([
      ['a NUL in a body string', JSON.stringify({ slice_name: 'a\u0000b', viz_type: 'line' })],
      ['a lone high surrogate in a body string', '{"slice_name": "x\\ud800", "viz_type": "line"}'],
      [
        'a lone low surrogate deep in the body',
        '{"slice_name": "x", "viz_type": "line", "params": {"a": [{"b": "\\udc00"}]}}',
      ],
      ['a NUL in a key', '{"slice_name": "x", "viz_type": "line", "params": {"a\\u0000": 1}}'],
    ])('%s', async (_name, payload) => {
      const body = await expectError(await post('/api/v1/test/raw', payload), 400, 'INVALID_PAYLOAD_FORMAT_ERROR');
      expect(body.message).toMatch(/NUL character or an unpaired UTF-16 surrogate/);
      await expectError(await post('/api/v1/test/charts', payload), 400, 'INVALID_PAYLOAD_FORMAT_ERROR');
    });

    it('a paired surrogate (an emoji) is fine', async () => {
      const response = await post('/api/v1/test/raw', '{"a": "\\ud83d\\ude00"}');
      expect(response.status).toBe(201);
      expect(await response.json()).toEqual({ received: { a: '\u{1F600}' } });
    });

    it('in the query string, a route parameter, or JSON decoded from the query', async () => {
      await expectError(
        await fetch(`${server.url}/api/v1/test/page?page=2&name=a%00b`),
        400,
        'INVALID_PAYLOAD_FORMAT_ERROR',
      );
      await expectError(await fetch(`${server.url}/api/v1/test/item/a%00b`), 400, 'INVALID_PAYLOAD_FORMAT_ERROR');
      await expectError(await fetch(`${server.url}/api/v1/test/item/a%ED%A0%80b`), 400, 'INVALID_PAYLOAD_FORMAT_ERROR');
      await expectError(
        await fetch(`${server.url}/api/v1/test/form?form_data=${encodeURIComponent('{"x":"\\ud800"}')}`),
        400,
        'INVALID_PAYLOAD_FORMAT_ERROR',
      );
      expect(await (await fetch(`${server.url}/api/v1/test/item/caf%C3%A9`)).json()).toEqual({ name: 'café' });
    });
  });

  it.each([
    ['an empty JSON body', '', 'application/json'],
    ['a JSON array', '[1,2]', 'application/json'],
    ['a JSON string', '"chart"', 'application/json'],
    ['null', 'null', 'application/json'],
    ['deep garbage', '{"slice_name": {"$gt": ""}, "viz_type": null, "params": []}', 'application/json'],
    ['form data', 'slice_name=x&viz_type=y&params=1', 'application/x-www-form-urlencoded'],
    ['plain text', 'hello', 'text/plain'],
    ['an unknown content type', '\u0000\u0001', 'application/octet-stream'],
    ['a bad charset', '{}', 'application/json; charset=klingon'],
  ])('bad input is a 4xx, never a 500: %s', async (_name, payload, contentType) => {
    const response = await post('/api/v1/test/charts', payload, contentType);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    const body = (await response.json()) as ErrorResponseBody;
    expect(body.errors[0].error_type).toMatch(/^INVALID_PAYLOAD_(FORMAT|SCHEMA)_ERROR$/);
  });

  it('a malformed percent-encoding in the URL is a 400', async () => {
    const response = await fetch(`${server.url}/api/v1/test/page?page=%E0%A4%A`);
    expect(response.status).toBe(400);
  });

  describe('the client app', () => {
    it('every response carries the security headers: CSP, framing by this origin only, nosniff, referrer policy', async () => {
      const responses = [
        await fetch(`${server.url}/sqllab/`, { headers: { accept: 'text/html' } }),
        await fetch(`${server.url}/assets/app-1a2b.js`),
        await fetch(`${server.url}/api/v1/test/page?page=2`),
        await fetch(`${server.url}/api/v1/test/bug`),
        await fetch(`${server.url}/api/v1/test/item/a%00b`),
      ];
      for (const response of responses) {
        const csp = response.headers.get('content-security-policy') ?? '';
        expect(csp).toContain("default-src 'self'");
        expect(csp).toContain("script-src 'self';");
        expect(csp).toContain("frame-ancestors 'self'");
        expect(csp).toContain("object-src 'none'");
        expect(csp).not.toContain('upgrade-insecure-requests');
        expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
        expect(response.headers.get('x-content-type-options')).toBe('nosniff');
        expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
        expect(response.headers.get('strict-transport-security')).toBeNull();
      }
      // The page's socket may connect to the host it was loaded from, by ws: or wss:.
      const host = new URL(server.url).host;
      expect(responses[0]!.headers.get('content-security-policy')).toContain(
        `connect-src 'self' ws://${host} wss://${host};`,
      );
    });

    it('serves index.html for the app routes (SPA fallback), including GET /login/', async () => {
      for (const path of ['/', '/sqllab/', '/login/', '/dashboard/12/?native_filters=x', '/superset/welcome/']) {
        const response = await fetch(`${server.url}${path}`, { headers: { accept: 'text/html' } });
        expect([path, response.status]).toEqual([path, 200]);
        expect(await response.text()).toContain('<title>Strata app</title>');
      }
    });

    it('serves built files, fingerprinted assets cached for good', async () => {
      const response = await fetch(`${server.url}/assets/app-1a2b.js`);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('console.log("app")');
      expect(response.headers.get('cache-control')).toMatch(/immutable/);
    });

    it('answers a missing file, the API and non-GET methods with a 404, not the app', async () => {
      await expectError(await fetch(`${server.url}/assets/missing.js`), 404, 'OBJECT_DOES_NOT_EXIST_ERROR');
      await expectError(await fetch(`${server.url}/api/v1/unknown/`), 404, 'OBJECT_DOES_NOT_EXIST_ERROR');
      await expectError(await fetch(`${server.url}/socket.io/nothing`), 404, 'OBJECT_DOES_NOT_EXIST_ERROR');
      await expectError(await post('/sqllab/', '{}'), 404, 'OBJECT_DOES_NOT_EXIST_ERROR');
    });
  });
});

describe('without a client build', () => {
  it('says so on the page, with how to build it', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'strata-noclient-'));
    const server = await startHttpApp({ imports: [ProbeModule] }, { clientDist: join(empty, 'dist') });
    try {
      const response = await fetch(`${server.url}/sqllab/`);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toMatch(/client is not built/);
      expect(html).toContain('npm run build -w client');
    } finally {
      await server.close();
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
