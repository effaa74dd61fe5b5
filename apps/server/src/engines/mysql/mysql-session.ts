/**
 * One dedicated MySQL/MariaDB connection for a SQL Lab run (EngineSession). Rows are streamed from the
 * driver and only the first maxRows are kept, so memory stays bounded whatever the statement returns
 * (callers put a LIMIT in the SQL so the server stops early, as Superset does).
 */
import type { Connection as CoreConnection, FieldPacket, ResultSetHeader } from 'mysql2';
import type { Connection, PoolConnection } from 'mysql2/promise';
import { rowsToObjects, uniqueColumnNames } from '../column-names';
import { EngineCancelledError, EngineError, EngineTimeoutError, type EngineSession, type ResultSet, type StatementOptions } from '../query-engine';
import { mysqlStatementError } from './mysql-errors';
import { mysqlColumnType, mysqlValue } from './mysql-values';

export type MysqlFlavor = 'mariadb' | 'mysql';

const CANCEL_RETRY_MS = 100;
const CANCEL_GIVE_UP_MS = 10_000;

export interface MysqlSessionDeps {
  connection: PoolConnection;
  flavor: MysqlFlavor;
  /** The database of the connection URL, selected again before the connection goes back to the pool. */
  defaultDatabase: string;
  openControlConnection: () => Promise<Connection>;
  quoteIdentifier: (name: string) => string;
}

interface Streamed {
  fields: FieldPacket[] | null;
  rows: unknown[][];
  affected: number;
}

export class MysqlSession implements EngineSession {
  readonly backendId: string;
  private cancelled = false;
  private inTransaction = false;
  private readOnly = false;
  private dirtySession = false;
  private released = false;
  private broken = false;
  private inFlight: Promise<unknown> | null = null;

  constructor(private readonly deps: MysqlSessionDeps) {
    this.backendId = String(deps.connection.threadId);
    this.core.on('error', this.onError);
  }

  private get core(): CoreConnection {
    return (this.deps.connection as unknown as { connection: CoreConnection }).connection;
  }

  async begin(options: { readOnly: boolean; schema?: string | null }): Promise<void> {
    this.refuseIfCancelled();
    this.dirtySession = true;
    if (options.schema) await this.run(`USE ${this.deps.quoteIdentifier(options.schema)}`);
    // DDL commits implicitly and would run outside a read-only transaction: the session default makes
    // the implicit next transaction read-only too.
    await this.run(options.readOnly ? 'SET SESSION TRANSACTION READ ONLY' : 'SET SESSION TRANSACTION READ WRITE');
    await this.run(options.readOnly ? 'START TRANSACTION READ ONLY' : 'START TRANSACTION READ WRITE');
    this.inTransaction = true;
    this.readOnly = options.readOnly;
  }

  async execute(sql: string, options: StatementOptions = {}): Promise<ResultSet> {
    this.refuseIfCancelled();
    if (options.timeoutMs !== undefined) await this.setTimeout(options.timeoutMs);
    if (this.readOnly) await this.refuseIfReadOnlyLifted();
    this.refuseIfCancelled();
    const started = Date.now();
    let streamed: Streamed;
    try {
      streamed = await this.track(this.stream(sql, options.maxRows));
    } catch (err) {
      throw mysqlStatementError(err, { cancelled: this.cancelled, timeoutMs: options.timeoutMs });
    }
    // SLEEP() and BENCHMARK() return normally when interrupted: the flag and the clock tell what happened.
    if (this.cancelled) throw new EngineCancelledError();
    if (options.timeoutMs !== undefined && options.timeoutMs > 0 && Date.now() - started >= options.timeoutMs) {
      throw new EngineTimeoutError(options.timeoutMs);
    }
    return this.toResultSet(streamed);
  }

  async commit(): Promise<void> {
    this.refuseIfCancelled();
    await this.run('COMMIT');
    this.inTransaction = false;
  }

  async rollback(): Promise<void> {
    if (!this.inTransaction || this.broken) return;
    this.inTransaction = false;
    try {
      await this.run('ROLLBACK');
    } catch (err) {
      if (!this.cancelled) throw err;
      this.broken = true;
    }
  }

  async cancel(): Promise<void> {
    this.cancelled = true;
    if (this.released) return;
    const started = Date.now();
    while (this.inFlight && Date.now() - started < CANCEL_GIVE_UP_MS) {
      const running = this.inFlight;
      await Promise.race([this.killQuery(), running.then(noop, noop)]);
      await Promise.race([running.then(noop, noop), delay(CANCEL_RETRY_MS)]);
    }
  }

  async release(): Promise<void> {
    if (this.released) return;
    this.released = true;
    if (this.cancelled || this.broken) {
      this.deps.connection.destroy();
      return;
    }
    this.core.off('error', this.onError);
    try {
      if (this.inTransaction) await this.deps.connection.query('ROLLBACK');
      if (this.dirtySession) {
        await this.deps.connection.query('SET SESSION TRANSACTION READ WRITE');
        await this.deps.connection.query(
          this.deps.flavor === 'mariadb' ? 'SET SESSION max_statement_time = DEFAULT' : 'SET SESSION max_execution_time = DEFAULT',
        );
        await this.deps.connection.query(`USE ${this.deps.quoteIdentifier(this.deps.defaultDatabase)}`);
      }
      this.deps.connection.release();
    } catch {
      this.deps.connection.destroy();
    }
  }

  private readonly onError = () => {
    this.broken = true;
  };

  /**
   * After a user's COMMIT the session default keeps new transactions read-only, but a user's
   * `SET SESSION TRANSACTION READ WRITE` would lift it: check it before every statement.
   */
  private async refuseIfReadOnlyLifted(): Promise<void> {
    const variable = this.deps.flavor === 'mariadb' ? '@@session.tx_read_only' : '@@session.transaction_read_only';
    let readOnly: boolean;
    try {
      const [rows] = await this.track(this.deps.connection.query(`SELECT ${variable} AS ro`));
      readOnly = Number((rows as { ro: unknown }[])[0]?.ro) === 1;
    } catch (err) {
      throw mysqlStatementError(err, { cancelled: this.cancelled });
    }
    if (readOnly) return;
    this.broken = true;
    throw new EngineError('Only read-only statements are allowed against this database: the run lifted read-only mode.', 'DML_NOT_ALLOWED_ERROR', 400);
  }

  private refuseIfCancelled(): void {
    if (this.cancelled) throw new EngineCancelledError();
    if (this.released) throw new EngineError('This session was already released.', 'GENERIC_DB_ENGINE_ERROR', 500);
  }

  private async setTimeout(timeoutMs: number): Promise<void> {
    this.dirtySession = true;
    const ms = Math.max(0, Math.round(timeoutMs));
    // MariaDB counts seconds (fractions allowed), MySQL milliseconds (and only for SELECT).
    await this.run(
      this.deps.flavor === 'mariadb' ? `SET SESSION max_statement_time = ${ms / 1000}` : `SET SESSION max_execution_time = ${ms}`,
    );
  }

  private async run(sql: string): Promise<void> {
    try {
      await this.track(this.deps.connection.query(sql));
    } catch (err) {
      throw mysqlStatementError(err, { cancelled: this.cancelled });
    }
  }

  private stream(sql: string, maxRows: number | undefined): Promise<Streamed> {
    return new Promise((resolve, reject) => {
      const out: Streamed = { fields: null, rows: [], affected: 0 };
      const query = this.core.query({ sql, rowsAsArray: true });
      query.on('fields', (fields: FieldPacket[] | undefined) => {
        // An OK packet (UPDATE, DDL) reports no fields.
        out.fields = fields && fields.length > 0 ? fields : null;
      });
      query.on('result', (row: unknown) => {
        if (out.fields === null) {
          out.affected += (row as ResultSetHeader).affectedRows ?? 0;
        } else if (maxRows === undefined || out.rows.length < maxRows) {
          out.rows.push(row as unknown[]);
        }
      });
      query.on('error', reject);
      query.on('end', () => resolve(out));
    });
  }

  private toResultSet({ fields, rows, affected }: Streamed): ResultSet {
    if (!fields) return { columns: [], rows: [], rowCount: affected };
    const names = uniqueColumnNames(fields.map((f) => f.name));
    const types = fields.map(mysqlColumnType);
    const converted = rows.map((row) => row.map((value, i) => mysqlValue(types[i], value)));
    return {
      columns: names.map((name, i) => ({ name, type: types[i].name, type_generic: types[i].generic, is_dttm: types[i].isDttm })),
      rows: rowsToObjects(names, converted),
      rowCount: rows.length,
    };
  }

  private track<T>(promise: Promise<T>): Promise<T> {
    this.inFlight = promise;
    const clear = () => {
      if (this.inFlight === promise) this.inFlight = null;
    };
    promise.then(clear, clear);
    return promise;
  }

  private async killQuery(): Promise<void> {
    let control: Connection | undefined;
    try {
      control = await this.deps.openControlConnection();
      await control.query(`KILL QUERY ${Number(this.backendId)}`);
    } catch {
      // Unreachable or already gone: the timeout still bounds the statement; release() destroys it.
    } finally {
      await control?.end().catch(noop);
    }
  }
}

const noop = () => undefined;
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
