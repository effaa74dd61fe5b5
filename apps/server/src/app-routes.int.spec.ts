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

const joinPath = (...parts: string[]) => `/${parts.map((p) => p.replace(/^\/+|\/+$/g, '')).filter(Boolean).join('/')}`;

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
      for (const b of base) for (const p of [path].flat()) routes.push({ method: RequestMethod[method], path: joinPath(b, p), isPublic });
    }
  }
  return routes;
}

/** A route's path with each parameter replaced by `value`. */
const fill = (path: string, value: string) => path.replace(/:[A-Za-z_]+/g, encodeURIComponent(value)).replace(/\*[A-Za-z_]*/g, encodeURIComponent(value));

const BAD_PARAMS = ['abc', '-1', '99999999999999999999', "1' OR '1'='1", '0'];
const BAD_BODIES = ['{"broken": ', '[]', 'null', '"text"', '{"unexpected": {"deeply": [1, 2, {"x": null}]}}', JSON.stringify({ id: 'x', name: 5, sql: [], q: {} })];
const BAD_QUERIES = ['q=(((', 'q=!', "q=(filters:!((col:'x',opr:'nope',value:1)))", 'q=%E0%A4%A', 'page=-1&page_size=abc'];

describe('every route of the server (AppModule, embedded mode)', () => {
  let home: string;
  let server: RunningHttpApp;
  let token: string;
  let routes: Route[];

  beforeAll(async () => {
    home = mkdtempSync(join(tmpdir(), 'strata-routes-'));
    const config = new AppConfig(0, undefined, undefined, undefined, 'b'.repeat(48), home, undefined, undefined, 'development');
    server = await startHttpApp({ imports: [AppModule, DiscoveryModule] }, { customize: (b) => b.overrideProvider(AppConfig).useValue(config) });
    const password = readFileSync(join(home, 'admin-password'), 'utf8').trim();
    const login = await fetch(`${server.url}/api/v1/security/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password }) });
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
      headers: { ...(init.auth === false ? {} : { authorization: `Bearer ${token}` }), ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(init.body !== undefined ? { body: init.body } : {}),
    });

  /** Collects what broke the rule, so one run names every offending route at once. */
  async function expectNoServerError(label: string, response: Response, failures: string[]) {
    const text = await response.text();
    if (response.status >= 500) failures.push(`${label} -> ${response.status} ${text.slice(0, 200)}`);
    else if (response.status >= 400 && (response.headers.get('content-type') ?? '').includes('json')) {
      const body = JSON.parse(text) as { errors?: { message?: unknown; error_type?: unknown }[] };
      if (!Array.isArray(body.errors) || typeof body.errors[0]?.error_type !== 'string') failures.push(`${label} -> ${response.status} without the error shape: ${text.slice(0, 200)}`);
    }
  }

  it('finds the routes of every feature', () => {
    const paths = routes.map((r) => `${r.method} ${r.path}`);
    for (const expected of ['POST /api/v1/security/login', 'GET /api/v1/dashboard/:idOrSlug', 'POST /api/v1/chart/data', 'POST /api/v1/sqllab/execute', 'PUT /api/v1/dashboard/:id/colors']) {
      expect(paths.map((p) => p.replace(/\/$/, ''))).toContain(expected);
    }
    expect(routes.length).toBeGreaterThan(60);
  });

  it('refuses an anonymous caller on every route that is not public', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => !r.isPublic)) {
      const response = await send(route.method, fill(route.path, '1'), { auth: false, ...(route.method === 'GET' ? {} : { body: '{}' }) });
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
        const path = fill(route.path, param);
        await expectNoServerError(`${route.method} ${path}`, await send(route.method, path, route.method === 'GET' || route.method === 'DELETE' ? {} : { body: '{}' }), failures);
      }
      const path = fill(route.path, '1');
      if (route.method !== 'GET' && route.method !== 'DELETE') {
        for (const body of BAD_BODIES) await expectNoServerError(`${route.method} ${path} body ${body}`, await send(route.method, path, { body }), failures);
      }
      for (const query of BAD_QUERIES) {
        const target = `${path}${path.includes('?') ? '&' : '?'}${query}`;
        await expectNoServerError(`${route.method} ${target}`, await send(route.method, target, route.method === 'GET' || route.method === 'DELETE' ? {} : { body: '{}' }), failures);
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
