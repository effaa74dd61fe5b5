/**
 * Every route of the server as `main.ts` wires it, found by reading the controllers' metadata (so a new
 * endpoint is covered without touching this file): an anonymous caller is refused unless the route is
 * public, and malformed input of every kind (bad ids, bad JSON, wrong shapes, bad rison) gets a 4xx in
 * the spec's error shape, never a 500.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryModule, DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { AppModule } from './app.module';
import { IS_PUBLIC } from './auth/guards/decorators';
import { AppConfig } from './config/app-config';
import { RunningHttpApp, startHttpApp } from './testing/http-app';

interface Route {
  method: string;
  path: string;
  isPublic: boolean;
}

const joinPath = (...parts: string[]) =>
  `/${parts
    .map((p) => p.replace(/^\/+|\/+$/g, ''))
    .filter(Boolean)
    .join('/')}`;

/** The routes Nest mapped: each controller's path joined with each handler's. */
function routesOf(server: RunningHttpApp): Route[] {
  const discovery = server.app.get(DiscoveryService);
  const scanner = new MetadataScanner();
  const reflector = server.app.get(Reflector);
  const routes: Route[] = [];
  for (const wrapper of discovery.getControllers()) {
    const { instance, metatype } = wrapper;
    if (!instance || !metatype) continue;
    const base = [Reflect.getMetadata(PATH_METADATA, metatype) ?? ''].flat() as string[];
    const prototype = Object.getPrototypeOf(instance) as Record<string, unknown>;
    for (const name of scanner.getAllMethodNames(prototype)) {
      const handler = prototype[name] as object;
      const path = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
      const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
      if (path === undefined || method === undefined) continue;
      const isPublic = reflector.getAllAndOverride<boolean>(IS_PUBLIC, [handler as never, metatype]) === true;
      for (const b of base)
        for (const p of [path].flat()) routes.push({ method: RequestMethod[method], path: joinPath(b, p), isPublic });
    }
  }
  return routes;
}

/** A route's path with each parameter replaced by `encoded` (already percent-encoded). */
const fillEncoded = (path: string, encoded: string) =>
  path.replace(/:[A-Za-z_]+/g, encoded).replace(/\*[A-Za-z_]*/g, encoded);
const fill = (path: string, value: string) => fillEncoded(path, encodeURIComponent(value));

/** Percent-encoded: NUL, the CESU-8 bytes of a lone surrogate, ids past int4 (PostgreSQL's `integer`). */
const BAD_PARAMS = [
  'abc',
  '-1',
  '99999999999999999999',
  '2147483648',
  "1' OR '1'='1",
  '0',
  'a%00b',
  '%00',
  '%ED%A0%80',
];
const BAD_BODIES = [
  '{"broken": ',
  '[]',
  'null',
  '"text"',
  '{"unexpected": {"deeply": [1, 2, {"x": null}]}}',
  JSON.stringify({ id: 'x', name: 5, sql: [], q: {} }),
  JSON.stringify({
    username: 'admin\u0000',
    password: 'x',
    name: 'a\u0000b',
    sql: 'SELECT 1\u0000',
    slice_name: '\u0000',
  }),
  '{"username": "\\ud800", "name": "x\\udfff", "sql": "SELECT \'\\ud800\'", "slice_name": "\\ud800"}',
  '{"id": 2147483648, "database_id": 2147483648, "datasource_id": 2147483648, "owners": [2147483648], "dashboards": [99999999999999999999]}',
];
const BAD_QUERIES = [
  'q=(((',
  'q=!',
  "q=(filters:!((col:'x',opr:'nope',value:1)))",
  'q=%E0%A4%A',
  'page=-1&page_size=abc',
  'q=%00',
  "q=(key:'a%00b',rows:2147483648)",
  'q=(filters:!((col:database_id,opr:eq,value:2147483648)))',
  'q=(filters:!((col:user_id,opr:eq,value:99999999999999999999)))',
  ...[
    'id',
    'owners',
    'datasource_id',
    'created_by',
    'changed_by',
    'dashboards',
    'database',
    'db_id',
    'slices',
    'roles',
  ].flatMap((col) =>
    ['eq', 'rel_m_m', 'rel_o_m', 'in'].map(
      (opr) => `q=(filters:!((col:${col},opr:${opr},value:2147483648)),order_column:${col})`,
    ),
  ),
  'q=(filters:!((col:id,opr:in,value:!(1,2147483648,1.5))))',
  'name=%00&form_data=%7B%22slice_id%22%3A2147483648%7D',
  'form_data=%7B%22x%22%3A%22%5Cud800%22%7D',
];

/** Bodies that are valid but for one id past int4: each must be refused at the edge, not by PostgreSQL. */
const BIG_ID_BODIES: [string, string, Record<string, unknown>][] = [
  ['POST', '/api/v1/sqllab/execute/', { database_id: 2147483648, sql: 'SELECT 1', client_id: 'abcdefghijk' }],
  ['POST', '/api/v1/sqllab/estimate/', { database_id: 2147483648, sql: 'SELECT 1' }],
  ['POST', '/api/v1/sqllab/format_sql/', { database_id: 2147483648, sql: 'SELECT 1' }],
  [
    'POST',
    '/api/v1/chart/',
    { slice_name: 'x', viz_type: 'table', datasource_id: 2147483648, datasource_type: 'table' },
  ],
  [
    'POST',
    '/api/v1/chart/data',
    { datasource: { id: 2147483648, type: 'table' }, queries: [{ columns: [], metrics: [] }] },
  ],
  ['POST', '/api/v1/dataset/', { database: 2147483648, table_name: 'x' }],
  ['POST', '/api/v1/saved_query/', { db_id: 2147483648, label: 'x', sql: 'SELECT 1' }],
];

describe('every route of the server (AppModule, embedded mode)', () => {
  let home: string;
  let server: RunningHttpApp;
  let token: string;
  let routes: Route[];

  beforeAll(async () => {
    home = mkdtempSync(join(tmpdir(), 'strata-routes-'));
    const config = new AppConfig(
      0,
      undefined,
      undefined,
      undefined,
      'b'.repeat(48),
      home,
      undefined,
      undefined,
      'development',
    );
    server = await startHttpApp(
      { imports: [AppModule, DiscoveryModule] },
      { customize: (b) => b.overrideProvider(AppConfig).useValue(config) },
    );
    const password = readFileSync(join(home, 'admin-password'), 'utf8').trim();
    const login = await fetch(`${server.url}/api/v1/security/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password }),
    });
    token = ((await login.json()) as { access_token: string }).access_token;
    routes = routesOf(server);
  }, 180_000);

  afterAll(async () => {
    await server?.close();
    rmSync(home, { recursive: true, force: true });
  });

  const send = (method: string, path: string, init: { body?: string; auth?: boolean } = {}) =>
    fetch(`${server.url}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        ...(init.auth === false ? {} : { authorization: `Bearer ${token}` }),
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(init.body !== undefined ? { body: init.body } : {}),
    });

  /** Collects what broke the rule, so one run names every offending route at once. */
  async function expectNoServerError(label: string, response: Response, failures: string[]) {
    const text = await response.text();
    if (response.status >= 500) failures.push(`${label} -> ${response.status} ${text.slice(0, 200)}`);
    else if (response.status >= 400 && (response.headers.get('content-type') ?? '').includes('json')) {
      const body = JSON.parse(text) as { errors?: { message?: unknown; error_type?: unknown }[] };
      if (!Array.isArray(body.errors) || typeof body.errors[0]?.error_type !== 'string')
        failures.push(`${label} -> ${response.status} without the error shape: ${text.slice(0, 200)}`);
    }
  }

  it('finds the routes of every feature', () => {
    const paths = routes.map((r) => `${r.method} ${r.path}`);
    for (const expected of [
      'POST /api/v1/security/login',
      'GET /api/v1/dashboard/:idOrSlug',
      'POST /api/v1/chart/data',
      'POST /api/v1/sqllab/execute',
      'PUT /api/v1/dashboard/:id/colors',
    ]) {
      expect(paths.map((p) => p.replace(/\/$/, ''))).toContain(expected);
    }
    expect(routes.length).toBeGreaterThan(60);
  });

  it('refuses an anonymous caller on every route that is not public', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => !r.isPublic)) {
      const response = await send(route.method, fill(route.path, '1'), {
        auth: false,
        ...(route.method === 'GET' ? {} : { body: '{}' }),
      });
      // A route that serves the client app to the browser redirects to the login page instead.
      if (response.status !== 401 && response.status !== 403 && !(response.status >= 300 && response.status < 400)) {
        failures.push(`${route.method} ${route.path} -> ${response.status}`);
      }
      await response.arrayBuffer();
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('answers malformed ids, bodies and query strings with 4xx in the error shape, never 500', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      for (const param of BAD_PARAMS) {
        const path = fillEncoded(route.path, param);
        await expectNoServerError(
          `${route.method} ${path}`,
          await send(route.method, path, route.method === 'GET' || route.method === 'DELETE' ? {} : { body: '{}' }),
          failures,
        );
      }
      const path = fill(route.path, '1');
      if (route.method !== 'GET' && route.method !== 'DELETE') {
        for (const body of BAD_BODIES)
          await expectNoServerError(
            `${route.method} ${path} body ${body}`,
            await send(route.method, path, { body }),
            failures,
          );
      }
      for (const query of BAD_QUERIES) {
        const target = `${path}${path.includes('?') ? '&' : '?'}${query}`;
        await expectNoServerError(
          `${route.method} ${target}`,
          await send(route.method, target, route.method === 'GET' || route.method === 'DELETE' ? {} : { body: '{}' }),
          failures,
        );
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it('refuses an id past int4 in a body that is otherwise valid with 4xx in the error shape', async () => {
    const failures: string[] = [];
    for (const [method, path, body] of BIG_ID_BODIES) {
      const response = await send(method, path, { body: JSON.stringify(body) });
      if (response.status < 400) failures.push(`${method} ${path} -> ${response.status}`);
      await expectNoServerError(`${method} ${path} ${JSON.stringify(body)}`, response, failures);
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
