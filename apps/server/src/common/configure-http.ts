/**
 * The HTTP shell shared by main.ts and the integration tests, so tests exercise the same stack as
 * production: request logs, security headers, body parsers with a size limit, the refusal of text that
 * cannot be stored, the client's static files, and the error filter (error shape + SPA fallback).
 */
import type { NestExpressApplication } from '@nestjs/platform-express';
import express from 'express';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { HttpExceptionFilter } from './http-exception.filter';
import { rejectUnsafeText } from './reject-unsafe-text';
import { securityHeaders } from './security-headers';
import { SpaFallback } from './spa';
import type { TrustProxy } from '../config/trust-proxy';

export const BODY_LIMIT = '5mb';

export interface HttpShellOptions {
  logger: Logger;
  /** Where the built client is; default apps/client/dist. */
  clientDist?: string;
  /** TRUST_PROXY: proxies whose X-Forwarded-For gives `req.ip` (the login throttle's address); default none. */
  trustProxy?: TrustProxy;
}

/** Call on an app created with `{ bodyParser: false }`, before `listen`. */
export function configureHttp(app: NestExpressApplication, options: HttpShellOptions): void {
  const spa = new SpaFallback(options.clientDist);
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxy ?? false);
  // Controllers that answer with the app's page (a form post to /sqllab/) find it here: see spaOf.
  app.setLocal('spa', spa);
  app.use(
    pinoHttp({
      logger: options.logger,
      // Health checks poll every few seconds: logging them would drown everything else.
      autoLogging: { ignore: (req) => req.url === '/health' },
      customLogLevel: (_req, res, err) =>
        err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
    }),
  );
  app.use(securityHeaders());
  app.useBodyParser('json', { limit: BODY_LIMIT, type: ['application/json', 'application/*+json'] });
  app.useBodyParser('urlencoded', { limit: BODY_LIMIT, extended: true });
  // navigator.sendBeacon posts strings as text/plain; the user-log endpoint reads them.
  app.useBodyParser('text', { limit: BODY_LIMIT, type: 'text/plain' });
  app.use(rejectUnsafeText);
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
  app.useGlobalFilters(new HttpExceptionFilter(options.logger, spa, { bodyLimit: '5 MB' }));
}
