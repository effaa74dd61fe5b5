/**
 * Which pages may open a socket. A browser sends the page's Origin with the handshake and, unlike XHR,
 * a WebSocket is not held back by CORS: without this check any site a logged-in user visits could open
 * a socket with the user's session cookie and read their dashboards (cross-site WebSocket hijacking).
 * Allowed: the server's own host (the Origin names the host:port the request was sent to), the origins
 * of ALLOWED_ORIGINS, and requests without an Origin (not a browser: scripts with a bearer token).
 */
import type { IncomingMessage } from 'node:http';

export const FOREIGN_ORIGIN_MESSAGE = 'This origin may not open a socket to this server (see ALLOWED_ORIGINS).';

export function originAllowed(
  origin: string | undefined,
  host: string | undefined,
  allowedOrigins: readonly string[],
): boolean {
  if (origin === undefined) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // includes the literal "null" of sandboxed frames and file: pages
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  return (host !== undefined && url.host === host.toLowerCase()) || allowedOrigins.includes(url.origin);
}

/** engine.io's `allowRequest`: refuses the handshake (HTTP 403) of a foreign origin, before any socket exists. */
export const allowRequestFrom =
  (allowedOrigins: readonly string[]) =>
  (req: IncomingMessage, callback: (message: string | null, success: boolean) => void): void => {
    const allowed = originAllowed(req.headers.origin, req.headers.host, allowedOrigins);
    callback(allowed ? null : FOREIGN_ORIGIN_MESSAGE, allowed);
  };
