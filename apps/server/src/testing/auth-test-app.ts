/**
 * A real Nest HTTP server for integration tests of auth and anything behind it: a fresh PostgreSQL
 * database (createTestDatabase), all migrations, the real EventStore, AuthModule and UserLogModule, and
 * main.ts's HTTP shell (configureHttp: body parsers, error filter), listening on a free loopback port.
 * `extraModules` adds the module under test.
 */
import type { DynamicModule, INestApplication, Type } from '@nestjs/common';
import { Test, type TestingModuleBuilder } from '@nestjs/testing';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CqrsModule } from '@nestjs/cqrs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import pino from 'pino';
import { resolveFeatureFlags, type FeatureFlags } from '@strata/domain';
import { AuthModule } from '../auth/auth.module';
import { configureHttp } from '../common/configure-http';
import { AppConfig, DEFAULT_LOGIN_THROTTLE, type LoginThrottleSettings } from '../config/app-config';
import { ConfigModule } from '../config/config.module';
import { EventStoreModule } from '../event-store/event-store.module';
import { migrations } from '../storage/migrations';
import { installUserLogBodyParser, UserLogModule } from '../userlog';
import { createTestDatabase, type TestDatabase } from './test-database';
import type { TrustProxy } from '../config/trust-proxy';

export const TEST_ADMIN = { username: 'admin', password: 'admin-password-for-tests' };

export interface AuthTestApp {
  app: INestApplication;
  /** Base URL without a trailing slash, e.g. http://127.0.0.1:43567 */
  url: string;
  config: AppConfig;
  db: TestDatabase;
  close(): Promise<void>;
}

export interface AuthTestAppOptions {
  /** Defaults: an admin from ADMIN_USERNAME/ADMIN_PASSWORD = TEST_ADMIN, non-embedded. */
  adminUsername?: string;
  adminPassword?: string | null;
  /** Pretend DATABASE_URL was unset (embedded mode) for first-start behaviour. */
  embedded?: boolean;
  strataHome?: string;
  extraModules?: (Type | DynamicModule)[];
  /** FEATURE_FLAGS as configured (over the defaults), e.g. { GLOBAL_ASYNC_QUERIES: true }. */
  featureFlags?: FeatureFlags;
  /** The built client the app serves (default apps/client/dist). */
  clientDist?: string;
  /** LOGIN_* settings over the defaults, e.g. { maxFailuresPerUsername: 3 }. */
  loginThrottle?: Partial<LoginThrottleSettings>;
  /** TRUST_PROXY as configured (default: no proxy trusted). */
  trustProxy?: TrustProxy;
  /** Adjust the testing module (overrideProvider...) before it compiles. */
  customize?: (builder: TestingModuleBuilder) => TestingModuleBuilder;
}

export async function createAuthTestApp(options: AuthTestAppOptions = {}): Promise<AuthTestApp> {
  const db = await createTestDatabase('auth');
  const home = options.strataHome ?? mkdtempSync(join(tmpdir(), 'strata-home-'));
  const config = new AppConfig(
    0,
    options.embedded ? undefined : db.url,
    undefined,
    undefined,
    'integration-test-secret-key-0123456789-abcdefghij',
    home,
    options.adminUsername ?? TEST_ADMIN.username,
    options.adminPassword === null ? undefined : (options.adminPassword ?? TEST_ADMIN.password),
    'test',
    undefined,
    undefined,
    undefined,
    resolveFeatureFlags(options.featureFlags),
    undefined,
    { ...DEFAULT_LOGIN_THROTTLE, ...options.loginThrottle },
    undefined,
    options.trustProxy,
  );
  const cleanUp = async () => {
    await db.drop();
    if (!options.strataHome) rmSync(home, { recursive: true, force: true });
  };
  const builder = Test.createTestingModule({
    imports: [
      ConfigModule.forRoot(config),
      TypeOrmModule.forRoot({
        type: 'postgres',
        url: db.url,
        migrations,
        migrationsRun: true,
        retryAttempts: 0,
        logging: false,
      }),
      CqrsModule.forRoot(),
      EventStoreModule,
      AuthModule,
      UserLogModule,
      ...(options.extraModules ?? []),
    ],
  });
  const moduleRef = await (options.customize ? options.customize(builder) : builder).compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>({ logger: ['error', 'warn'], bodyParser: false });
  // The same HTTP shell as main.ts (body parsers, error filter), so responses are exactly production's.
  installUserLogBodyParser(app);
  configureHttp(app, {
    logger: pino({ level: 'silent' }),
    clientDist: options.clientDist,
    trustProxy: config.trustProxy,
  });
  try {
    await app.listen(0, '127.0.0.1');
  } catch (err) {
    await app.close().catch(() => undefined);
    await cleanUp();
    throw err;
  }
  const url = (await app.getUrl()).replace('[::1]', '127.0.0.1').replace(/\/$/, '');
  return {
    app,
    url,
    config,
    db,
    async close() {
      await app.close();
      await cleanUp();
    },
  };
}

// Test responses are asserted field by field; typing each body would only restate the assertions.
/* eslint-disable @typescript-eslint/no-explicit-any */
export interface HttpResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/**
 * fetch with a one-cookie jar (the session cookie) and JSON by default, like a browser tab talking to
 * the server. `raw` sends a body as is (malformed JSON, beacon text).
 */
export class HttpClient {
  cookie: string | undefined;

  constructor(readonly baseUrl: string) {}

  async request<T = any>(
    method: string,
    path: string,
    options: { json?: unknown; raw?: string; contentType?: string; headers?: Record<string, string> } = {},
  ): Promise<HttpResult<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookie && !('cookie' in headers)) headers.cookie = this.cookie;
    let body: string | undefined;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['content-type'] = 'application/json';
    } else if (options.raw !== undefined) {
      body = options.raw;
      headers['content-type'] = options.contentType ?? 'application/json';
    }
    const res = await fetch(`${this.baseUrl}${path}`, { method, headers, body });
    const setCookie = res.headers.get('set-cookie');
    if (setCookie) {
      const [pair] = setCookie.split(';');
      this.cookie = pair.endsWith('=') ? undefined : pair;
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  get<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, { headers });
  }

  post<T = any>(path: string, json?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, { json, headers });
  }

  put<T = any>(path: string, json?: unknown, headers?: Record<string, string>) {
    return this.request<T>('PUT', path, { json, headers });
  }

  /** Logs in through the browser form endpoint and returns the CSRF token for later writes. */
  async browserLogin(username: string, password: string): Promise<string> {
    const login = await this.post('/login/', { username, password });
    if (login.status !== 200) throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);
    return (await this.get('/api/v1/security/csrf_token/')).body.result as string;
  }
}

/** An API client's bearer token for a user. */
export async function bearerToken(baseUrl: string, username: string, password: string): Promise<string> {
  const res = await new HttpClient(baseUrl).post('/api/v1/security/login', { username, password, provider: 'db' });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.access_token as string;
}
