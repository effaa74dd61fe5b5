/**
 * The real server for the benchmarks that measure it through HTTP: the whole AppModule booted as main.ts
 * boots it, on scratch databases, configured through process.env as in production.
 */
import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from 'server/dist/app.module';
import { configureHttp } from 'server/dist/common/configure-http';
import { createRootLogger, PinoLoggerService } from 'server/dist/common/logger';
import { installUserLogBodyParser } from 'server/dist/userlog/userlog-body';
import { Client } from 'pg';
import { DatabasesService } from 'server/dist/databases/databases.service';
import { loadExamples } from 'server/dist/examples/load/load-examples';
import { registerExamplesDatabase } from 'server/dist/examples/register/register-examples';
import { DATASETS } from 'server/dist/examples/source/datasets';
import { ExamplesDatabase } from 'server/dist/storage/examples-database';
import { readerRoleName } from 'server/dist/storage/external-examples';
import { createBenchDatabase, type BenchDatabase } from './bench-database';

export const BENCH_ADMIN = { username: 'bench_admin', password: `bench-${randomBytes(9).toString('base64url')}` };

/** The server reads its configuration from process.env (ConfigModule.forRoot); the bench restores it after. */
export function serverEnvironment(meta: BenchDatabase, examples: BenchDatabase): () => void {
  const values: Record<string, string | undefined> = {
    DATABASE_URL: meta.url,
    EXAMPLES_DATABASE_URL: examples.url,
    SECRET_KEY: randomBytes(32).toString('base64url'),
    ADMIN_USERNAME: BENCH_ADMIN.username,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'production',
    // The default results backend (the query_results table): REDIS_URL would switch it to Redis.
    REDIS_URL: undefined,
  };
  const saved = Object.fromEntries(Object.keys(values).map((k) => [k, process.env[k]]));
  const set = (entries: Record<string, string | undefined>) => {
    for (const [k, v] of Object.entries(entries)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };
  set(values);
  return () => set(saved);
}

export async function startServer(): Promise<{ app: NestExpressApplication; url: string }> {
  const logger = createRootLogger('silent');
  const app = await NestFactory.create<NestExpressApplication>(AppModule, {
    logger: new PinoLoggerService(logger),
    bodyParser: false,
  });
  installUserLogBodyParser(app);
  configureHttp(app, { logger });
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as { port: number };
  return { app, url: `http://127.0.0.1:${port}` };
}

export interface BenchServer {
  app: NestExpressApplication;
  url: string;
  meta: BenchDatabase;
  examples: ExamplesDatabase;
  /** The server's own registration and loader, as main.ts runs them in the background; only the tables named. Resolves with the database id. */
  loadExamples(tables: readonly string[]): Promise<number>;
}

/**
 * Runs `work` against a fresh server on scratch metadata and examples databases, then closes it and drops
 * both databases and the examples reader role (a cluster-wide role the server created), whatever happened.
 */
export async function withBenchServer<T>(work: (server: BenchServer) => Promise<T>): Promise<T> {
  const meta = await createBenchDatabase();
  const examplesDb = await createBenchDatabase();
  const restoreEnv = serverEnvironment(meta, examplesDb);
  let app: NestExpressApplication | undefined;
  try {
    const started = await startServer();
    app = started.app;
    const examples = app.get(ExamplesDatabase);
    return await work({
      app,
      url: started.url,
      meta,
      examples,
      async loadExamples(tables) {
        const databaseId = await registerExamplesDatabase(started.app.get(DatabasesService), examples);
        const loaded = await loadExamples(examples, { datasets: DATASETS.filter((d) => tables.includes(d.table)) });
        const failed = loaded.filter((l) => l.state !== 'loaded');
        if (loaded.length !== tables.length || failed.length > 0)
          throw new Error(`loading ${tables.join(', ')} failed: ${JSON.stringify(failed)}`);
        return databaseId;
      },
    });
  } finally {
    await app?.close();
    restoreEnv();
    await examplesDb.drop();
    await meta.drop();
    const admin = new Client({
      connectionString: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    });
    await admin.connect();
    await admin
      .query(`DROP ROLE IF EXISTS "${readerRoleName(new URL(examplesDb.url).pathname.slice(1))}"`)
      .finally(() => admin.end());
  }
}

/** A bearer token of the bench's admin, and the JSON headers that carry it. */
export async function adminHeaders(url: string): Promise<Record<string, string>> {
  const login = await fetch(`${url}/api/v1/security/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...BENCH_ADMIN, provider: 'db' }),
  });
  if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
  return {
    authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}`,
    'content-type': 'application/json',
  };
}
