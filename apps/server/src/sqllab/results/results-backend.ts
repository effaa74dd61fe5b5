/**
 * Where finished results wait for the client (REFERENCE §1.8): JSON, zlib-compressed, under a uuid key,
 * for a time to live (the database's cache_timeout, else one day). A PostgreSQL table by default; Redis
 * when REDIS_URL is set. `get` answers null for a missing or expired key (the 410 of /results/).
 */
import { promisify } from 'node:util';
import { constants, deflate, inflate } from 'node:zlib';
import IORedis from 'ioredis';
import type { DataSource } from 'typeorm';

const deflateAsync = promisify(deflate);
const inflateAsync = promisify(inflate);

export const DEFAULT_RESULTS_TTL_SEC = 86_400;

export abstract class ResultsBackend {
  abstract set(key: string, value: unknown, ttlSec: number): Promise<void>;
  abstract get<T = unknown>(key: string): Promise<T | null>;
  abstract close(): Promise<void>;
}

// Fastest level: results live a day at most, and a 100,000-row write must not slow the run down.
const encode = (value: unknown) => deflateAsync(Buffer.from(JSON.stringify(value)), { level: constants.Z_BEST_SPEED });
const decode = async <T>(blob: Buffer) => JSON.parse((await inflateAsync(blob)).toString('utf8')) as T;

export class PostgresResultsBackend extends ResultsBackend {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async set(key: string, value: unknown, ttlSec: number): Promise<void> {
    const blob = await encode(value);
    await this.dataSource.query(
      `INSERT INTO query_results (key, value, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, expires_at = EXCLUDED.expires_at`,
      [key, blob, ttlSec],
    );
    // Expired rows are swept on write, so the table never grows past one TTL of results.
    await this.dataSource.query('DELETE FROM query_results WHERE expires_at < now()');
  }

  async get<T>(key: string): Promise<T | null> {
    const rows: { value: Buffer }[] = await this.dataSource.query('SELECT value FROM query_results WHERE key = $1 AND expires_at > now()', [key]);
    return rows[0] ? decode<T>(rows[0].value) : null;
  }

  async close(): Promise<void> {}
}

export class RedisResultsBackend extends ResultsBackend {
  private readonly redis: IORedis;

  constructor(redisUrl: string, private readonly prefix = 'strata:results:') {
    super();
    this.redis = new IORedis(redisUrl);
  }

  async set(key: string, value: unknown, ttlSec: number): Promise<void> {
    await this.redis.set(this.prefix + key, await encode(value), 'EX', Math.max(1, Math.ceil(ttlSec)));
  }

  async get<T>(key: string): Promise<T | null> {
    const blob = await this.redis.getBuffer(this.prefix + key);
    return blob ? decode<T>(blob) : null;
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}
