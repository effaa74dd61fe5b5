import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Custom roles (auth/roles/roles.projection.ts): the `roles` read model, a fold of the `role:<id>`
 * streams. Names are unique case-insensitively: the index settles two admins creating or renaming to the
 * same name at once. Ids come from `role_id_seq`, above any built-in role (they have no id of their own).
 */
export class CustomRoles1797002460000 implements MigrationInterface {
  name = 'CustomRoles1797002460000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SEQUENCE role_id_seq START 100`);
    await q.query(`
      CREATE TABLE roles (
        id integer PRIMARY KEY,
        name text NOT NULL,
        permissions jsonb NOT NULL DEFAULT '[]',
        created_on timestamptz NOT NULL,
        changed_on timestamptz NOT NULL,
        created_by text NOT NULL,
        changed_by text NOT NULL,
        version integer NOT NULL
      )`);
    await q.query(`CREATE UNIQUE INDEX roles_name_lower_idx ON roles (lower(name))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE roles`);
    await q.query(`DROP SEQUENCE role_id_seq`);
  }
}
