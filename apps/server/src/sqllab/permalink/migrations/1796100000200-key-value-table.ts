import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `key_value`: values stored under random keys (SQL Lab permalinks now; explore and dashboard permalinks
 * can share it with their own `resource`). A read model of the permalink events; no foreign keys, so a
 * rebuild replays freely.
 */
export class KeyValueTable1796100000200 implements MigrationInterface {
  name = 'KeyValueTable1796100000200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE key_value (
        id serial PRIMARY KEY,
        resource varchar(64) NOT NULL,
        key varchar(64) NOT NULL,
        value jsonb NOT NULL,
        created_by_fk integer,
        created_on timestamptz NOT NULL,
        expires_on timestamptz,
        UNIQUE (resource, key)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE key_value`);
  }
}
