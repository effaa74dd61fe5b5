/**
 * Reads the environment once at boot, validates every variable with zod and reports ALL problems in
 * one message, so an operator fixes the deployment in one round instead of one variable per restart.
 */
import { resolve } from 'node:path';
import { z } from 'zod';
import {
  AppConfig,
  DEFAULT_LOGIN_THROTTLE,
  DEFAULT_PAYLOAD_MAX_MB,
  DEFAULT_SQLLAB_TIMEOUTS,
  LOG_LEVELS,
  type LoginThrottleSettings,
} from './app-config';
import { parseAllowedOrigins } from './allowed-origins';
import { parseFeatureFlags } from './feature-flags';
import { parseTrustProxy } from './trust-proxy';
import { DEFAULT_ADMIN_USERNAME, productionAdminPasswordProblem } from './admin-password';
import { devSecretKey, HOW_TO_SET_SECRET_KEY, productionSecretKeyProblem } from './secret-key';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** An empty variable (`FOO=`) means "unset", as it does for most tools' env files. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

const postgresUrl = z.string().refine(
  (v) => {
    try {
      return ['postgres:', 'postgresql:'].includes(new URL(v).protocol);
    } catch {
      return false;
    }
  },
  { message: 'must be a postgres:// or postgresql:// URL, e.g. postgres://user:password@host:5432/strata' },
);

const redisUrl = z.string().refine(
  (v) => {
    try {
      return ['redis:', 'rediss:'].includes(new URL(v).protocol);
    } catch {
      return false;
    }
  },
  { message: 'must be a redis:// or rediss:// URL, e.g. redis://localhost:6379/0' },
);

/** true/false, 1/0, yes/no, on/off (any case). */
const booleanVar = z
  .string()
  .transform((v) => v.trim().toLowerCase())
  .refine((v) => ['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'].includes(v), {
    message: 'must be true or false',
  })
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

/** A whole number in [min, max]. */
const count = (min: number, max: number) =>
  z.coerce
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);

const envSchema = z.object({
  PORT: optional(
    z.coerce
      .number({ message: 'must be a port number' })
      .int('must be a whole number')
      .min(1, 'must be between 1 and 65535')
      .max(65535, 'must be between 1 and 65535'),
  ),
  DATABASE_URL: optional(postgresUrl),
  EXAMPLES_DATABASE_URL: optional(postgresUrl),
  REDIS_URL: optional(redisUrl),
  SECRET_KEY: optional(z.string()),
  STRATA_HOME: optional(z.string()),
  ADMIN_USERNAME: optional(z.string().max(64, 'must be at most 64 characters')),
  ADMIN_PASSWORD: optional(z.string()),
  LOG_LEVEL: optional(z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(', ')}` })),
  SQLLAB_TIMEOUT: optional(z.coerce.number({ message: 'must be a number of seconds' }).int().min(1).max(86_400)),
  SQLLAB_ASYNC_TIME_LIMIT_SEC: optional(
    z.coerce.number({ message: 'must be a number of seconds' }).int().min(1).max(604_800),
  ),
  SQLLAB_FORCE_RUN_ASYNC: optional(booleanVar),
  SQLLAB_PAYLOAD_MAX_MB: optional(
    z.coerce
      .number({ message: 'must be a number of megabytes' })
      .min(0, 'must be a number of megabytes, or 0 for no cap'),
  ),
  SQLLAB_BACKEND_PERSISTENCE: optional(booleanVar),
  FEATURE_FLAGS: optional(z.string()),
  COMMAND_RETRY_TIMEOUT_MS: optional(
    z.coerce
      .number({ message: 'must be a number of milliseconds' })
      .int('must be a whole number')
      .min(0, 'must be 0 or more')
      .max(600_000, 'must be at most 600000 (10 minutes)'),
  ),
  SQLLAB_DEFAULT_DBID: optional(
    z.coerce.number({ message: 'must be a database id' }).int('must be a whole number').min(1, 'must be a database id'),
  ),
  LOGIN_MAX_FAILURES_PER_USERNAME: optional(count(1, 1000)),
  LOGIN_MAX_FAILURES_PER_ADDRESS: optional(count(0, 1_000_000)),
  LOGIN_BACKOFF_BASE_SECONDS: optional(count(1, 3600)),
  LOGIN_BACKOFF_MAX_SECONDS: optional(count(1, 86_400)),
  LOGIN_FAILURE_WINDOW_SECONDS: optional(count(60, 2_592_000)),
  NODE_ENV: optional(
    z.enum(['development', 'production', 'test'], { message: "must be 'development', 'production' or 'test'" }),
  ),
});

export interface LoadConfigOptions {
  /** Base of a relative STRATA_HOME; defaults to the process's working directory. */
  cwd?: string;
}

export function loadConfig(env: NodeJS.ProcessEnv, options: LoadConfigOptions = {}): AppConfig {
  const parsed = envSchema.safeParse(env);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  // The checks below read the raw values too, so one message lists every problem at once.
  const raw = (name: string) => (typeof env[name] === 'string' && env[name]!.trim() !== '' ? env[name] : undefined);
  const production = raw('NODE_ENV') === 'production';
  if (production) {
    const problem = productionSecretKeyProblem(raw('SECRET_KEY'));
    if (problem) problems.push(`${problem} ${HOW_TO_SET_SECRET_KEY}`);
    const adminPassword = raw('ADMIN_PASSWORD');
    const passwordProblem =
      adminPassword === undefined
        ? null
        : productionAdminPasswordProblem(adminPassword, raw('ADMIN_USERNAME') ?? DEFAULT_ADMIN_USERNAME);
    if (passwordProblem) problems.push(passwordProblem);
  }
  // FEATURE_FLAGS is checked even when other variables are bad, so its problems are listed with theirs.
  const flags = parseFeatureFlags(
    raw('FEATURE_FLAGS'),
    parsed.success ? parsed.data.SQLLAB_BACKEND_PERSISTENCE : undefined,
  );
  problems.push(...flags.problems);
  const loginThrottle = parsed.success ? loginThrottleOf(parsed.data) : DEFAULT_LOGIN_THROTTLE;
  if (loginThrottle.backoffMaxSeconds < loginThrottle.backoffBaseSeconds) {
    problems.push('LOGIN_BACKOFF_MAX_SECONDS: must be at least LOGIN_BACKOFF_BASE_SECONDS.');
  }
  const allowedOrigins = parseAllowedOrigins(raw('ALLOWED_ORIGINS'));
  problems.push(...allowedOrigins.problems);
  const trustProxy = parseTrustProxy(raw('TRUST_PROXY'));
  problems.push(...trustProxy.problems);
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);

  const vars = parsed.data;
  const strataHome = resolve(options.cwd ?? process.cwd(), vars.STRATA_HOME ?? '.strata');
  return new AppConfig(
    vars.PORT ?? 8088,
    vars.DATABASE_URL,
    vars.EXAMPLES_DATABASE_URL,
    vars.REDIS_URL,
    vars.SECRET_KEY ?? devSecretKey(strataHome),
    strataHome,
    vars.ADMIN_USERNAME,
    vars.ADMIN_PASSWORD,
    vars.NODE_ENV ?? 'development',
    vars.LOG_LEVEL ?? 'info',
    {
      timeoutSec: vars.SQLLAB_TIMEOUT ?? DEFAULT_SQLLAB_TIMEOUTS.timeoutSec,
      asyncTimeLimitSec: vars.SQLLAB_ASYNC_TIME_LIMIT_SEC ?? DEFAULT_SQLLAB_TIMEOUTS.asyncTimeLimitSec,
      forceRunAsync: vars.SQLLAB_FORCE_RUN_ASYNC ?? false,
      payloadMaxMb: vars.SQLLAB_PAYLOAD_MAX_MB ?? DEFAULT_PAYLOAD_MAX_MB,
    },
    vars.SQLLAB_DEFAULT_DBID,
    flags.flags,
    vars.COMMAND_RETRY_TIMEOUT_MS,
    loginThrottle,
    allowedOrigins.origins,
    trustProxy.trustProxy,
  );
}

function loginThrottleOf(vars: z.output<typeof envSchema>): LoginThrottleSettings {
  const d = DEFAULT_LOGIN_THROTTLE;
  return {
    maxFailuresPerUsername: vars.LOGIN_MAX_FAILURES_PER_USERNAME ?? d.maxFailuresPerUsername,
    maxFailuresPerAddress: vars.LOGIN_MAX_FAILURES_PER_ADDRESS ?? d.maxFailuresPerAddress,
    backoffBaseSeconds: vars.LOGIN_BACKOFF_BASE_SECONDS ?? d.backoffBaseSeconds,
    backoffMaxSeconds: vars.LOGIN_BACKOFF_MAX_SECONDS ?? d.backoffMaxSeconds,
    failureWindowSeconds: vars.LOGIN_FAILURE_WINDOW_SECONDS ?? d.failureWindowSeconds,
  };
}
