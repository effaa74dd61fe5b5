/**
 * The HTTP shell shared by main.ts and the integration tests, so tests exercise the same stack as
 * production: request logs, body parsers with a size limit, the client's static files, and the error
 * filter (error shape + SPA fallback).
 */
import type { NestExpressApplication } from '@nestjs/platform-express';
import express from 'express';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { HttpExceptionFilter } from './http-exception.filter';
import { SpaFallback } from './spa';

export const BODY_LIMIT = '5mb';

export interface HttpShellOptions {
  logger: Logger;
  /** Where the built client is; default apps/client/dist. */
  clientDist?: string;
  /** Put the message of an unexpected error in the response (development). */
  exposeInternals?: boolean;
}

/** Call on an app created with `{ bodyParser: false }`, before `listen`. */
export function configureHttp(app: NestExpressApplication, options: HttpShellOptions): void {
  const spa = new SpaFallback(options.clientDist);
  app.disable('x-powered-by');
  // Controllers that answer with the app's page (a form post to /sqllab/) find it here: see spaOf.
  app.setLocal('spa', spa);
  app.use(
    pinoHttp({
      logger: options.logger,
      // Health checks poll every few seconds: logging them would drown everything else.
      autoLogging: { ignore: (req) => req.url === '/health' },
      customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
    }),
  );
  app.useBodyParser('json', { limit: BODY_LIMIT, type: ['application/json', 'application/*+json'] });
  app.useBodyParser('urlencoded', { limit: BODY_LIMIT, extended: true });
  // navigator.sendBeacon posts strings as text/plain; the user-log endpoint reads them.
  app.useBodyParser('text', { limit: BODY_LIMIT, type: 'text/plain' });
  if (spa.built) {
    app.use(
      express.static(spa.clientDist, {
        index: false,
        setHeaders: (res, path) => {
          // Vite fingerprints everything under assets/: those never change.
          if (/[\\/]assets[\\/]/.test(path)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        },
      }),
    );
  }
  app.useGlobalFilters(new HttpExceptionFilter(options.logger, spa, { bodyLimit: '5 MB', exposeInternals: options.exposeInternals ?? false }));
}
