import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * API tokens get a server-side session too, so logging out (or a password change, or a deactivation)
 * ends them before they expire. Browser sessions and token sessions share the table; `kind` keeps a
 * token's session id from ever being accepted as a session cookie.
 */
export class TokenSessions1796300000100 implements MigrationInterface {
  name = 'TokenSessions1796300000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE sessions ADD COLUMN kind text NOT NULL DEFAULT 'cookie'`);
    await q.query(`ALTER TABLE sessions ADD CONSTRAINT sessions_kind_check CHECK (kind IN ('cookie', 'token'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM sessions WHERE kind = 'token'`);
    await q.query(`ALTER TABLE sessions DROP COLUMN kind`);
  }
}
