/**
 * A fresh, empty PostgreSQL database for one test file (DESIGN.md "Tests"), found in this order:
 * TEST_DATABASE_URL; a Testcontainers PostgreSQL when a container runtime answers; the local server at
 * 127.0.0.1:5432; an embedded PGlite behind a socket server.
 *
 * The fallback to PGlite is silent by nature, so each database records where it came from (see
 * recordDatabaseSource) and `npm test` prints it; with STRATA_TEST_REQUIRE_POSTGRES=1 (CI) the fallback
 * is an error instead, so integration tests cannot pass on PGlite while claiming PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { recordDatabaseSource, type DatabaseSource } from './test-database-source';

export interface TestDatabase {
  url: string;
  /** Where it came from, for test output. */
  source: DatabaseSource;
  drop(): Promise<void>;
}

export interface AdminServer {
  adminUrl: string;
  source: TestDatabase['source'];
  stop?: () => Promise<void>;
}

const LOCAL_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

async function reachable(url: string): Promise<boolean> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function fromTestcontainers(): Promise<AdminServer | null> {
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await getContainerRuntimeClient();
  } catch {
    return null; // No container runtime here: fall through to the next option.
  }
  const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
  const container = await new PostgreSqlContainer('postgres:15').start();
  return {
    adminUrl: container.getConnectionUri(),
    source: 'testcontainers',
    stop: async () => void (await container.stop()),
  };
}

async function fromPglite(): Promise<AdminServer> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  const db = await PGlite.create();
  const server = new PGLiteSocketServer({ db, port: 0, host: '127.0.0.1', maxConnections: 20 } as never);
  await server.start();
  const port = (server as unknown as { port: number }).port;
  return {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    source: 'pglite',
    stop: async () => {
      await server.stop();
      await db.close();
    },
  };
}

let admin: Promise<AdminServer> | undefined;
let pgliteHandedOut = false;

export const REQUIRE_POSTGRES_MESSAGE =
  'STRATA_TEST_REQUIRE_POSTGRES=1 is set but no PostgreSQL was found for the integration tests (no TEST_DATABASE_URL, ' +
  'no container runtime, nothing at 127.0.0.1:5432), so they would fall back to the embedded PGlite. Start PostgreSQL ' +
  '(pg_ctlcluster --skip-systemctl-redirect <version> main start), set TEST_DATABASE_URL, or unset STRATA_TEST_REQUIRE_POSTGRES.';

/** Exported with its inputs for the test of the fallback; createTestDatabase uses the process's. */
export async function chooseAdminServer(
  env: NodeJS.ProcessEnv = process.env,
  localUrl = LOCAL_URL,
): Promise<AdminServer> {
  if (env.TEST_DATABASE_URL) return { adminUrl: env.TEST_DATABASE_URL, source: 'env' };
  const containers = await fromTestcontainers();
  if (containers) return containers;
  if (await reachable(localUrl)) return { adminUrl: localUrl, source: 'local' };
  if (env.STRATA_TEST_REQUIRE_POSTGRES === '1') throw new Error(REQUIRE_POSTGRES_MESSAGE);
  return fromPglite();
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Creates a new database named after the test file; drop() removes it. */
export async function createTestDatabase(label = 'strata'): Promise<TestDatabase> {
  admin ??= chooseAdminServer();
  const server = await admin;
  recordDatabaseSource(server.source);
  if (server.source === 'pglite') {
    // PGlite serves one database: each database asked for is a PGlite of its own (the first one is the
    // instance the probe started), so dropping one never stops another's.
    const own = pgliteHandedOut ? await fromPglite() : server;
    pgliteHandedOut = true;
    return { url: own.adminUrl, source: 'pglite', drop: async () => own.stop?.() };
  }
  const name = `${label.replace(/[^a-z0-9_]/gi, '_').toLowerCase()}_${randomBytes(4).toString('hex')}`.slice(0, 60);
  const client = new Client({ connectionString: server.adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  return {
    url: withDatabase(server.adminUrl, name),
    source: server.source,
    drop: async () => {
      const c = new Client({ connectionString: server.adminUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}
