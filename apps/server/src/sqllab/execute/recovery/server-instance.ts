/**
 * This server process, as the holder of SQL Lab runs. It holds a PostgreSQL advisory lock for its
 * whole life on one dedicated metadata connection; the lock goes when the process (or its connection)
 * dies, so any process can tell whether the holder recorded on a run (`runner`) is still alive.
 */
import { randomInt } from 'node:crypto';
import { Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { DataSource, type QueryRunner } from 'typeorm';

/** The first key of every instance lock ("ST"), the second is the instance id. */
const LOCK_NAMESPACE = 0x5354;

@Injectable()
export class ServerInstance implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('ServerInstance');
  /** A positive int4: the advisory lock's second key. */
  readonly id = String(randomInt(1, 2 ** 31 - 1));
  private connection: QueryRunner | null = null;

  constructor(private readonly dataSource: DataSource) {}

  async onModuleInit(): Promise<void> {
    this.connection = this.dataSource.createQueryRunner();
    await this.connection.connect();
    await this.connection.query('SELECT pg_advisory_lock($1, $2)', [LOCK_NAMESPACE, Number(this.id)]);
  }

  /** Whether the process that recorded `id` still runs (holds its lock). */
  async isAlive(id: string): Promise<boolean> {
    if (id === this.id) return true;
    const key = Number(id);
    if (!Number.isSafeInteger(key) || key < 1 || key >= 2 ** 31) return false;
    const rows: { alive: boolean }[] = await this.dataSource.query(
      `SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND classid = $1 AND objid = $2 AND objsubid = 2 AND granted) AS alive`,
      [LOCK_NAMESPACE, key],
    );
    return rows[0]?.alive === true;
  }

  async onApplicationShutdown(): Promise<void> {
    const connection = this.connection;
    this.connection = null;
    if (!connection) return;
    try {
      await connection.query('SELECT pg_advisory_unlock($1, $2)', [LOCK_NAMESPACE, Number(this.id)]);
    } catch (err) {
      // The database went first: the lock went with the connection.
      this.logger.debug?.(`releasing the instance lock: ${(err as Error).message}`);
    }
    await connection.release().catch(() => undefined);
  }
}
