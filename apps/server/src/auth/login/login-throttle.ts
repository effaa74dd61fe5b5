/**
 * Brute-force protection for both login routes. Failures are counted per username (known or not, so the
 * answers reveal nothing) and per client address (any usernames). Up to the configured number of failures
 * nothing happens; each failure from then on locks the key for LOGIN_BACKOFF_BASE_SECONDS, doubling per
 * further failure up to LOGIN_BACKOFF_MAX_SECONDS. A locked key is answered 429 with Retry-After, before
 * any password is hashed. A successful login clears its username's count (never the address's).
 *
 * LoginService checks the lock and the password inside a small concurrency limit, so a burst of
 * concurrent attempts is checked a couple at a time and stops at the lock the first failures set.
 *
 * Counters live in memory, or in Redis when REDIS_URL is set, so that every server process shares them
 * (falling back to memory while Redis is unreachable, so logins never fail because of it).
 */
import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { ErrorType } from '@strata/domain';
import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { StrataHttpException } from '../../common/error-body';
import { AppConfig, type LoginThrottleSettings } from '../../config/app-config';

/** 429 in the spec's error shape; the controller sends `retryAfterSeconds` as the Retry-After header. */
export class LoginThrottled extends StrataHttpException {
  constructor(readonly retryAfterSeconds: number) {
    super(429, ErrorType.GENERIC_BACKEND_ERROR, `Too many failed logins. Try again in ${retryAfterSeconds} seconds.`, {
      retry_after: retryAfterSeconds,
    });
  }
}

/** How long a key is locked after its n-th counted failure, given the limit `max`: 0 below it. */
export function lockSeconds(failures: number, max: number, settings: LoginThrottleSettings): number {
  if (failures < max) return 0;
  return Math.min(settings.backoffBaseSeconds * 2 ** Math.min(failures - max, 30), settings.backoffMaxSeconds);
}

/** One dimension (usernames or addresses): a failure count and a lock per key. */
class KeyThrottle {
  constructor(
    private readonly failures: RateLimiterAbstract,
    private readonly locks: RateLimiterAbstract,
    private readonly max: number,
    private readonly settings: LoginThrottleSettings,
  ) {}

  /** Milliseconds the key stays locked; 0 when it is not. */
  async lockedFor(key: string): Promise<number> {
    const lock = await this.locks.get(key);
    return lock && lock.consumedPoints > 0 && lock.msBeforeNext > 0 ? lock.msBeforeNext : 0;
  }

  /** Counts a failure; returns how many the key has had and the seconds of the lock it started (0: none). */
  async failed(key: string): Promise<{ failures: number; lockedSeconds: number }> {
    const { consumedPoints: failures } = await this.failures.penalty(key);
    const lockedSeconds = lockSeconds(failures, this.max, this.settings);
    if (lockedSeconds > 0) await this.locks.block(key, lockedSeconds);
    return { failures, lockedSeconds };
  }

  async reset(key: string): Promise<void> {
    await Promise.all([this.failures.delete(key), this.locks.delete(key)]);
  }
}

const sha = (text: string) => createHash('sha256').update(text).digest('base64url');

@Injectable()
export class LoginThrottle implements OnModuleDestroy {
  private readonly logger = new Logger('LoginThrottle');
  private readonly usernames: KeyThrottle;
  /** null when LOGIN_MAX_FAILURES_PER_ADDRESS is 0. */
  private readonly addresses: KeyThrottle | null;
  private readonly redis?: Redis;

  constructor(config: AppConfig) {
    const settings = config.loginThrottle;
    // Redis keys are global to the Redis server: prefixed per deployment, as the socket adapter's channels.
    const deployment = sha(config.databaseUrl ?? config.strataHome).slice(0, 16);
    if (config.redisUrl) {
      // One retry, then the in-memory insurance answers: a login never hangs on an unreachable Redis.
      this.redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 1 });
      this.redis.on('error', (error: Error) =>
        this.logger.warn(`Redis for login throttling: ${error.message}; counting in memory meanwhile`),
      );
    }
    const limiter = (name: string, points: number): RateLimiterAbstract => {
      const options = {
        keyPrefix: `strata-login#${deployment}:${name}`,
        points,
        duration: settings.failureWindowSeconds,
      };
      const memory = new RateLimiterMemory(options);
      return this.redis
        ? new RateLimiterRedis({ ...options, storeClient: this.redis, insuranceLimiter: memory })
        : memory;
    };
    // Failures are counted with penalty(), which never refuses; a lock is a key blocked for its duration.
    const throttle = (name: string, max: number) =>
      new KeyThrottle(limiter(`${name}-failures`, Number.MAX_SAFE_INTEGER), limiter(`${name}-lock`, 1), max, settings);
    this.usernames = throttle('username', settings.maxFailuresPerUsername);
    this.addresses = settings.maxFailuresPerAddress > 0 ? throttle('address', settings.maxFailuresPerAddress) : null;
  }

  async onModuleDestroy(): Promise<void> {
    await this.redis?.quit().catch(() => undefined);
  }

  /** LoginThrottled while the username or the client's address is locked. */
  async check(username: string, ip: string | null): Promise<void> {
    const waits = await Promise.all([
      this.usernames.lockedFor(usernameKey(username)),
      this.addresses && ip ? this.addresses.lockedFor(ip) : 0,
    ]);
    const longest = Math.max(...waits);
    if (longest > 0) throw new LoginThrottled(Math.max(1, Math.ceil(longest / 1000)));
  }

  async failed(username: string, ip: string | null): Promise<void> {
    const counted: [KeyThrottle | null, string | null, string][] = [
      [this.usernames, usernameKey(username), `username '${username}'`],
      [this.addresses, ip, `address ${ip}`],
    ];
    for (const [throttle, key, label] of counted) {
      if (!throttle || !key) continue;
      const { failures, lockedSeconds } = await throttle.failed(key);
      if (lockedSeconds > 0) this.logger.warn(`${failures} failed logins for ${label}: locked for ${lockedSeconds} s`);
    }
  }

  /** A success clears the username (never the address: one good account must not unlock it for others). */
  async succeeded(username: string): Promise<void> {
    await this.usernames.reset(usernameKey(username));
  }
}

/** Usernames are case-insensitive; hashed, so any text makes a short, safe key. */
const usernameKey = (username: string) => sha(username.toLowerCase());
