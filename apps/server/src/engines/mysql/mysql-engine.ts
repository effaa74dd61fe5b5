/**
 * The MySQL/MariaDB engine (mysql2, promise API): one small pool per database, entered through its
 * ConnectionQueue (first come, first served, each wait bounded; mysql2's own queue has no bound); SQL
 * Lab runs hold a connection for the whole run (MysqlSession), cancelled with KILL QUERY from another
 * connection.
 */
import {
  createConnection,
  createPool,
  type Connection,
  type ConnectionOptions,
  type Pool,
  type PoolConnection,
  type RowDataPacket,
} from 'mysql2/promise';
import {
  EngineError,
  type BeginOptions,
  type ConnectionSpec,
  type EngineCapabilities,
  type EngineSession,
  type QueryEngine,
  type TableMetadata,
} from '../query-engine';
import { logConnectionErrors } from '../../common/connection-errors';
import { ConnectionQueue, POOL_SIZE } from '../connection-queue';
import { QueuedSession } from '../queued-session';
import { mysqlConnectionError, mysqlStatementError } from './mysql-errors';
import { mysqlListSchemas, mysqlListTables, mysqlTableMetadata, quoteMysqlIdentifier } from './mysql-metadata';
import { MysqlSession, type MysqlFlavor } from './mysql-session';

const CONNECT_TIMEOUT_MS = 10_000;

type ErrorEmitterLike = Parameters<typeof logConnectionErrors>[0];

function connectionOptions(spec: ConnectionSpec): ConnectionOptions {
  const ssl = spec.params?.ssl_mode ?? spec.params?.['ssl-mode'] ?? spec.params?.ssl;
  return {
    host: spec.host,
    port: spec.port,
    user: spec.username,
    password: spec.password ?? '',
    database: spec.database,
    connectTimeout: CONNECT_TIMEOUT_MS,
    // Values arrive as text and are converted in mysql-values.ts: no zone shifts, no rounding.
    dateStrings: true,
    supportBigNumbers: true,
    bigNumberStrings: true,
    multipleStatements: false,
    charset: 'utf8mb4',
    ...(ssl && !/^(disabled?|false|0)$/i.test(ssl) ? { ssl: { rejectUnauthorized: /verify/i.test(ssl) } } : {}),
  };
}

export class MysqlEngine implements QueryEngine {
  readonly backend = 'mysql' as const;
  private readonly pool: Pool;
  private readonly queue = new ConnectionQueue(POOL_SIZE);
  private caps: Promise<EngineCapabilities & { flavor: MysqlFlavor }> | undefined;
  private closed = false;

  constructor(private readonly spec: ConnectionSpec) {
    this.pool = createPool({ ...connectionOptions(spec), connectionLimit: POOL_SIZE, maxIdle: 2, idleTimeout: 30_000 });
    // An idle connection whose server went away: the pool drops it; nothing else to do.
    (this.pool as unknown as { on(event: string, fn: () => void): void }).on('error', () => undefined);
    // A pooled connection listens to its first error only (to leave the pool): a second one, or one while
    // checked out between sessions, would be thrown by Node. Each keeps a listener for its whole life.
    (this.pool as unknown as { on(event: 'connection', fn: (c: ErrorEmitterLike) => void): void }).on(
      'connection',
      (c) => logConnectionErrors(c, `database ${spec.host}:${spec.port}`),
    );
  }

  capabilities(): Promise<EngineCapabilities> {
    return this.probe();
  }

  async testConnection(): Promise<void> {
    let connection: Connection | undefined;
    try {
      connection = logConnectionErrors(
        await createConnection(connectionOptions(this.spec)),
        `database ${this.spec.host}:${this.spec.port}`,
      );
      await connection.query('SELECT 1');
    } catch (err) {
      throw mysqlConnectionError(err, this.spec);
    } finally {
      await connection?.end().catch(() => undefined);
    }
  }

  listSchemas(): Promise<string[]> {
    return this.metadata(() => this.withConnection((db) => mysqlListSchemas(db)));
  }

  listTables(schema: string): Promise<{ name: string; type: 'table' | 'view' }[]> {
    return this.metadata(() => this.withConnection((db) => mysqlListTables(db, schema)));
  }

  tableMetadata(schema: string, table: string): Promise<TableMetadata> {
    return this.metadata(() => this.withConnection((db) => mysqlTableMetadata(db, schema, table)));
  }

  async openSession(options: { waitMs?: number; begin?: BeginOptions } = {}): Promise<EngineSession> {
    const { flavor } = await this.probe();
    this.refuseIfClosed();
    const slot = await this.queue.acquire(options.waitMs);
    let connection: PoolConnection;
    try {
      connection = await this.connect();
    } catch (err) {
      slot();
      throw err;
    }
    const session = new MysqlSession({
      connection,
      flavor,
      defaultDatabase: this.spec.database,
      openControlConnection: () =>
        createConnection(connectionOptions(this.spec)).then((c) =>
          logConnectionErrors(c, `database ${this.spec.host}:${this.spec.port}`),
        ),
      quoteIdentifier: quoteMysqlIdentifier,
    });
    const queued = new QueuedSession(session, slot);
    if (options.begin) {
      try {
        await queued.begin(options.begin);
      } catch (err) {
        await queued.release();
        throw err;
      }
    }
    return queued;
  }

  async estimateCost(
    sql: string,
    options: { schema?: string | null; timeoutMs: number },
  ): Promise<Record<string, string>> {
    const session = await this.openSession({ waitMs: options.timeoutMs });
    try {
      await session.begin({ readOnly: true, schema: options.schema });
      const plan = await session.execute(`EXPLAIN ${sql}`, { timeoutMs: options.timeoutMs });
      await session.rollback();
      // One row per table of the plan; the product of their row estimates bounds the rows examined.
      const estimates = plan.rows.map((r) => Number(r.rows)).filter((n) => Number.isFinite(n) && n > 0);
      const total = estimates.reduce((a, b) => a * b, estimates.length > 0 ? 1 : 0);
      return { 'Estimated rows': String(total) };
    } finally {
      await session.release();
    }
  }

  quoteIdentifier(name: string): string {
    return quoteMysqlIdentifier(name);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.pool.end();
  }

  private probe(): Promise<EngineCapabilities & { flavor: MysqlFlavor }> {
    if (!this.caps) {
      const probing = this.metadata(() =>
        this.withConnection(async (db) => {
          const [result] = await db.query<RowDataPacket[]>('SELECT VERSION() AS version');
          const version = String(result[0].version);
          const flavor: MysqlFlavor = /mariadb/i.test(version) ? 'mariadb' : 'mysql';
          return { serverVersion: version, canCancelInDatabase: true, flavor };
        }),
      );
      probing.catch(() => {
        if (this.caps === probing) this.caps = undefined;
      });
      this.caps = probing;
    }
    return this.caps;
  }

  private refuseIfClosed(): void {
    if (this.closed) throw new EngineError('This database connection was closed.', 'GENERIC_DB_ENGINE_ERROR', 500);
  }

  /** Only with a slot of the queue held: the pool then always has a connection (or room for one). */
  private async connect(): Promise<PoolConnection> {
    this.refuseIfClosed();
    try {
      return await this.pool.getConnection();
    } catch (err) {
      throw mysqlConnectionError(err, this.spec);
    }
  }

  private withConnection<T>(fn: (db: PoolConnection) => Promise<T>): Promise<T> {
    this.refuseIfClosed();
    return this.queue.run(async () => {
      const db = await this.connect();
      try {
        return await fn(db);
      } finally {
        db.release();
      }
    });
  }

  /** Catalog questions: login and network failures are connection errors, the rest statement errors. */
  private async metadata<T>(fn: () => Promise<T>): Promise<T> {
    this.refuseIfClosed();
    try {
      return await fn();
    } catch (err) {
      if (err instanceof EngineError) throw err;
      const e = err as { errno?: number; fatal?: boolean };
      if (typeof e.errno === 'number' && !e.fatal && ![1044, 1045, 1049, 1130].includes(e.errno)) {
        throw mysqlStatementError(err, { cancelled: false });
      }
      throw mysqlConnectionError(err, this.spec);
    }
  }
}
