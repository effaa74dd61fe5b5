/**
 * One dedicated connection of a SQL Lab run (EngineSession). Statements run one at a time; each gets
 * its own statement_timeout and is read through a portal (pg-cursor), so a `SELECT *` on a huge table
 * transfers at most maxRows rows instead of the whole result.
 */
import Cursor from 'pg-cursor';
import { Client, type FieldDef, type PoolClient, type QueryArrayConfig } from 'pg';
import { rowsToObjects, uniqueColumnNames } from '../column-names';
import {
  EngineError,
  type BeginOptions,
  type EngineSession,
  type ResultColumn,
  type ResultSet,
  type RowsHandler,
  type StatementOptions,
  type StreamedStatement,
} from '../query-engine';
import { SessionBase } from '../session-base';
import { pgStatementError } from './pg-errors';
import type { PgTypeCatalog, PgTypeInfo } from './pg-type-catalog';
import { resultTypes } from './pg-values';

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

export class PgSession extends SessionBase implements EngineSession {
  readonly backendId: string;
  /** The statement_timeout begin() set for the transaction's first statement, until a statement runs. */
  private timeoutReady: number | null = null;

  constructor(private readonly deps: PgSessionDeps) {
    super();
    this.backendId = String(deps.backendPid);
    // A connection that dies while checked out emits 'error'; without a listener Node would crash.
    deps.client.on('error', this.onClientError);
  }

  async begin(options: BeginOptions): Promise<void> {
    this.refuseIfCancelled();
    // Marked first: should a later part of the message fail, release() still rolls the transaction back.
    this.begun(options);
    // One message, one round trip (the simple protocol runs its statements in order).
    const statements = beginStatements(options, this.deps.quoteIdentifier);
    // Takes the transaction's snapshot now: afterwards `SET TRANSACTION READ WRITE` is refused by the
    // server ("must be set before any query"), so a user's first statement cannot lift read-only.
    if (options.readOnly) statements.push('SELECT 1');
    await this.run(statements.join('; '));
  }

  /**
   * The transaction `beginStatements(options)` opened, here or in the engine's checkout message
   * (PostgresEngine.openSession with `begin`), which ends with a snapshot-taking SELECT.
   */
  begun(options: BeginOptions): void {
    this.inTransaction = true;
    this.readOnly = options.readOnly;
    this.timeoutReady = options.timeoutMs === undefined ? null : roundedTimeout(options.timeoutMs);
  }

  async execute(sql: string, options: StatementOptions = {}): Promise<ResultSet> {
    this.refuseIfCancelled();
    this.refuseIfReadOnlyEscaped();
    await this.applyTimeout(options.timeoutMs);
    this.refuseIfCancelled();
    try {
      // Always one statement through the extended protocol: `SELECT 1; COMMIT; DELETE ...` in one string
      // is refused by the server instead of leaving the read-only transaction.
      if (options.maxRows === undefined) return await this.queryWhole(sql, options.params);
      return await this.queryAtMost(sql, options.params, Math.max(1, options.maxRows));
    } catch (err) {
      throw pgStatementError(err, { cancelled: this.cancelled, timeoutMs: options.timeoutMs });
    }
  }

  async stream(
    sql: string,
    options: StatementOptions & { batchRows?: number },
    onRows: RowsHandler,
  ): Promise<StreamedStatement> {
    this.refuseIfCancelled();
    this.refuseIfReadOnlyEscaped();
    await this.applyTimeout(options.timeoutMs);
    this.refuseIfCancelled();
    const maxRows = options.maxRows ?? Infinity;
    const batchRows = Math.max(1, options.batchRows ?? 1000);
    // The type names must be known before the cursor holds the connection (see describeLoaded).
    await this.deps.types.describe([], this.catalogQuery);
    const cursor = this.deps.client.query(
      new Cursor(sql, options.params ? [...options.params] : undefined, { rowMode: 'array', types: resultTypes }),
    );
    let columns: ResultColumn[] | null = null;
    let rowCount = 0;
    try {
      // Each read is one Execute on the portal: the server sends that many rows and waits.
      while (rowCount < maxRows) {
        const wanted = Math.min(batchRows, maxRows - rowCount);
        const { rows, fields } = await this.track(readCursor(cursor, wanted));
        if (columns === null)
          columns = this.columnsOf(fields, await this.deps.types.describeLoaded(fields.map((f) => f.dataTypeID)));
        if (rows.length > 0) {
          rowCount += rows.length;
          await onRows(
            rowsToObjects(
              columns.map((c) => c.name),
              rows,
            ),
            columns,
          );
        }
        if (rows.length < wanted) break; // the statement has no more rows
      }
    } catch (err) {
      throw pgStatementError(err, { cancelled: this.cancelled, timeoutMs: options.timeoutMs });
    } finally {
      if (!this.broken) await this.track(cursor.close()).catch(noop);
    }
    return { columns: columns ?? [], rowCount };
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
      // The next run on this connection starts clean: no setting, temporary table or advisory lock of
      // this run outlives it (a run that committed keeps its session-level SETs otherwise).
      await this.deps.client.query(this.deps.canCancelInDatabase ? 'DISCARD ALL' : PGLITE_RESET);
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

  /**
   * The statement's timeout: already set when begin() set this one and nothing ran since (a statement
   * of the user's may change statement_timeout, so the next one sets its own again).
   */
  private async applyTimeout(timeoutMs: number | undefined): Promise<void> {
    const ready = this.timeoutReady;
    this.timeoutReady = null;
    if (timeoutMs === undefined) return;
    if (ready !== null && ready === roundedTimeout(timeoutMs) && this.inTransaction) return;
    await this.setTimeout(timeoutMs);
  }

  private async setTimeout(timeoutMs: number): Promise<void> {
    const ms = roundedTimeout(timeoutMs);
    if (this.inTransaction) {
      await this.run(`SET LOCAL statement_timeout = ${ms}`);
    } else {
      await this.run(`SET statement_timeout = ${ms}`);
    }
  }

  protected async run(sql: string): Promise<void> {
    try {
      await this.track(this.deps.client.query(sql));
    } catch (err) {
      throw pgStatementError(err, { cancelled: this.cancelled });
    }
  }

  /**
   * Every row, in one round trip (Parse, Bind, Describe, Execute without a row limit, Sync). Without a
   * row limit the portal runs once, so PostgreSQL may plan the statement in parallel; with one it never
   * does (an aggregate over 200,000 rows took about 12 ms longer read through a cursor).
   */
  private async queryWhole(sql: string, params: readonly unknown[] | undefined): Promise<ResultSet> {
    const config: QueryArrayConfig & { queryMode: 'extended' } = {
      text: sql,
      values: params ? [...params] : undefined,
      rowMode: 'array',
      types: resultTypes,
      // Extended protocol even without values (pg's option, missing from its types): one statement only.
      queryMode: 'extended',
    };
    const result = await this.track(this.deps.client.query<unknown[]>(config));
    return this.toResultSet(result.fields ?? [], result.rows, result.rowCount);
  }

  /** maxRows 0 reads every row (an Execute message without a row limit). */
  private async queryAtMost(sql: string, params: readonly unknown[] | undefined, maxRows: number): Promise<ResultSet> {
    // Parameters travel in the Bind message, never inside the SQL text.
    const cursor = this.deps.client.query(
      new Cursor(sql, params ? [...params] : undefined, { rowMode: 'array', types: resultTypes }),
    );
    const read = new Promise<{ rows: unknown[][]; fields: FieldDef[]; rowCount: number | null }>((resolve, reject) => {
      cursor.read(Math.max(0, maxRows), (err, rows, result) => {
        if (err) reject(err);
        else
          resolve({
            rows: rows as unknown as unknown[][],
            fields: result?.fields ?? [],
            rowCount: result?.rowCount ?? null,
          });
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
    const columns = this.columnsOf(
      fields,
      await this.deps.types.describe(
        fields.map((f) => f.dataTypeID),
        this.catalogQuery,
      ),
    );
    return {
      columns,
      rows: rowsToObjects(
        columns.map((c) => c.name),
        rows,
      ),
      rowCount: fields.length > 0 ? rows.length : (rowCount ?? 0),
    };
  }

  private columnsOf(fields: FieldDef[], types: PgTypeInfo[]): ResultColumn[] {
    const names = uniqueColumnNames(fields.map((f) => f.name));
    return names.map((name, i) => ({
      name,
      type: types[i].name,
      type_generic: types[i].generic,
      is_dttm: types[i].isDttm,
    }));
  }

  private readonly catalogQuery = <R>(sql: string) =>
    this.track(this.deps.client.query(sql)) as unknown as Promise<{ rows: R[] }>;

  protected override canSignal(): boolean {
    return this.deps.canCancelInDatabase;
  }

  protected async signalBackend(): Promise<void> {
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

const roundedTimeout = (timeoutMs: number) => Math.max(0, Math.round(timeoutMs));

/**
 * What starts a transaction: BEGIN, the schema first on the search path (then the usual ones, so
 * unqualified names resolve like in psql) and the first statement's timeout, all SET LOCAL. Sent as one
 * message of the simple protocol; the caller appends the snapshot-taking SELECT.
 */
export function beginStatements(options: BeginOptions, quoteIdentifier: (name: string) => string): string[] {
  const statements = [options.readOnly ? 'BEGIN READ ONLY' : 'BEGIN READ WRITE'];
  if (options.schema) statements.push(`SET LOCAL search_path TO ${quoteIdentifier(options.schema)}, public`);
  if (options.timeoutMs !== undefined)
    statements.push(`SET LOCAL statement_timeout = ${roundedTimeout(options.timeoutMs)}`);
  return statements;
}

/**
 * PGlite (the embedded examples database) has ONE session shared by every connection, whose reader
 * identity is a session-level SET ROLE: DISCARD ALL would reset it to the superuser. RESET ALL leaves
 * the role alone but would lift default_transaction_read_only, so the settings a run changed are reset
 * one by one, that one excepted (user SQL may not change it: sql-classifier). One message, so it runs
 * as one unit on the shared session.
 */
const PGLITE_RESET = `DISCARD TEMP; SELECT pg_advisory_unlock_all(); DO $$ DECLARE s text; BEGIN
  FOR s IN SELECT name FROM pg_settings WHERE source = 'session' AND name <> 'default_transaction_read_only' LOOP
    EXECUTE format('RESET %I', s);
  END LOOP;
END $$`;

function readCursor(cursor: Cursor, rows: number): Promise<{ rows: unknown[][]; fields: FieldDef[] }> {
  return new Promise((resolve, reject) => {
    cursor.read(rows, (err, read, result) => {
      if (err) reject(err);
      else resolve({ rows: read as unknown as unknown[][], fields: result?.fields ?? [] });
    });
  });
}
