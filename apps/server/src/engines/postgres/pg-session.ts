/**
 * One dedicated connection of a SQL Lab run (EngineSession). Statements run one at a time; each gets
 * its own statement_timeout and is read through a portal (pg-cursor), so a `SELECT *` on a huge table
 * transfers at most maxRows rows instead of the whole result.
 */
import Cursor from 'pg-cursor';
import { Client, type FieldDef, type PoolClient } from 'pg';
import { rowsToObjects, uniqueColumnNames } from '../column-names';
import { EngineCancelledError, EngineError, type EngineSession, type ResultSet, type StatementOptions } from '../query-engine';
import { pgStatementError } from './pg-errors';
import type { PgTypeCatalog } from './pg-type-catalog';
import { resultTypes } from './pg-values';

/** How long cancel() keeps signalling a statement that is still in flight before giving up. */
const CANCEL_RETRY_MS = 100;
const CANCEL_GIVE_UP_MS = 10_000;

export interface PgSessionDeps {
  client: PoolClient;
  backendPid: number;
  types: PgTypeCatalog;
  /** Opens a separate connection to send pg_cancel_backend from. */
  openControlClient: () => Client;
  quoteIdentifier: (name: string) => string;
  /** False on PGlite: a cancel there only marks the session; the caller restarts the embedded worker. */
  canCancelInDatabase: boolean;
}

export class PgSession implements EngineSession {
  readonly backendId: string;
  private cancelled = false;
  private inTransaction = false;
  private readOnly = false;
  private sessionTimeoutSet = false;
  private released = false;
  private broken = false;
  /** The statement on the wire, if any: cancel() keeps signalling until it settles. */
  private inFlight: Promise<unknown> | null = null;

  constructor(private readonly deps: PgSessionDeps) {
    this.backendId = String(deps.backendPid);
    // A connection that dies while checked out emits 'error'; without a listener Node would crash.
    deps.client.on('error', this.onClientError);
  }

  async begin(options: { readOnly: boolean; schema?: string | null }): Promise<void> {
    this.refuseIfCancelled();
    await this.run(options.readOnly ? 'BEGIN READ ONLY' : 'BEGIN READ WRITE');
    this.inTransaction = true;
    this.readOnly = options.readOnly;
    if (options.schema) {
      // The chosen schema first, then the usual ones, so unqualified names resolve like in psql.
      await this.run(`SET LOCAL search_path TO ${this.deps.quoteIdentifier(options.schema)}, public`);
    }
    // Takes the transaction's snapshot now: afterwards `SET TRANSACTION READ WRITE` is refused by the
    // server ("must be set before any query"), so a user's first statement cannot lift read-only.
    if (options.readOnly) await this.run('SELECT 1');
  }

  async execute(sql: string, options: StatementOptions = {}): Promise<ResultSet> {
    this.refuseIfCancelled();
    this.refuseIfReadOnlyEscaped();
    if (options.timeoutMs !== undefined) await this.setTimeout(options.timeoutMs);
    this.refuseIfCancelled();
    try {
      // Always one statement through the extended protocol: `SELECT 1; COMMIT; DELETE ...` in one string
      // is refused by the server instead of leaving the read-only transaction.
      return await this.queryAtMost(sql, options.maxRows === undefined ? 0 : Math.max(1, options.maxRows));
    } catch (err) {
      throw pgStatementError(err, { cancelled: this.cancelled, timeoutMs: options.timeoutMs });
    }
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
      // A late cancel signal can hit the ROLLBACK itself; release() then destroys the connection anyway.
      if (!this.cancelled) throw err;
      this.broken = true;
    }
  }

  async cancel(): Promise<void> {
    this.cancelled = true;
    if (this.released || !this.deps.canCancelInDatabase) return;
    const started = Date.now();
    // A statement sent just as we checked may not have reached the backend yet, and a signal to an idle
    // backend is ignored: keep signalling while it is in flight.
    while (this.inFlight && Date.now() - started < CANCEL_GIVE_UP_MS) {
      const running = this.inFlight;
      // The signal's own connection may be slow to open: the statement ending first is good enough.
      await Promise.race([this.signalBackend(), running.then(noop, noop)]);
      await Promise.race([running.then(noop, noop), delay(CANCEL_RETRY_MS)]);
    }
  }

  async release(): Promise<void> {
    if (this.released) return;
    this.released = true;
    // After a cancel the transaction is aborted and a stray cancel signal may still arrive: never hand
    // that connection to the next user. (Our 'error' listener stays on a destroyed client: it may still
    // report the closing socket.)
    if (this.cancelled || this.broken) {
      this.deps.client.release(true);
      return;
    }
    this.deps.client.off('error', this.onClientError);
    try {
      if (this.inTransaction) await this.deps.client.query('ROLLBACK');
      if (this.sessionTimeoutSet) await this.deps.client.query('RESET statement_timeout');
      this.deps.client.release();
    } catch (err) {
      this.deps.client.release(err instanceof Error ? err : true);
    }
  }

  private readonly onClientError = () => {
    this.broken = true;
  };

  /**
   * A user's COMMIT or ROLLBACK ends the read-only transaction; what follows would run in autocommit,
   * read-write. The connection reports its transaction status after every statement: refuse to go on.
   */
  private refuseIfReadOnlyEscaped(): void {
    if (!this.readOnly || !this.inTransaction || this.deps.client.getTransactionStatus() !== 'I') return;
    this.broken = true;
    throw new EngineError(
      'Only read-only statements are allowed against this database: the run ended its read-only transaction.',
      'DML_NOT_ALLOWED_ERROR',
      400,
    );
  }

  private refuseIfCancelled(): void {
    if (this.cancelled) throw new EngineCancelledError();
    if (this.released) throw new EngineError('This session was already released.', 'GENERIC_DB_ENGINE_ERROR', 500);
  }

  private async setTimeout(timeoutMs: number): Promise<void> {
    const ms = Math.max(0, Math.round(timeoutMs));
    if (this.inTransaction) {
      await this.run(`SET LOCAL statement_timeout = ${ms}`);
    } else {
      await this.run(`SET statement_timeout = ${ms}`);
      this.sessionTimeoutSet = true;
    }
  }

  private async run(sql: string): Promise<void> {
    try {
      await this.track(this.deps.client.query(sql));
    } catch (err) {
      throw pgStatementError(err, { cancelled: this.cancelled });
    }
  }

  /** maxRows 0 reads every row (an Execute message without a row limit). */
  private async queryAtMost(sql: string, maxRows: number): Promise<ResultSet> {
    const cursor = this.deps.client.query(new Cursor(sql, undefined, { rowMode: 'array', types: resultTypes }));
    const read = new Promise<{ rows: unknown[][]; fields: FieldDef[]; rowCount: number | null }>((resolve, reject) => {
      cursor.read(Math.max(0, maxRows), (err, rows, result) => {
        if (err) reject(err);
        else resolve({ rows: rows as unknown as unknown[][], fields: result?.fields ?? [], rowCount: result?.rowCount ?? null });
      });
    });
    let fetched: Awaited<typeof read>;
    try {
      fetched = await this.track(read);
    } finally {
      // Closes the portal: the rows past maxRows are never sent. Until then the connection is busy.
      // On a dead connection (the embedded database restarted by a Stop) close() would never settle.
      if (!this.broken) await this.track(cursor.close()).catch(noop);
    }
    return this.toResultSet(fetched.fields, fetched.rows, fetched.rowCount);
  }

  private async toResultSet(fields: FieldDef[], rows: unknown[][], rowCount: number | null): Promise<ResultSet> {
    const names = uniqueColumnNames(fields.map((f) => f.name));
    const types = await this.deps.types.describe(
      fields.map((f) => f.dataTypeID),
      <R>(sql: string) => this.track(this.deps.client.query(sql)) as unknown as Promise<{ rows: R[] }>,
    );
    return {
      columns: names.map((name, i) => ({ name, type: types[i].name, type_generic: types[i].generic, is_dttm: types[i].isDttm })),
      rows: rowsToObjects(names, rows),
      rowCount: fields.length > 0 ? rows.length : (rowCount ?? 0),
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

  private async signalBackend(): Promise<void> {
    const control = this.deps.openControlClient();
    control.on('error', noop);
    try {
      await control.connect();
      await control.query('SELECT pg_cancel_backend($1)', [this.deps.backendPid]);
    } catch {
      // The database is unreachable: the statement times out on its own, and release() destroys the client.
    } finally {
      await control.end().catch(noop);
    }
  }
}

const noop = () => undefined;
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
