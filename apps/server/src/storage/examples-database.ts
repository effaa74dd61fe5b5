/**
 * The examples database: a separate database holding the example datasets, queried by users through a
 * SELECT-only role so SQL Lab never reaches the metadata store (DESIGN.md "Storage").
 */

/** How strongly the reader URL is held to reading. */
export type ReaderEnforcement =
  /** A real PostgreSQL login role with SELECT grants and default read-only transactions. */
  | 'role'
  /**
   * Embedded PGlite: one shared superuser session that ignores the connection's user name; the session
   * runs SET ROLE <reader> (SELECT grants, read-only by default). It stops accidental writes, but a user
   * who runs RESET ROLE can write. Use EXAMPLES_DATABASE_URL with a real PostgreSQL to enforce it.
   */
  | 'session-role'
  /** The role could not be created (no CREATEROLE privilege): readers use the admin URL. */
  | 'none';

export class ExamplesDatabase {
  constructor(
    /** Owner connection: the loader and future admin tasks. */
    readonly adminUrl: string,
    /** What users' queries use; the `examples` entry of the databases table points here. */
    readonly readerUrl: string,
    readonly readerRole: string | null,
    readonly enforcement: ReaderEnforcement,
  ) {}

  /**
   * Opens a transaction allowed to write. In the embedded mode the shared session defaults to the reader
   * role and read-only transactions, so a writer switches back to the owner for this transaction only.
   */
  get beginWriteSql(): string {
    return this.enforcement === 'session-role' ? 'BEGIN READ WRITE; SET LOCAL ROLE postgres' : 'BEGIN READ WRITE';
  }
}
