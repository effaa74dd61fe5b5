/**
 * The server's configuration, read from environment variables and validated once at boot
 * (see load-config.ts). Inject `AppConfig` wherever a setting is needed; never read process.env elsewhere.
 */
import { resolveFeatureFlags } from '@strata/domain';
import { DEFAULT_COMMAND_RETRY_TIMEOUT_MS } from '../event-store/command-retry';
import type { ResolvedFeatureFlags } from './feature-flags';
import type { TrustProxy } from './trust-proxy';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface SqlLabTimeouts {
  timeoutSec: number;
  asyncTimeLimitSec: number;
  /** SQLLAB_FORCE_RUN_ASYNC: every run goes to the job queue, whatever the request or database says. */
  forceRunAsync?: boolean;
  /**
   * SQLLAB_PAYLOAD_MAX_MB: a run whose result (as JSON) grows past it fails with RESULT_TOO_LARGE_ERROR,
   * checked while its rows are read; 0: no cap; unset: DEFAULT_PAYLOAD_MAX_MB.
   */
  payloadMaxMb?: number;
}
/**
 * 50 MB of JSON is already more than a browser tab renders comfortably; a server holds about three times
 * a result while it answers, so the default keeps one run well below a few hundred MB of memory.
 */
export const DEFAULT_PAYLOAD_MAX_MB = 50;
export const DEFAULT_SQLLAB_TIMEOUTS: SqlLabTimeouts = {
  timeoutSec: 30,
  asyncTimeLimitSec: 21_600,
  payloadMaxMb: DEFAULT_PAYLOAD_MAX_MB,
};

/** Login throttling (auth/login/login-throttle.ts): after too many failures, locks that double per failure. */
export interface LoginThrottleSettings {
  /** LOGIN_MAX_FAILURES_PER_USERNAME: failed logins of one username (known or not) before the locks start. */
  maxFailuresPerUsername: number;
  /** LOGIN_MAX_FAILURES_PER_ADDRESS: failed logins from one client address, any usernames; 0 turns it off. */
  maxFailuresPerAddress: number;
  /** LOGIN_BACKOFF_BASE_SECONDS: the first lock; each further failure doubles it. */
  backoffBaseSeconds: number;
  /** LOGIN_BACKOFF_MAX_SECONDS: the longest lock. */
  backoffMaxSeconds: number;
  /** LOGIN_FAILURE_WINDOW_SECONDS: how long failures are counted, from the first one (a success clears a username's). */
  failureWindowSeconds: number;
}
export const DEFAULT_LOGIN_THROTTLE: LoginThrottleSettings = {
  maxFailuresPerUsername: 5,
  maxFailuresPerAddress: 30,
  backoffBaseSeconds: 1,
  backoffMaxSeconds: 900,
  failureWindowSeconds: 86_400,
};

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
    /** LOGIN_*: when failed logins are answered 429 (see LoginThrottleSettings). */
    readonly loginThrottle: LoginThrottleSettings = DEFAULT_LOGIN_THROTTLE,
    /** ALLOWED_ORIGINS: origins besides the server's own host whose pages may open a socket (config/allowed-origins.ts). */
    readonly allowedOrigins: readonly string[] = [],
    /** TRUST_PROXY: the front proxies whose X-Forwarded-For names the client's address (config/trust-proxy.ts). */
    readonly trustProxy: TrustProxy = false,
  ) {}

  get embedded(): boolean {
    return this.databaseUrl === undefined;
  }
}
