/**
 * The PostgreSQL engine: one small pool per database, entered through its ConnectionQueue (first come,
 * first served; a checkout never waits inside the pool, where node-postgres would fail it with a connect
 * timeout). Metadata and cost estimates borrow a pooled client briefly; SQL Lab runs hold one for the
 * whole run (PgSession).
 */
import { Client, Pool, type PoolClient, type QueryResult } from 'pg';
import { ConnectionQueue, POOL_SIZE } from '../connection-queue';
import { QueuedSession } from '../queued-session';
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
import { pgClientConfig, pgPoolConfig } from './pg-connection';
import { pgConnectionError, pgStatementError } from './pg-errors';
import { pgListSchemas, pgListTables, pgTableMetadata, quotePgIdentifier } from './pg-metadata';
import { beginStatements, PgSession } from './pg-session';
import { PgTypeCatalog } from './pg-type-catalog';

/**
 * The connection itself is gone: no SQLSTATE (socket closed or reset), the server ended the session
 * (57P01 terminated by an administrator or a restart, 57P02 crash, 57P03 cannot connect now), or class 08.
 */
function connectionLost(err: unknown): boolean {
  const sqlstate = (err as { code?: unknown } | null)?.code;
  if (typeof sqlstate !== 'string' || !/^[0-9A-Z]{5}$/.test(sqlstate)) return true;
  return sqlstate.startsWith('57P') || sqlstate.startsWith('08');
}

/** EXPLAIN's first line: `Seq Scan on t  (cost=0.00..35.50 rows=2550 width=4)`. */
const COST = /cost=([\d.]+)\.\.([\d.]+)/;

export class PostgresEngine implements QueryEngine {
  readonly backend = 'postgresql' as const;
  private readonly pool: Pool;
  private readonly types: PgTypeCatalog;
  private readonly queue = new ConnectionQueue(POOL_SIZE);
  private caps: Promise<EngineCapabilities> | undefined;
  private closed = false;

  constructor(private readonly spec: ConnectionSpec) {
    this.pool = new Pool(pgPoolConfig(spec));
    // Every client keeps a listener for its whole life, checked out or idle (the pool removes its own
    // while a client is checked out): a database that dies mid-query must not take the server down.
    this.pool.on('connect', (client) => logConnectionErrors(client, `database ${spec.host}:${spec.port}`));
    // An idle client's error is also re-emitted by the pool, which drops it; the line above logged it.
    this.pool.on('error', () => undefined);
    this.types = new PgTypeCatalog();
  }

  capabilities(): Promise<EngineCapabilities> {
    if (!this.caps) {
      const probing = this.withClient(async (client) => {
        const { rows } = await client.query<{ version: string }>('SELECT version() AS version');
        const version = rows[0].version;
        // PGlite reports e.g. "PostgreSQL 17.5 on x86_64-pc-linux-gnu, compiled by emcc": one wasm backend.
        return { serverVersion: version, canCancelInDatabase: !/emscripten|emcc|wasm/i.test(version) };
      });
      probing.catch(() => {
        if (this.caps === probing) this.caps = undefined;
      });
      this.caps = probing;
    }
    return this.caps;
  }

  async testConnection(): Promise<void> {
    // A fresh client, not the pool: a test must not pass thanks to a connection opened before a change.
    const client = new Client(pgClientConfig(this.spec));
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('SELECT 1');
    } catch (err) {
      throw pgConnectionError(err, this.spec);
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  listSchemas(): Promise<string[]> {
    return this.metadata(() => this.withClient((client) => pgListSchemas(client)));
  }

  listTables(schema: string): Promise<{ name: string; type: 'table' | 'view' }[]> {
    return this.metadata(() => this.withClient((client) => pgListTables(client, schema)));
  }

  tableMetadata(schema: string, table: string): Promise<TableMetadata> {
    return this.metadata(() => this.withClient((client) => pgTableMetadata(client, schema, table)));
  }

  async openSession(options: { waitMs?: number; begin?: BeginOptions } = {}): Promise<EngineSession> {
    const { canCancelInDatabase } = await this.capabilities();
    this.refuseIfClosed();
    const slot = await this.queue.acquire(options.waitMs);
    const { begin } = options;
    // The first use of a pooled client asks its backend's pid; with `begin` the transaction starts in
    // the same message (the SELECT takes its snapshot), so a chart query waits on one round trip, not four.
    const first = [...(begin ? beginStatements(begin, quotePgIdentifier) : []), 'SELECT pg_backend_pid() AS pid'];
    let checkedOut: { client: PoolClient; value: number };
    try {
      checkedOut = await this.checkout(async (c) => {
        try {
          const answered = (await c.query(first.join('; '))) as unknown as QueryResult | QueryResult[];
          const last = Array.isArray(answered) ? answered[answered.length - 1] : answered;
          return (last.rows[0] as { pid: number }).pid;
        } catch (err) {
          // A part after BEGIN failed: the connection must not go back to the pool inside a transaction.
          if (begin && !connectionLost(err)) await c.query('ROLLBACK').catch(() => undefined);
          throw err;
        }
      });
    } catch (err) {
      slot();
      throw pgConnectionError(err, this.spec);
    }
    const session = new PgSession({
      client: checkedOut.client,
      backendPid: checkedOut.value,
      types: this.types,
      openControlClient: () => new Client(pgClientConfig(this.spec)),
      quoteIdentifier: quotePgIdentifier,
      canCancelInDatabase,
    });
    if (begin) session.begun(begin);
    return new QueuedSession(session, slot);
  }

  async estimateCost(
    sql: string,
    options: { schema?: string | null; timeoutMs: number },
  ): Promise<Record<string, string>> {
    const session = await this.openSession({ waitMs: options.timeoutMs });
    try {
      // Read-only and rolled back: EXPLAIN without ANALYZE runs nothing, and even a function in the
      // statement cannot write.
      await session.begin({ readOnly: true, schema: options.schema });
      const plan = await session.execute(`EXPLAIN ${sql}`, { timeoutMs: options.timeoutMs });
      await session.rollback();
      const firstLine = String(Object.values(plan.rows[0] ?? {})[0] ?? '');
      const match = COST.exec(firstLine);
      if (!match) throw new EngineError(`No cost in the plan: ${firstLine}`, 'GENERIC_DB_ENGINE_ERROR');
      return { 'Start-up cost': match[1], 'Total cost': match[2] };
    } finally {
      await session.release();
    }
  }

  quoteIdentifier(name: string): string {
    return quotePgIdentifier(name);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.pool.end();
  }

  private refuseIfClosed(): void {
    if (this.closed) throw new EngineError('This database connection was closed.', 'GENERIC_DB_ENGINE_ERROR', 500);
  }

  /** Only with a slot of the queue held: the pool then always has a connection (or room for one). */
  private async connect(): Promise<PoolClient> {
    this.refuseIfClosed();
    try {
      return await this.pool.connect();
    } catch (err) {
      throw pgConnectionError(err, this.spec);
    }
  }

  private withClient<T>(fn: (client: PoolClient) => Promise<T>): Promise<T> {
    this.refuseIfClosed();
    return this.queue.run(async () => {
      const { client, value } = await this.checkout(fn);
      client.release();
      return value;
    });
  }

  /**
   * A client from the pool and the result of its first use. An idle pooled client may be dead without
   * the pool knowing yet (its database just restarted, e.g. the embedded one after a Stop, and the
   * socket's close is not read yet): its use then fails without a SQLSTATE, and it is destroyed and the
   * next one tried. A fresh connection ends the loop (one to a restarting embedded database waits for it).
   */
  private async checkout<T>(use: (client: PoolClient) => Promise<T>): Promise<{ client: PoolClient; value: T }> {
    for (let attempt = 1; ; attempt++) {
      const client = await this.connect();
      try {
        return { client, value: await use(client) };
      } catch (err) {
        const dropped = connectionLost(err);
        client.release(dropped ? (err as Error) : undefined);
        if (!dropped || attempt > POOL_SIZE) throw err;
      }
    }
  }

  /** Catalog questions: connection failures are classified as such, the rest as statement errors. */
  private async metadata<T>(fn: () => Promise<T>): Promise<T> {
    this.refuseIfClosed();
    try {
      return await fn();
    } catch (err) {
      if (err instanceof EngineError) throw err;
      const sqlstate = (err as { code?: string }).code;
      if (
        typeof sqlstate === 'string' &&
        /^[0-9A-Z]{5}$/.test(sqlstate) &&
        !sqlstate.startsWith('28') &&
        sqlstate !== '3D000'
      ) {
        throw pgStatementError(err, { cancelled: false });
      }
      throw pgConnectionError(err, this.spec);
    }
  }
}
