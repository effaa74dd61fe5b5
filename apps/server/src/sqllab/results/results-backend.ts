/**
 * Where finished results wait for the client (REFERENCE §1.8): opaque bytes (a SerializedResult),
 * zlib-compressed, under a uuid key, for a time to live (the database's cache_timeout, else one day). A
 * PostgreSQL table by default; Redis when REDIS_URL is set. `fetch` tells a missing key from an expired
 * one: a missing key may still be on its way (written after the run answered, see ResultsStore).
 */
import { promisify } from 'node:util';
import { constants, deflate, inflate } from 'node:zlib';
import IORedis from 'ioredis';
import type { DataSource } from 'typeorm';
import { logConnectionErrors } from '../../common/connection-errors';

const deflateAsync = promisify(deflate);
const inflateAsync = promisify(inflate);

export const DEFAULT_RESULTS_TTL_SEC = 86_400;
/** Expired rows are swept by a write at most this often (one DELETE per write cost every run a query). */
const SWEEP_EVERY_MS = 60_000;

export type FetchedBlob = { state: 'found'; bytes: Buffer } | { state: 'expired' } | { state: 'missing' };

export abstract class ResultsBackend {
  abstract put(key: string, bytes: Buffer, ttlSec: number): Promise<void>;
  abstract fetch(key: string): Promise<FetchedBlob>;
  abstract close(): Promise<void>;
}

// Fastest level: results live a day at most, and compressing must not hold a 100,000-row run up. zlib
// runs on libuv's thread pool, off the event loop.
const compress = (bytes: Buffer) => deflateAsync(bytes, { level: constants.Z_BEST_SPEED });

export class PostgresResultsBackend extends ResultsBackend {
  private lastSweep = 0;

  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async put(key: string, bytes: Buffer, ttlSec: number): Promise<void> {
    const blob = await compress(bytes);
    await this.dataSource.query(
      `INSERT INTO query_results (key, value, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, expires_at = EXCLUDED.expires_at`,
      [key, blob, ttlSec],
    );
    // Expired rows are swept by writes, so the table never grows far past one TTL of results.
    if (Date.now() - this.lastSweep >= SWEEP_EVERY_MS) {
      this.lastSweep = Date.now();
      await this.dataSource.query('DELETE FROM query_results WHERE expires_at < now()');
    }
  }

  async fetch(key: string): Promise<FetchedBlob> {
    const rows: { value: Buffer; live: boolean }[] = await this.dataSource.query(
      'SELECT value, expires_at > now() AS live FROM query_results WHERE key = $1',
      [key],
    );
    if (!rows[0]) return { state: 'missing' };
    if (!rows[0].live) return { state: 'expired' };
    return { state: 'found', bytes: await inflateAsync(rows[0].value) };
  }

  async close(): Promise<void> {}
}

export class RedisResultsBackend extends ResultsBackend {
  private readonly redis: IORedis;

  constructor(
    redisUrl: string,
    private readonly prefix = 'strata:results:',
  ) {
    super();
    this.redis = logConnectionErrors(new IORedis(redisUrl), 'Redis (SQL Lab results)');
  }

  async put(key: string, bytes: Buffer, ttlSec: number): Promise<void> {
    await this.redis.set(this.prefix + key, await compress(bytes), 'EX', Math.max(1, Math.ceil(ttlSec)));
  }

  /** Redis forgets an expired key: it reads as missing. */
  async fetch(key: string): Promise<FetchedBlob> {
    const blob = await this.redis.getBuffer(this.prefix + key);
    return blob ? { state: 'found', bytes: await inflateAsync(blob) } : { state: 'missing' };
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}
