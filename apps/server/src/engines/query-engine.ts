/**
 * The one interface to the databases users connect and query (DESIGN.md "Query engines"), implemented
 * for PostgreSQL (`pg`) and MySQL/MariaDB (`mysql2`). SQL Lab, the metadata endpoints and chart data all
 * go through it; nothing else opens a connection to a user's database.
 */

export type Backend = 'postgresql' | 'mysql';

/** Generic column types (sqllab-and-platform §3 Dataset column: Numeric 0, String 1, Temporal 2, Boolean 3). */
export const enum GenericType {
  Numeric = 0,
  String = 1,
  Temporal = 2,
  Boolean = 3,
}

/** Where and how to connect. `password` is decrypted only in memory, right before connecting. */
export interface ConnectionSpec {
  backend: Backend;
  host: string;
  port: number;
  database: string;
  username: string;
  password?: string;
  /** Extra driver options from the URI's query string (e.g. sslmode). */
  params?: Record<string, string>;
}

export interface ResultColumn {
  /** Unique within the result (duplicates get a suffix like `count__1`). */
  name: string;
  /** The database's type name, e.g. 'integer', 'timestamp without time zone', 'VARCHAR'. */
  type: string;
  type_generic: GenericType;
  is_dttm: boolean;
}

export interface ResultSet {
  columns: ResultColumn[];
  /** Rows as objects keyed by column name; dates as ISO strings, big integers as numbers when safe. */
  rows: Record<string, unknown>[];
  /** Rows affected for statements without a result set (DML/DDL), else rows.length. */
  rowCount: number;
}

export interface TableColumnMetadata {
  name: string;
  type: string;
  type_generic: GenericType;
  is_dttm: boolean;
  nullable: boolean;
  default: string | null;
  comment: string | null;
}

export interface TableMetadata {
  name: string;
  schema: string;
  catalog: string | null;
  columns: TableColumnMetadata[];
  primaryKey: { name: string | null; column_names: string[] } | null;
  foreignKeys: {
    name: string | null;
    column_names: string[];
    referred_schema: string;
    referred_table: string;
    referred_columns: string[];
  }[];
  indexes: { name: string; column_names: string[]; unique: boolean }[];
  /** `SELECT col1, col2 ... FROM schema.table LIMIT 100`, quoted for the dialect. */
  selectStar: string;
  comment: string | null;
  type: 'table' | 'view';
}

/** Rows of a streamed statement, handed over as they arrive; the next batch is read once it resolves. */
export type RowsHandler = (rows: Record<string, unknown>[], columns: ResultColumn[]) => Promise<void>;

export interface StreamedStatement {
  columns: ResultColumn[];
  /** Rows handed over (at most maxRows). */
  rowCount: number;
}

export interface StatementOptions {
  /** Fetch at most this many rows (the engine fetches limit + 1 itself when asked by the caller). */
  maxRows?: number;
  /** Statement timeout in the database; the engine surfaces it as EngineTimeoutError. */
  timeoutMs?: number;
  /**
   * Values bound to the statement's placeholders (PostgreSQL `$1..$n`, MySQL/MariaDB `?`), sent apart
   * from the SQL text so they can never change its meaning: pg's extended protocol, a MySQL prepared
   * statement. Without them the text runs as is (SQL Lab: users' own SQL, where `?` or `$1` is just text).
   */
  params?: readonly unknown[];
}

/** How a session's transaction starts (EngineSession.begin, QueryEngine.openSession). */
export interface BeginOptions {
  readOnly: boolean;
  /** Unqualified names resolve in this schema first (PostgreSQL search_path, MySQL `USE`). */
  schema?: string | null;
  /**
   * The statement timeout of the transaction's first statement, set with the transaction itself
   * (PostgreSQL: in BEGIN's own message, no round trip of its own); an `execute` or `stream` with the
   * same `timeoutMs` right after sets nothing more. Later statements set theirs as always.
   */
  timeoutMs?: number;
}

/**
 * One connection, held for a whole run: multi-statement scripts run in order on it, in one transaction
 * that is read-only unless the database allows DML. `cancel()` stops the running statement IN THE
 * DATABASE (pg_cancel_backend / KILL QUERY) from another connection; it is safe to call at any time,
 * before, during or after a statement.
 */
export interface EngineSession {
  /** The database's id for this connection (backend pid / connection id), for cancel and audit. */
  readonly backendId: string;
  begin(options: BeginOptions): Promise<void>;
  execute(sql: string, options?: StatementOptions): Promise<ResultSet>;
  /**
   * Runs one statement and streams its rows in batches (about `batchRows` each), reading the next batch
   * only once `onRows` resolved, so memory stays bounded whatever the size (CSV export). At most maxRows
   * rows are read from the database: past them the statement is stopped, not drained.
   */
  stream(
    sql: string,
    options: StatementOptions & { batchRows?: number },
    onRows: RowsHandler,
  ): Promise<StreamedStatement>;
  commit(): Promise<void>;
  rollback(): Promise<void>;
  cancel(): Promise<void>;
  /** Returns the connection (or destroys it after a cancel). Always call it, in `finally`. */
  release(): Promise<void>;
}

/** What an engine can do, found out once per engine (PGlite and MariaDB differ from plain servers). */
export interface EngineCapabilities {
  /**
   * Whether cancel() stops one running statement inside the database. False for the embedded PGlite:
   * it multiplexes one backend, so pg_cancel_backend cannot target a statement there; a caller that must
   * stop it restarts the embedded worker instead (issue item 3).
   */
  canCancelInDatabase: boolean;
  /** The server's version string, for logs and the engine information of the bootstrap. */
  serverVersion: string;
}

export interface QueryEngine {
  readonly backend: Backend;
  capabilities(): Promise<EngineCapabilities>;
  /** Throws EngineConnectionError with a classified error type when the database cannot be reached. */
  testConnection(): Promise<void>;
  listSchemas(): Promise<string[]>;
  listTables(schema: string): Promise<{ name: string; type: 'table' | 'view' }[]>;
  tableMetadata(schema: string, table: string): Promise<TableMetadata>;
  /**
   * A dedicated connection, once one of the engine's slots is free: callers wait in line, first come
   * first served (connection-queue.ts), at most `waitMs` (their own time limit; default 30 s), after which
   * it throws EngineTimeoutError; with too many already waiting it throws EngineBusyError (503) at once.
   * With `begin`, the session comes with its transaction begun (PostgreSQL: in the same message as the
   * check that the pooled connection is alive, so a one-statement run costs one round trip before it).
   */
  openSession(options?: { waitMs?: number; begin?: BeginOptions }): Promise<EngineSession>;
  /**
   * EXPLAIN cost of ONE statement (callers split scripts and call it per statement, REFERENCE §1.1):
   * PostgreSQL {'Start-up cost', 'Total cost'}, MySQL/MariaDB {'Estimated rows'}. Runs in a read-only
   * transaction that is rolled back; a timeout raises EngineTimeoutError.
   */
  estimateCost(sql: string, options: { schema?: string | null; timeoutMs: number }): Promise<Record<string, string>>;
  /** Quote an identifier for this dialect. */
  quoteIdentifier(name: string): string;
  close(): Promise<void>;
}

/** Errors an engine raises, each carrying the spec's error type for the response. */
export class EngineError extends Error {
  constructor(
    message: string,
    readonly errorType: string,
    readonly status: number = 400,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'EngineError';
  }
}

/** The statement ran longer than its timeout and the database stopped it (SQLLAB_TIMEOUT_ERROR). */
export class EngineTimeoutError extends EngineError {
  constructor(
    readonly timeoutMs: number,
    options?: { cause?: unknown },
  ) {
    super(`The query exceeded the ${formatSeconds(timeoutMs)} timeout.`, 'SQLLAB_TIMEOUT_ERROR', 408, options);
    this.name = 'EngineTimeoutError';
  }
}

/** The statement was stopped by cancel() (a user's Stop), or refused because the session was cancelled. */
export class EngineCancelledError extends EngineError {
  constructor(options?: { cause?: unknown }) {
    super('The query was stopped.', 'GENERIC_DB_ENGINE_ERROR', 400, options);
    this.name = 'EngineCancelledError';
  }
}

/** The database could not be reached or refused the login; `errorType` says why (CONNECTION_*_ERROR). */
export class EngineConnectionError extends EngineError {
  constructor(message: string, errorType: string, options?: { cause?: unknown }) {
    super(message, errorType, 422, options);
    this.name = 'EngineConnectionError';
  }
}

function formatSeconds(ms: number): string {
  const seconds = ms / 1000;
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} seconds`;
}
