/**
 * SQLAlchemy-style connection URIs (what admins paste from their BI tool of old) to and from the
 * engine's ConnectionSpec: `postgresql://user:password@host:5432/db?sslmode=require`,
 * `postgresql+psycopg2://...`, `mysql://...`, `mysql+pymysql://...`, `mariadb://...`.
 */
import type { Backend, ConnectionSpec } from './query-engine';

/** What the API shows instead of a stored password (Superset's mask, which clients send back unchanged). */
export const PASSWORD_MASK = 'XXXXXXXXXX';

const DEFAULT_PORTS: Record<Backend, number> = { postgresql: 5432, mysql: 3306 };

export function backendOfScheme(scheme: string): Backend | null {
  const dialect = scheme.toLowerCase().split('+')[0];
  switch (dialect) {
    case 'postgresql':
    case 'postgres':
      return 'postgresql';
    case 'mysql':
    case 'mariadb':
      return 'mysql';
    default:
      return null;
  }
}

export class InvalidUriError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidUriError';
  }
}

/** The scheme of a connection URL, lower-cased ('postgresql+psycopg2', 'mariadb'); '' when it has none. */
export function schemeOfUri(uri: string): string {
  return /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(uri.trim())?.[1]?.toLowerCase() ?? '';
}

/** THE derivation of a registered database's backend from its URL; null for an engine Strata does not run. */
export function backendOfUri(uri: string): Backend | null {
  return backendOfScheme(schemeOfUri(uri));
}

export function parseConnectionUri(uri: string): ConnectionSpec {
  const schemeMatch = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//.exec(uri.trim());
  if (!schemeMatch)
    throw new InvalidUriError(
      'Invalid connection string: expected e.g. postgresql://user:password@host:5432/database.',
    );
  const backend = backendOfScheme(schemeMatch[1]);
  if (!backend) {
    throw new InvalidUriError(`Unsupported database engine "${schemeMatch[1]}": use postgresql:// or mysql://.`);
  }
  let url: URL;
  try {
    // WHATWG URL parses the authority of any "x://" scheme; a fixed one avoids scheme-specific rules.
    url = new URL(`http://${uri.trim().slice(schemeMatch[0].length)}`);
  } catch {
    throw new InvalidUriError('Invalid connection string: the host, port or credentials cannot be read.');
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!host) throw new InvalidUriError('Invalid connection string: it names no host.');
  const port = url.port ? Number(url.port) : DEFAULT_PORTS[backend];
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!database) throw new InvalidUriError('Invalid connection string: it names no database.');
  const params: Record<string, string> = {};
  url.searchParams.forEach((value, key) => (params[key] = value));
  return {
    backend,
    host,
    port,
    database,
    username: decodeURIComponent(url.username),
    password: url.password ? decodeURIComponent(url.password) : undefined,
    ...(Object.keys(params).length > 0 ? { params } : {}),
  };
}

/**
 * The URI for a spec. `password: 'mask'` shows PASSWORD_MASK where a password exists (for API answers),
 * 'omit' leaves it out (what is stored), 'include' keeps it (never leaves the process).
 */
export function formatConnectionUri(spec: ConnectionSpec, password: 'mask' | 'omit' | 'include'): string {
  const scheme = spec.backend === 'postgresql' ? 'postgresql' : 'mysql';
  const user = encodeURIComponent(spec.username);
  let secret = '';
  if (spec.password && password === 'mask') secret = `:${PASSWORD_MASK}`;
  if (spec.password && password === 'include') secret = `:${encodeURIComponent(spec.password)}`;
  const auth = user || secret ? `${user}${secret}@` : '';
  const host = spec.host.includes(':') ? `[${spec.host}]` : spec.host;
  const query = spec.params ? new URLSearchParams(spec.params).toString() : '';
  return `${scheme}://${auth}${host}:${spec.port}/${encodeURIComponent(spec.database)}${query ? `?${query}` : ''}`;
}
