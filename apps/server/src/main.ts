/**
 * Starts Strata: validates the configuration, starts (or connects to) the databases, serves the API,
 * socket.io and the client on one port, then loads the example data in the background.
 */
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module';
import { configureHttp } from './common/configure-http';
import { createRootLogger, logFormatFor, PinoLoggerService } from './common/logger';
import { ConfigError, loadConfig } from './config/load-config';
import { ExamplesService } from './examples/examples.service';
import { installUserLogBodyParser } from './userlog/userlog-body';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`Strata cannot start. ${error.message}`);
    process.exit(1);
  }
  const logger = createRootLogger(config.logLevel, undefined, logFormatFor(config.nodeEnv));
  const nestLogger = new PinoLoggerService(logger);
  // The logger option also covers a failing boot; bufferLogs holds Nest's early lines until useLogger.
  const app = await NestFactory.create<NestExpressApplication>(AppModule, {
    logger: nestLogger,
    bufferLogs: true,
    bodyParser: false,
  });
  app.useLogger(nestLogger);
  app.enableShutdownHooks();
  // Before the global body parsers: the user-log beacon has its own types and limit.
  installUserLogBodyParser(app);
  configureHttp(app, { logger, trustProxy: config.trustProxy });
  await app.listen(config.port);
  logger.info(
    `Strata is running at http://localhost:${config.port}/ (${config.embedded ? `embedded databases in ${config.strataHome}` : 'PostgreSQL'})`,
  );
  void app.get(ExamplesService).loadInBackground();
}

main().catch((error: unknown) => {
  console.error('Strata failed to start:', error);
  process.exit(1);
});
