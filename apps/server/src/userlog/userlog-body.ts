/**
 * PROBLEM: the log endpoint is also hit by `navigator.sendBeacon`, whose body may arrive as
 * application/x-www-form-urlencoded while holding JSON; the app's urlencoded parser (qs) would split that
 * JSON on every '&' and '=' and hand over garbage.
 * SOLUTION: read this one path's body as raw text ourselves (JSON, text and form types, up to 2 MB; the
 * controller parses it). `installUserLogBodyParser(app)` must run before the app's body parsers are
 * installed (main.ts, test setup), so it sees the stream first; the later parsers skip a read body.
 * WHEN TO REMOVE: if the app's global body parsing gains per-route types.
 */
import type { INestApplication } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';

export const USER_LOG_MOUNT = '/strata/log';
export const MAX_USER_LOG_BODY_BYTES = 2 * 1024 * 1024;
const TEXT_TYPES = ['text/plain', 'application/x-www-form-urlencoded', 'application/json'];

/** Set when the body was over the limit: the controller answers 413 in the error shape. */
export interface UserLogBodyRequest {
  userLogBodyTooLarge?: boolean;
}
type ParsedRequest = IncomingMessage & UserLogBodyRequest & { body?: unknown; _body?: boolean };

export function readUserLogBody(req: ParsedRequest, _res: ServerResponse, next: (err?: unknown) => void): void {
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (req._body || req.method !== 'POST' || !TEXT_TYPES.includes(type)) return next();
  const chunks: Buffer[] = [];
  let size = 0;
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    // Keep draining so the client gets our answer, but stop keeping what is past the limit.
    if (size <= MAX_USER_LOG_BODY_BYTES) chunks.push(chunk);
  });
  req.on('end', () => {
    req._body = true; // tells body-parser's json/urlencoded middleware to leave it alone
    if (size > MAX_USER_LOG_BODY_BYTES) req.userLogBodyTooLarge = true;
    else req.body = Buffer.concat(chunks).toString('utf8');
    next();
  });
  req.on('error', next);
}

export function installUserLogBodyParser(app: INestApplication): void {
  app.use(USER_LOG_MOUNT, readUserLogBody);
}
