/**
 * Security headers on every response (pages, API, static files) with helmet. The Content-Security-Policy
 * is the one the built client works under: its scripts and styles are files from this origin, React and
 * Highcharts set inline `style` attributes and the ace editor injects <style> elements (so styles allow
 * 'unsafe-inline', scripts never do), PNG downloads and thumbnails are data:/blob: images, and socket.io
 * talks to this same host (ws:/wss: named explicitly: 'self' does not cover them in every browser).
 * Framing: this origin only (`frame-ancestors 'self'` and X-Frame-Options SAMEORIGIN) until embedding
 * needs a list of hosts.
 */
import type { IncomingMessage } from 'node:http';
import helmet from 'helmet';

/** `ws://host wss://host` of the request's own Host, so the socket connects whatever name the server has. */
const ownSockets = (req: IncomingMessage): string => {
  const host = req.headers.host;
  return host && /^[A-Za-z0-9.:[\]-]+$/.test(host) ? `ws://${host} wss://${host}` : '';
};

export const securityHeaders = () =>
  helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'script-src-attr': ["'none'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'", (req) => ownSockets(req)],
        'worker-src': ["'self'", 'blob:'],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'self'"],
      },
    },
    xFrameOptions: { action: 'sameorigin' },
    xContentTypeOptions: true,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // TLS is the reverse proxy's business: a Strata reached once over https must not lock its plain-http
    // address out of browsers for a year.
    strictTransportSecurity: false,
  });
