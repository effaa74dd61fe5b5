/**
 * Serves the built React client (apps/client/dist) on the server's port: its files as they are, and
 * index.html for every other GET that is not an API, the user log, health or socket.io, so that deep
 * links (/sqllab/, /login/, /dashboard/1/) load the app and its router takes over.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Request, Response } from 'express';

/** Same depth from src/common and dist/common: apps/server/{src,dist}/common -> apps/client/dist. */
export const DEFAULT_CLIENT_DIST = resolve(__dirname, '..', '..', '..', 'client', 'dist');

const NOT_SPA = /^\/(?:api|strata|socket\.io)(?:\/|$)|^\/health\/?$/;
/** A last path segment with an extension names a file: a missing one is a 404, not the app. */
const FILE_LIKE = /\/[^/]*\.[a-z0-9]+$/i;

export class SpaFallback {
  private indexHtml?: string;

  constructor(readonly clientDist: string = DEFAULT_CLIENT_DIST) {}

  get built(): boolean {
    return existsSync(join(this.clientDist, 'index.html'));
  }

  /** Whether an unmatched request should get the app instead of a 404. */
  wants(req: Request): boolean {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const path = req.path;
    return !NOT_SPA.test(path) && !FILE_LIKE.test(path);
  }

  /**
   * The app's page. `bootstrap` is data a form post hands to the page (a requested query): it goes in
   * as a JSON script element the client reads once.
   */
  serve(res: Response, bootstrap?: Record<string, unknown>): void {
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html');
    if (!this.built) {
      res.status(200).send(notBuiltPage(this.clientDist));
      return;
    }
    // Read once: index.html only changes with a new build, which means a server restart.
    this.indexHtml ??= readFileSync(join(this.clientDist, 'index.html'), 'utf8');
    res.status(200).send(bootstrap ? withBootstrap(this.indexHtml, bootstrap) : this.indexHtml);
  }
}

/** The id of the script element that carries posted data to the client (see apps/client bootstrap-data.ts). */
export const BOOTSTRAP_ELEMENT_ID = 'strata-bootstrap';

/**
 * Posted text inside a script element: '<', '>' and '&' escaped as JSON allows, so '</script>' or
 * '<!--' in someone's SQL cannot end the element or open a comment; U+2028/9 for older parsers.
 */
function withBootstrap(html: string, data: Record<string, unknown>): string {
  const json = JSON.stringify(data).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  const element = `<script id="${BOOTSTRAP_ELEMENT_ID}" type="application/json">${json}</script>`;
  return html.includes('</head>') ? html.replace('</head>', `${element}</head>`) : `${element}${html}`;
}

/** The app's SpaFallback, kept on the Express app by configureHttp so a controller can serve the page. */
export function spaOf(req: Request): SpaFallback {
  const spa = (req.app.locals as { spa?: SpaFallback }).spa;
  return spa ?? new SpaFallback();
}

function notBuiltPage(dir: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Strata: client not built</title></head>
<body style="font-family: sans-serif; max-width: 40em; margin: 4em auto">
<h1>Strata's web client is not built</h1>
<p>The server is running, but it found no client build in <code>${dir.replace(/[<>&]/g, '')}</code>.</p>
<p>Build it with <code>npm run build -w client</code> (or start with <code>npm start</code>, which builds
everything), then reload this page.</p>
</body></html>`;
}
