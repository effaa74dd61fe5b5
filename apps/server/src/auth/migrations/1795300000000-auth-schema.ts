import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Users as a read model of the `user:<id>` streams, plus the two tables that are deliberately NOT events:
 * password hashes (`user_credentials`) and browser sessions (`sessions`). Neither has a foreign key to
 * `users`: the read model is emptied and refilled by a rebuild, which must never cascade into passwords or
 * log everyone out.
 */
export class AuthSchema1795300000000 implements MigrationInterface {
  name = 'AuthSchema1795300000000';

  async up(q: QueryRunner): Promise<void> {
    // Ids are allocated before the first event of a user's stream, so they come from a sequence, not the table.
    await q.query(`CREATE SEQUENCE user_id_seq`);
    await q.query(`
      CREATE TABLE users (
        id integer PRIMARY KEY,
        username text NOT NULL,
        first_name text NOT NULL DEFAULT '',
        last_name text NOT NULL DEFAULT '',
        email text NOT NULL DEFAULT '',
        active boolean NOT NULL,
        created_on timestamptz NOT NULL,
        changed_on timestamptz NOT NULL,
        created_by text NOT NULL,
        changed_by text NOT NULL,
        last_login timestamptz,
        login_count integer NOT NULL DEFAULT 0,
        version integer NOT NULL
      )`);
    // 'Ana' and 'ana' are the same person to everyone but a byte comparison.
    await q.query(`CREATE UNIQUE INDEX users_username_key ON users (lower(username))`);
    await q.query(`
      CREATE TABLE user_roles (
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        role text NOT NULL,
        PRIMARY KEY (user_id, role)
      )`);
    await q.query(`CREATE INDEX user_roles_role_idx ON user_roles (role)`);
    await q.query(`
      CREATE TABLE user_credentials (
        user_id integer PRIMARY KEY,
        password_hash text NOT NULL,
        changed_on timestamptz NOT NULL
      )`);
    await q.query(`
      CREATE TABLE sessions (
        id_hash text PRIMARY KEY,
        user_id integer NOT NULL,
        created_on timestamptz NOT NULL,
        expires_on timestamptz NOT NULL,
        user_agent text,
        ip text
      )`);
    await q.query(`CREATE INDEX sessions_user_idx ON sessions (user_id)`);
    await q.query(`CREATE INDEX sessions_expires_idx ON sessions (expires_on)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE sessions`);
    await q.query(`DROP TABLE user_credentials`);
    await q.query(`DROP TABLE user_roles`);
    await q.query(`DROP TABLE users`);
    await q.query(`DROP SEQUENCE user_id_seq`);
  }
}
