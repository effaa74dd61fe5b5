/**
 * The server's configuration, read from environment variables and validated once at boot
 * (see load-config.ts). Inject `AppConfig` wherever a setting is needed; never read process.env elsewhere.
 */
import { resolveFeatureFlags } from '@strata/domain';
import { DEFAULT_COMMAND_RETRY_TIMEOUT_MS } from '../event-store/command-retry';
import type { ResolvedFeatureFlags } from './feature-flags';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface SqlLabTimeouts {
  timeoutSec: number;
  asyncTimeLimitSec: number;
  /** SQLLAB_FORCE_RUN_ASYNC: every run goes to the job queue, whatever the request or database says. */
  forceRunAsync?: boolean;
  /** SQLLAB_PAYLOAD_MAX_MB: a run whose serialized result is larger fails with RESULT_TOO_LARGE_ERROR; unset: no cap. */
  payloadMaxMb?: number;
}
export const DEFAULT_SQLLAB_TIMEOUTS: SqlLabTimeouts = { timeoutSec: 30, asyncTimeLimitSec: 21_600 };

export class AppConfig {
  constructor(
    /** PORT, default 8088. */
    readonly port: number,
    /** DATABASE_URL: the metadata PostgreSQL; undefined means embedded PGlite under strataHome. */
    readonly databaseUrl: string | undefined,
    /** EXAMPLES_DATABASE_URL: where the example data lives; undefined means derived (see README). */
    readonly examplesDatabaseUrl: string | undefined,
    /** REDIS_URL: enables the Redis socket.io adapter, results cache and BullMQ jobs. */
    readonly redisUrl: string | undefined,
    /** SECRET_KEY: signs sessions, tokens and CSRF tokens; encrypts stored passwords. */
    readonly secretKey: string,
    /** STRATA_HOME: data folder of the embedded mode, default ./.strata. */
    readonly strataHome: string,
    readonly adminUsername: string | undefined,
    readonly adminPassword: string | undefined,
    readonly nodeEnv: 'development' | 'production' | 'test',
    /** LOG_LEVEL: pino level of the server's structured logs, default 'info'. */
    readonly logLevel: LogLevel = 'info',
    /** SQL Lab timeouts (REFERENCE §1.4): SQLLAB_TIMEOUT (sync, default 30 s), SQLLAB_ASYNC_TIME_LIMIT_SEC (default 6 h). */
    readonly sqllab: SqlLabTimeouts = DEFAULT_SQLLAB_TIMEOUTS,
    /** SQLLAB_DEFAULT_DBID: the database new SQL Lab tabs start on; unset means the lowest id. */
    readonly sqllabDefaultDbId: number | undefined = undefined,
    /**
     * Every feature flag with its effective value (FEATURE_FLAGS over the domain's defaults; see
     * feature-flags.ts), e.g. SQLLAB_BACKEND_PERSISTENCE, GLOBAL_ASYNC_QUERIES. Sent to the client by the
     * SQL Lab bootstrap. Tests may flip a flag on this object for one case.
     */
    readonly featureFlags: ResolvedFeatureFlags = resolveFeatureFlags({}),
    /**
     * COMMAND_RETRY_TIMEOUT_MS: how long a command decided against the latest state is decided again after
     * losing a race with another writer on its stream, before the conflict is answered (default 10 s).
     */
    readonly commandRetryTimeoutMs: number = DEFAULT_COMMAND_RETRY_TIMEOUT_MS,
  ) {}

  get embedded(): boolean {
    return this.databaseUrl === undefined;
  }
}
