/**
 * Links the API hands out (permalinks of Explore, dashboards and SQL Lab) are absolute, as Superset's
 * `{key, url}` answers are: a link pasted into a mail or chat must open without knowing the server.
 * The origin is the one the browser used: the request's Host, and its scheme. Express reads
 * X-Forwarded-Host and X-Forwarded-Proto only from the proxies TRUST_PROXY names, so a client cannot
 * pick another origin through those headers; a Host that is not a host name (or address) and port is
 * ignored and the link stays relative rather than carrying it.
 */
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';

const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,62})(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}))*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** `scheme://host[:port]` of the request, or '' when its Host is missing or not a host. */
export function requestOrigin(req: Pick<Request, 'protocol' | 'host'>): string {
  const host = req.host;
  const scheme = req.protocol === 'https' ? 'https' : 'http';
  return host && HOST.test(host) ? `${scheme}://${host}` : '';
}

/** Turns an app path (starting with '/') into the URL the request's browser opens it at. */
export type LinkTo = (path: string) => string;

/** A handler that answers a link gets the request's LinkTo: `@PublicUrl() link: LinkTo`, then `link('/x/')`. */
export const PublicUrl = createParamDecorator((_: unknown, ctx: ExecutionContext): LinkTo => {
  const origin = requestOrigin(ctx.switchToHttp().getRequest<Request>());
  return (path) => `${origin}${path}`;
});
