import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `saved_query`: the read model of the `saved_query:<id>` streams (REFERENCE §1.9 SavedQuery). Ids come
 * from their own sequence, taken before the first event. No foreign keys: a rebuild empties and refills
 * the table in log order, and a database or user removed later must not make the history unreplayable.
 */
export class SavedQueryTable1796100000000 implements MigrationInterface {
  name = 'SavedQueryTable1796100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SEQUENCE saved_query_id_seq`);
    await q.query(`
      CREATE TABLE saved_query (
        id integer PRIMARY KEY,
        label varchar(256) NOT NULL,
        description text NOT NULL DEFAULT '',
        db_id integer NOT NULL,
        catalog varchar(256),
        schema varchar(256),
        sql text NOT NULL,
        template_parameters text,
        rows integer,
        last_run timestamptz,
        created_by_fk integer NOT NULL,
        changed_by_fk integer NOT NULL,
        created_on timestamptz NOT NULL,
        changed_on timestamptz NOT NULL,
        version integer NOT NULL
      )`);
    await q.query(`CREATE INDEX saved_query_owner_idx ON saved_query (created_by_fk, changed_on DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE saved_query`);
    await q.query(`DROP SEQUENCE saved_query_id_seq`);
  }
}
