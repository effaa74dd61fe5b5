/**
 * Chart data results by cache key (REFERENCE §2.1: the query and the dataset's version): Redis when
 * REDIS_URL is set, so every server process and async worker shares it; else an in-memory map with a
 * size bound. Entries expire after the cache timeout (cacheTimeoutOf: the request's, chart's, dataset's or
 * database's, else CACHE_DEFAULT_TIMEOUT, one day).
 */
import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { AppConfig } from '../config/app-config';
import { logConnectionErrors } from '../common/connection-errors';

export const CACHE_DEFAULT_TIMEOUT_SEC = 86_400;

/** The cache timeouts a chart data request can name, most specific first (null: not set). */
export interface CacheTimeouts {
  custom?: number | null;
  chart?: number | null;
  dataset?: number | null;
  database?: number | null;
}

/**
 * REFERENCE §2.1: custom_cache_timeout > chart > dataset > database > CACHE_DEFAULT_TIMEOUT. As in
 * Superset, the first level that is set decides, and 0 there means the server default (not the next level).
 */
export function cacheTimeoutOf(t: CacheTimeouts): number {
  const chosen = [t.custom, t.chart, t.dataset, t.database].find((v) => v !== null && v !== undefined);
  return chosen ? chosen : CACHE_DEFAULT_TIMEOUT_SEC;
}
const MEMORY_ENTRIES = 500;
/** Rows kept in memory across entries: a few large results must not grow the process without bound. */
const MEMORY_ROWS = 500_000;
const PREFIX = 'strata:chart-data:';

export interface CachedEntry<T> {
  value: T;
  cachedAt: string;
}

@Injectable()
export class ChartDataCache implements OnApplicationShutdown {
  private readonly memory = new Map<string, { entry: CachedEntry<unknown>; expires: number; rows: number }>();
  private memoryRows = 0;
  private readonly redis: Redis | null;

  constructor(config: AppConfig) {
    this.redis = config.redisUrl
      ? logConnectionErrors(
          new Redis(config.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 }),
          'Redis (chart data cache)',
        )
      : null;
  }

  async get<T>(key: string): Promise<CachedEntry<T> | null> {
    if (this.redis) {
      const raw = await this.redis.get(PREFIX + key).catch(() => null);
      return raw ? (JSON.parse(raw) as CachedEntry<T>) : null;
    }
    const hit = this.memory.get(key);
    if (!hit) return null;
    if (hit.expires < Date.now()) {
      this.evict(key);
      return null;
    }
    return hit.entry as CachedEntry<T>;
  }

  /** `rows` weighs the entry for the in-memory budget (the result's row count). */
  async set<T>(key: string, value: T, timeoutSec = CACHE_DEFAULT_TIMEOUT_SEC, rows = 1): Promise<CachedEntry<T>> {
    const entry: CachedEntry<T> = { value, cachedAt: new Date().toISOString() };
    if (this.redis) {
      // A cache that cannot be written is not an error of the chart: the result is still returned.
      await this.redis.set(PREFIX + key, JSON.stringify(entry), 'EX', timeoutSec).catch(() => undefined);
      return entry;
    }
    if (rows > MEMORY_ROWS) return entry;
    this.evict(key);
    // Oldest first: a Map iterates in insertion order.
    while (this.memory.size >= MEMORY_ENTRIES || this.memoryRows + rows > MEMORY_ROWS)
      this.evict(this.memory.keys().next().value as string);
    this.memory.set(key, { entry, expires: Date.now() + timeoutSec * 1000, rows });
    this.memoryRows += rows;
    return entry;
  }

  private evict(key: string): void {
    const hit = this.memory.get(key);
    if (!hit) return;
    this.memoryRows -= hit.rows;
    this.memory.delete(key);
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.redis) this.redis.disconnect();
  }
}
