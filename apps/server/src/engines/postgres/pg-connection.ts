/** node-postgres settings for a user's database, from the engine's ConnectionSpec. */
import type { ClientConfig, PoolConfig } from 'pg';
import { POOL_SIZE } from '../connection-queue';
import type { ConnectionSpec } from '../query-engine';

export const PG_CONNECT_TIMEOUT_MS = 10_000;

function sslOption(params: Record<string, string> | undefined): ClientConfig['ssl'] {
  const mode = params?.sslmode;
  switch (mode) {
    case undefined:
    case 'disable':
    case 'allow':
    case 'prefer':
      return undefined;
    case 'require':
      // libpq's 'require' encrypts without checking the certificate; verify-* check it.
      return { rejectUnauthorized: false };
    default:
      return { rejectUnauthorized: true };
  }
}

export function pgClientConfig(spec: ConnectionSpec): ClientConfig {
  return {
    host: spec.host,
    port: spec.port,
    database: spec.database,
    user: spec.username,
    password: spec.password ?? '',
    ssl: sslOption(spec.params),
    connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
    application_name: spec.params?.application_name ?? 'strata',
  };
}

/** A small pool per database: SQL Lab sessions hold a client for a whole run. */
export function pgPoolConfig(spec: ConnectionSpec): PoolConfig {
  return { ...pgClientConfig(spec), max: POOL_SIZE, idleTimeoutMillis: 30_000, allowExitOnIdle: true };
}
