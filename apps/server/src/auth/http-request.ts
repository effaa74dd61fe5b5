/**
 * The slice of the HTTP request the auth code uses. Typed against Node's IncomingMessage rather than
 * Express, so nothing here depends on the platform adapter's types.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CredentialsCarrier, CurrentUser } from './current-user';

export interface HttpRequest extends IncomingMessage {
  body?: unknown;
  query?: Record<string, unknown>;
  ip?: string;
  secure?: boolean;
  /** Set by AuthGuard: who is asking, when the request proved it. */
  strataUser?: CurrentUser;
}

export type HttpResponse = ServerResponse;

const header = (req: IncomingMessage, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

export function credentialsOf(req: IncomingMessage): CredentialsCarrier {
  return {
    cookie: header(req, 'cookie'),
    authorization: header(req, 'authorization'),
    guestToken: header(req, 'x-guesttoken'),
    renderToken: header(req, 'x-strata-render-token'),
  };
}

/**
 * The CSRF token of a request: the X-CSRFToken header scripts send, or the `csrf_token` field of a
 * plain HTML form post (which cannot set headers), as Flask-WTF reads it.
 */
export function csrfTokenOf(req: HttpRequest): string | undefined {
  const fromHeader = header(req, 'x-csrftoken');
  if (fromHeader) return fromHeader;
  if (!(header(req, 'content-type') ?? '').startsWith('application/x-www-form-urlencoded')) return undefined;
  const field = (req.body as { csrf_token?: unknown } | undefined)?.csrf_token;
  return typeof field === 'string' && field ? field : undefined;
}

export function clientOf(req: HttpRequest): { ip: string | null; userAgent: string | null } {
  return { ip: req.ip ?? req.socket?.remoteAddress ?? null, userAgent: header(req, 'user-agent') ?? null };
}

/** True when the browser reached us over HTTPS (directly, or through a proxy that says so). */
export function isHttps(req: HttpRequest): boolean {
  return req.secure === true || header(req, 'x-forwarded-proto')?.split(',')[0].trim() === 'https';
}
