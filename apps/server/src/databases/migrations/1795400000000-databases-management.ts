import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the databases feature adds to the platform's `databases` table: audit columns and the stream
 * version (rows with version 0 were registered outside the event log, like `examples`), the encrypted
 * passwords (NOT events, no foreign key: a rebuild of the read model must never touch them), and the
 * per-role access grants (part of the read model).
 */
export class DatabasesManagement1795400000000 implements MigrationInterface {
  name = 'DatabasesManagement1795400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE databases
        ADD COLUMN created_by integer,
        ADD COLUMN changed_by integer,
        ADD COLUMN version integer NOT NULL DEFAULT 0`);
    await q.query(`
      CREATE TABLE database_credentials (
        database_id integer PRIMARY KEY,
        password_ciphertext text NOT NULL,
        changed_on timestamptz NOT NULL
      )`);
    await q.query(`
      CREATE TABLE database_access (
        database_id integer NOT NULL REFERENCES databases(id) ON DELETE CASCADE,
        role text NOT NULL,
        PRIMARY KEY (database_id, role)
      )`);
    await q.query(`CREATE INDEX database_access_role_idx ON database_access (lower(role))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE database_access`);
    await q.query(`DROP TABLE database_credentials`);
    await q.query(`ALTER TABLE databases DROP COLUMN version, DROP COLUMN changed_by, DROP COLUMN created_by`);
  }
}
