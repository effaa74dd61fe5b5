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
import type { BenchDatabase } from './bench-database';

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
  const app = await NestFactory.create<NestExpressApplication>(AppModule, { logger: new PinoLoggerService(logger), bodyParser: false });
  installUserLogBodyParser(app);
  configureHttp(app, { logger, exposeInternals: false });
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as { port: number };
  return { app, url: `http://127.0.0.1:${port}` };
}
