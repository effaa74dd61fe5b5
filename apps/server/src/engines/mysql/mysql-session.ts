/**
 * One dedicated MySQL/MariaDB connection for a SQL Lab run (EngineSession). Rows are streamed from the
 * driver; once a row past maxRows arrives the statement is stopped in the server (KILL QUERY from a
 * control connection) instead of being drained, so at most about maxRows + 1 rows (plus what the
 * socket already buffered) cross the wire, whatever the statement would return.
 */
import type { Connection as CoreConnection, FieldPacket, ResultSetHeader } from 'mysql2';
import type { Connection, PoolConnection } from 'mysql2/promise';
import { rowsToObjects, uniqueColumnNames } from '../column-names';
import {
  EngineCancelledError,
  EngineError,
  EngineTimeoutError,
  type BeginOptions,
  type EngineSession,
  type ResultColumn,
  type ResultSet,
  type RowsHandler,
  type StatementOptions,
  type StreamedStatement,
} from '../query-engine';
import { SessionBase } from '../session-base';
import { mysqlStatementError } from './mysql-errors';
import { mysqlColumnType, mysqlValue } from './mysql-values';

export type MysqlFlavor = 'mariadb' | 'mysql';

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

/** ER_QUERY_INTERRUPTED: what a stream stopped by KILL QUERY ends with. */
const QUERY_INTERRUPTED = 1317;

export class MysqlSession extends SessionBase implements EngineSession {
  readonly backendId: string;
  private dirtySession = false;

  constructor(private readonly deps: MysqlSessionDeps) {
    super();
    this.backendId = String(deps.connection.threadId);
    this.core.on('error', this.onError);
  }

  private get core(): CoreConnection {
    return (this.deps.connection as unknown as { connection: CoreConnection }).connection;
  }

  /** `timeoutMs` needs nothing here: every statement sets its own timeout on MySQL/MariaDB. */
  async begin(options: BeginOptions): Promise<void> {
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
    const rows: unknown[][] = [];
    let streamed: Streamed;
    try {
      const read = await this.track(
        this.streamRows(sql, options.maxRows, (batch) => void rows.push(...batch), { params: options.params }),
      );
      streamed = { ...read, rows };
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

  async stream(
    sql: string,
    options: StatementOptions & { batchRows?: number },
    onRows: RowsHandler,
  ): Promise<StreamedStatement> {
    this.refuseIfCancelled();
    if (options.timeoutMs !== undefined) await this.setTimeout(options.timeoutMs);
    if (this.readOnly) await this.refuseIfReadOnlyLifted();
    this.refuseIfCancelled();
    let columns: ResultColumn[] = [];
    let convert: (rows: unknown[][]) => Record<string, unknown>[] = () => [];
    let rowCount = 0;
    const started = Date.now();
    try {
      const read = await this.track(
        this.streamRows(
          sql,
          options.maxRows,
          async (rows) => {
            rowCount += rows.length;
            await onRows(convert(rows), columns);
          },
          {
            params: options.params,
            batchRows: Math.max(1, options.batchRows ?? 1000),
            onFields: (fields) => ({ columns, convert } = converterFor(fields)),
          },
        ),
      );
      if (read.fields) columns = converterFor(read.fields).columns;
    } catch (err) {
      throw mysqlStatementError(err, { cancelled: this.cancelled, timeoutMs: options.timeoutMs });
    }
    // As in execute: SLEEP() and BENCHMARK() return normally when interrupted.
    if (this.cancelled) throw new EngineCancelledError();
    if (options.timeoutMs !== undefined && options.timeoutMs > 0 && Date.now() - started >= options.timeoutMs) {
      throw new EngineTimeoutError(options.timeoutMs);
    }
    return { columns, rowCount };
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
        // COM_RESET_CONNECTION: session variables, user variables, temporary tables, GET_LOCK locks and
        // prepared statements of this run do not outlive it. The current database survives it.
        await this.deps.connection.reset();
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
    throw new EngineError(
      'Only read-only statements are allowed against this database: the run lifted read-only mode.',
      'DML_NOT_ALLOWED_ERROR',
      400,
    );
  }

  private async setTimeout(timeoutMs: number): Promise<void> {
    this.dirtySession = true;
    const ms = Math.max(0, Math.round(timeoutMs));
    // MariaDB counts seconds (fractions allowed), MySQL milliseconds (and only for SELECT).
    await this.run(
      this.deps.flavor === 'mariadb'
        ? `SET SESSION max_statement_time = ${ms / 1000}`
        : `SET SESSION max_execution_time = ${ms}`,
    );
  }

  protected async run(sql: string): Promise<void> {
    try {
      await this.track(this.deps.connection.query(sql));
    } catch (err) {
      throw mysqlStatementError(err, { cancelled: this.cancelled });
    }
  }

  /**
   * Streams one statement's rows to `onRows` in batches, pausing the socket while a batch is handled.
   * The row after the maxRows-th means more would follow: the statement is killed in the server and its
   * "interrupted" ending taken as the end of the rows.
   */
  private streamRows(
    sql: string,
    maxRows: number | undefined,
    onRows: (rows: unknown[][]) => void | Promise<void>,
    options: { params?: readonly unknown[]; batchRows?: number; onFields?: (fields: FieldPacket[]) => void } = {},
  ): Promise<Omit<Streamed, 'rows'>> {
    const batchRows = options.batchRows ?? Infinity;
    return new Promise((resolve, reject) => {
      const out: Omit<Streamed, 'rows'> = { fields: null, affected: 0 };
      let batch: unknown[][] = [];
      let kept = 0;
      let stopping = false;
      let failed: unknown = null;
      // Batches are handed over one after the other; the socket waits while one is being handled.
      let handed: Promise<void> = Promise.resolve();
      let waiting = 0;
      const hand = (rows: unknown[][]) => {
        if (waiting++ === 0) this.core.pause();
        handed = handed
          .then(() => onRows(rows))
          .catch((err: unknown) => {
            failed ??= err;
            stop();
          })
          .finally(() => {
            if (--waiting === 0) this.core.resume();
          });
      };
      // The KILL must have landed before the next statement is sent, or it could stop that one.
      let killed: Promise<void> = Promise.resolve();
      const stop = () => {
        if (stopping) return;
        stopping = true;
        killed = this.signalBackend();
      };
      let ended = false;
      const finish = () => {
        if (ended) return;
        ended = true;
        if (batch.length > 0) hand(batch);
        batch = [];
        void handed.then(() => killed).then(() => (failed ? reject(failed) : resolve(out)));
      };
      const query = this.send(sql, options.params);
      query.on('fields', (fields: FieldPacket[] | undefined) => {
        // An OK packet (UPDATE, DDL) reports no fields.
        out.fields = fields && fields.length > 0 ? fields : null;
        if (out.fields) options.onFields?.(out.fields);
      });
      query.on('result', (row: unknown) => {
        if (out.fields === null) {
          out.affected += (row as ResultSetHeader).affectedRows ?? 0;
          return;
        }
        if (stopping) return;
        if (maxRows !== undefined && kept >= maxRows) return stop();
        kept += 1;
        batch.push(row as unknown[]);
        if (batch.length >= batchRows) {
          hand(batch);
          batch = [];
        }
      });
      query.on('error', (err: unknown) => {
        if (stopping && !this.cancelled && (err as { errno?: number }).errno === QUERY_INTERRUPTED) return finish();
        ended = true;
        void handed.then(() => killed).then(() => reject(err));
      });
      query.on('end', finish);
    });
  }

  /**
   * Without parameters: the text protocol (users' scripts; some statements cannot be prepared). With
   * them: a prepared statement, the values bound in the binary protocol (true binding, no escaping). The
   * driver caches prepared statements per connection; closing it after the run keeps a pooled connection
   * from piling up statements against max_prepared_stmt_count.
   */
  private send(sql: string, params: readonly unknown[] | undefined): ReturnType<CoreConnection['query']> {
    if (!params) return this.core.query({ sql, rowsAsArray: true });
    const command = this.core.execute({ sql, values: [...params], rowsAsArray: true });
    const unprepare = () => {
      // A connection that broke or was killed is destroyed by release(), statements and all.
      if (this.broken) return;
      try {
        this.core.unprepare(sql);
      } catch {
        this.broken = true;
      }
    };
    command.once('end', unprepare);
    command.once('error', unprepare);
    return command as unknown as ReturnType<CoreConnection['query']>;
  }

  private toResultSet({ fields, rows, affected }: Streamed): ResultSet {
    if (!fields) return { columns: [], rows: [], rowCount: affected };
    const { columns, convert } = converterFor(fields);
    return { columns, rows: convert(rows), rowCount: rows.length };
  }

  /** KILL QUERY from a control connection. */
  protected async signalBackend(): Promise<void> {
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

/** The result's columns and how a row of driver values becomes a JSON-ready object. */
function converterFor(fields: FieldPacket[]): {
  columns: ResultColumn[];
  convert: (rows: unknown[][]) => Record<string, unknown>[];
} {
  const names = uniqueColumnNames(fields.map((f) => f.name));
  const types = fields.map(mysqlColumnType);
  return {
    columns: names.map((name, i) => ({
      name,
      type: types[i].name,
      type_generic: types[i].generic,
      is_dttm: types[i].isDttm,
    })),
    convert: (rows) =>
      rowsToObjects(
        names,
        rows.map((row) => row.map((value, i) => mysqlValue(types[i], value))),
      ),
  };
}

const noop = () => undefined;
