/**
 * Starts a Nest application with the production HTTP shell (common/configure-http.ts) on a free
 * loopback port, for integration tests that talk real HTTP.
 */
import type { ModuleMetadata } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test, type TestingModuleBuilder } from '@nestjs/testing';
import { configureHttp } from '../common/configure-http';
import { createRootLogger, PinoLoggerService } from '../common/logger';

export interface RunningHttpApp {
  app: NestExpressApplication;
  /** http://127.0.0.1:<port>, no trailing slash. */
  url: string;
  close(): Promise<void>;
}

export interface HttpAppOptions {
  clientDist?: string;
  /** Adjust the testing module (overrideProvider...) before it compiles. */
  customize?: (builder: TestingModuleBuilder) => TestingModuleBuilder;
  /** Runs after the shell is configured, before listen. */
  beforeListen?: (app: NestExpressApplication) => void | Promise<void>;
}

export async function startHttpApp(metadata: ModuleMetadata, options: HttpAppOptions = {}): Promise<RunningHttpApp> {
  const builder = Test.createTestingModule(metadata);
  const moduleRef = await (options.customize ? options.customize(builder) : builder).compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>({ bodyParser: false });
  // Tests keep the logs quiet unless LOG_LEVEL asks otherwise.
  const logger = createRootLogger((process.env.LOG_LEVEL as 'info' | undefined) ?? 'silent');
  app.useLogger(new PinoLoggerService(logger));
  configureHttp(app, { logger, clientDist: options.clientDist });
  await options.beforeListen?.(app);
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  return { app, url: `http://127.0.0.1:${address.port}`, close: () => app.close() };
}
