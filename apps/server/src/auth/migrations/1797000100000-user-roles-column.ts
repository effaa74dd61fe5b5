import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A user's roles become a column of its `users` row, so the read model is one row per user folded from
 * the user's events (auth/users/users.projection.ts): `security/userRolesChanged` carries the whole set,
 * which a table with a row per role could not take as a per-row fold. `user_roles` stays, as a view with
 * the same columns, for the queries that join it. Stored in "C" order, the order the fold sorts them in,
 * so a rebuild after this migration gives the same rows.
 */
export class UserRolesColumn1797000100000 implements MigrationInterface {
  name = 'UserRolesColumn1797000100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN roles text[] NOT NULL DEFAULT '{}'`);
    await q.query(
      `UPDATE users u SET roles = ARRAY(SELECT r.role FROM user_roles r WHERE r.user_id = u.id ORDER BY r.role COLLATE "C")`,
    );
    await q.query(`DROP TABLE user_roles`);
    await q.query(
      `CREATE VIEW user_roles AS SELECT u.id AS user_id, r.role FROM users u CROSS JOIN LATERAL unnest(u.roles) AS r(role)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP VIEW user_roles`);
    await q.query(`
      CREATE TABLE user_roles (
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        role text NOT NULL,
        PRIMARY KEY (user_id, role)
      )`);
    await q.query(`CREATE INDEX user_roles_role_idx ON user_roles (role)`);
    await q.query(`INSERT INTO user_roles (user_id, role) SELECT u.id, unnest(u.roles) FROM users u`);
    await q.query(`ALTER TABLE users DROP COLUMN roles`);
  }
}
