/**
 * A real server for SQL Lab integration tests: the auth test app plus jobs, async events, execute,
 * queries and results (and the socket gateway when asked), and a fresh PostgreSQL database to query
 * (`target`), seeded with `t1200` (1,200 rows), `big` (20,000 rows) and `victims` (3 rows, for DML
 * checks). Databases are created through DatabasesService, as the databases API does.
 */
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { AsyncEventsModule } from '../../../async-events/async-events.module';
import { UsersService } from '../../../auth/users/users.service';
import { DatabasesService } from '../../../databases/databases.service';
import { parseConnectionUri } from '../../../engines/connection-uri';
import { JobsModule } from '../../../jobs/jobs.module';
import { RealtimeModule } from '../../../realtime/realtime.module';
import {
  bearerToken,
  createAuthTestApp,
  HttpClient,
  TEST_ADMIN,
  type AuthTestApp,
  type AuthTestAppOptions,
} from '../../../testing/auth-test-app';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database';
import { ExecuteModule } from '../execute.module';

export interface DatabaseFlags {
  allow_dml?: boolean;
  allow_ctas?: boolean;
  allow_cvas?: boolean;
  allow_run_async?: boolean;
  expose_in_sqllab?: boolean;
  /** Another database than the seeded target (e.g. an embedded PGlite). */
  uri?: string;
  force_ctas_schema?: string | null;
  cache_timeout?: number | null;
}

export interface SqlLabTestApp {
  t: AuthTestApp;
  target: TestDatabase;
  /** A client sending the admin's bearer token. */
  admin: HttpClient & { token: string };
  addDatabase(name: string, flags?: DatabaseFlags): Promise<number>;
  /** Runs SQL on the target database (outside Strata), e.g. to check what a query changed. */
  targetQuery<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  metaQuery<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  userClient(username: string, roles: string[]): Promise<HttpClient & { token: string; id: number }>;
  /** Runs `work` with SQLLAB_TIMEOUT set to `timeoutSec`, then puts the configured value back. */
  withTimeout<T>(timeoutSec: number, work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export const clientId = () => randomBytes(8).toString('base64url').slice(0, 11);

/** Polls `probe` (a condition, never a duration) until it holds; a minute at the most. */
export async function waitFor(probe: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (await probe()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`still not true: ${what}`);
}

function withToken(client: HttpClient, token: string) {
  const auth = { authorization: `Bearer ${token}` };
  const original = client.request.bind(client);
  client.request = (method, path, options = {}) =>
    original(method, path, { ...options, headers: { ...auth, ...options.headers } });
  return Object.assign(client, { token });
}

async function runSql<T>(url: string, sql: string, params?: unknown[]): Promise<T[]> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(sql, params)).rows as T[];
  } finally {
    await c.end();
  }
}

export async function startSqlLabTestApp(
  options: {
    realtime?: boolean;
    customize?: AuthTestAppOptions['customize'];
    modules?: AuthTestAppOptions['extraModules'];
  } = {},
): Promise<SqlLabTestApp> {
  const target = await createTestDatabase('sqllab-target');
  await runSql(
    target.url,
    `CREATE TABLE t1200 AS SELECT g AS id, 'name ' || g AS name, g * 1.5 AS value, timestamp '2024-01-01' + g * interval '1 hour' AS ts FROM generate_series(1, 1200) g;
     CREATE TABLE big AS SELECT g AS id, md5(g::text) AS h FROM generate_series(1, 20000) g;
     CREATE TABLE victims (id int); INSERT INTO victims VALUES (1), (2), (3);`,
  );
  const t = await createAuthTestApp({
    extraModules: [
      JobsModule,
      AsyncEventsModule,
      ExecuteModule,
      ...(options.realtime ? [RealtimeModule] : []),
      ...(options.modules ?? []),
    ],
    customize: options.customize,
  });
  const admin = withToken(new HttpClient(t.url), await bearerToken(t.url, TEST_ADMIN.username, TEST_ADMIN.password));
  return {
    t,
    target,
    admin,
    async addDatabase(name, flags = {}) {
      const { uri, ...settings } = flags;
      const row = await t.app
        .get(DatabasesService)
        .create(
          { settings: { database_name: name, ...settings }, connection: parseConnectionUri(uri ?? target.url) },
          'system',
        );
      return row.id;
    },
    targetQuery: (sql, params) => runSql(target.url, sql, params),
    metaQuery: (sql, params) => runSql(t.db.url, sql, params),
    async userClient(username, roles) {
      const user = await t.app
        .get(UsersService)
        .createUser({ username, password: `${username}-password`, roles }, 'system');
      return Object.assign(
        withToken(new HttpClient(t.url), await bearerToken(t.url, username, `${username}-password`)),
        { id: user.id },
      );
    },
    async withTimeout(timeoutSec, work) {
      const sqllab = t.config.sqllab as { timeoutSec: number };
      const saved = sqllab.timeoutSec;
      sqllab.timeoutSec = timeoutSec;
      try {
        return await work();
      } finally {
        sqllab.timeoutSec = saved;
      }
    },
    async close() {
      await t.close();
      await target.drop();
    },
  };
}
