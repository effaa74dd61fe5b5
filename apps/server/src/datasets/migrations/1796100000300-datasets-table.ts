import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `datasets`: the read model of the `dataset:<id>` streams. Columns and metrics are JSON lists as the
 * spec's Dataset lists them; the Explore issue may split them into tables. A unique index keeps one
 * dataset per name in a database's catalog and schema (Superset's rule), also against racing creates.
 */
export class DatasetsTable1796100000300 implements MigrationInterface {
  name = 'DatasetsTable1796100000300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SEQUENCE datasets_id_seq`);
    await q.query(`
      CREATE TABLE datasets (
        id integer PRIMARY KEY,
        uid varchar(64) NOT NULL,
        kind varchar(16) NOT NULL,
        table_name varchar(250) NOT NULL,
        database_id integer NOT NULL,
        catalog varchar(256),
        schema varchar(256),
        sql text,
        template_params text,
        columns jsonb NOT NULL DEFAULT '[]'::jsonb,
        metrics jsonb NOT NULL DEFAULT '[]'::jsonb,
        main_dttm_col varchar(250),
        owners integer[] NOT NULL DEFAULT '{}',
        is_managed_externally boolean NOT NULL DEFAULT false,
        external_url text,
        description text,
        created_by_fk integer,
        changed_by_fk integer,
        created_on timestamptz NOT NULL,
        changed_on timestamptz NOT NULL,
        version integer NOT NULL
      )`);
    await q.query(
      `CREATE UNIQUE INDEX datasets_name_key ON datasets (database_id, coalesce(catalog, ''), coalesce(schema, ''), table_name)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE datasets`);
    await q.query(`DROP SEQUENCE datasets_id_seq`);
  }
}
