/**
 * An HTTP app for chart, dataset and dashboard integration tests: AuthTestApp plus the Explore modules
 * (chart data, datasets, charts, dashboards), jobs and async events; and a separate PostgreSQL database
 * with example tables loaded by the real loader and registered as the read-only `examples` database.
 */
import type { DynamicModule, Type } from '@nestjs/common';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { AsyncEventsModule } from '../../async-events/async-events.module';
import { loadExamples } from '../../examples/load/load-examples';
import { DATASETS } from '../../examples/source/datasets';
import { JobsModule } from '../../jobs/jobs.module';
import { insertDatabase } from '../../sqllab/bootstrap/rest-testing';
import { startEmbeddedPostgres } from '../../storage/embedded/embedded-postgres';
import { ExamplesDatabase } from '../../storage/examples-database';
import { externalExamplesDatabase } from '../../storage/external-examples';
import { EMBEDDED_READER_ROLE } from '../../storage/storage-runtime';
import { createAuthTestApp, type AuthTestApp, type AuthTestAppOptions } from '../../testing/auth-test-app';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { ChartDataModule } from '../chart-data.module';

export interface ExamplesFixture {
  db: TestDatabase;
  /** The owner's URL: the tests' independent hand-written SQL runs here. */
  adminUrl: string;
  readerUrl: string;
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/** Loads the named example tables (cars, flights, stocks...) into a fresh database. */
export async function loadExampleTables(tables: string[]): Promise<ExamplesFixture> {
  const db = await createTestDatabase('chart_examples');
  const examples = await externalExamplesDatabase({
    metadataUrl: db.url,
    examplesUrl: db.url,
    secretKey: 'k'.repeat(40),
    warn: () => undefined,
  });
  const results = await loadExamples(examples, { datasets: DATASETS.filter((d) => tables.includes(d.table)) });
  const failed = results.filter((r) => r.state !== 'loaded');
  if (failed.length > 0) throw new Error(`examples failed to load: ${JSON.stringify(failed)}`);
  const client = new Client({ connectionString: examples.adminUrl });
  await client.connect();
  return {
    db,
    adminUrl: examples.adminUrl,
    readerUrl: examples.readerUrl,
    query: async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
    close: async () => {
      await client.end();
      await db.drop();
      if (examples.readerRole && db.source !== 'pglite') {
        const c = new Client({ connectionString: db.url.replace(/\/[^/?]*(\?.*)?$/, '/postgres') });
        await c.connect();
        await c.query(`DROP ROLE IF EXISTS "${examples.readerRole}"`).catch(() => undefined);
        await c.end();
      }
    },
  };
}

/**
 * The same example tables in the embedded examples database (a PGlite process, reached as its reader
 * role through one shared session, the default install's set-up), for specs that run on both.
 */
export async function loadEmbeddedExampleTables(tables: string[]): Promise<ExamplesFixture> {
  const home = mkdtempSync(join(tmpdir(), 'strata-chart-examples-'));
  const embedded = await startEmbeddedPostgres({
    name: 'examples',
    dataDir: join(home, 'examples'),
    password: 'chart-examples-password',
    readerRole: EMBEDDED_READER_ROLE,
  });
  const examples = new ExamplesDatabase(
    embedded.url('postgres'),
    embedded.url(EMBEDDED_READER_ROLE),
    EMBEDDED_READER_ROLE,
    'session-role',
  );
  const results = await loadExamples(examples, { datasets: DATASETS.filter((d) => tables.includes(d.table)) });
  const failed = results.filter((r) => r.state !== 'loaded');
  if (failed.length > 0) throw new Error(`examples failed to load: ${JSON.stringify(failed)}`);
  const client = new Client({ connectionString: examples.adminUrl });
  await client.connect();
  const stop = async () => {
    await embedded.stop();
    rmSync(home, { recursive: true, force: true });
  };
  return {
    db: { url: examples.adminUrl, source: 'pglite', drop: stop },
    adminUrl: examples.adminUrl,
    readerUrl: examples.readerUrl,
    query: async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
    close: async () => {
      await client.end();
      await stop();
    },
  };
}

export async function createChartTestApp(
  extraModules: (Type | DynamicModule)[] = [],
  options: AuthTestAppOptions = {},
): Promise<AuthTestApp> {
  return createAuthTestApp({
    ...options,
    extraModules: [JobsModule, AsyncEventsModule, ChartDataModule, ...extraModules, ...(options.extraModules ?? [])],
  });
}

/** Registers the examples database (reader URL, no DML) in the app, as the examples loader does. */
export function registerExamples(t: AuthTestApp, fixture: ExamplesFixture, name = 'examples'): Promise<number> {
  return insertDatabase(t, { name, uri: fixture.readerUrl });
}
