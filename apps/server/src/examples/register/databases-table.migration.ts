import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The databases users connect to and query (SQL Lab, datasets). Created here so the examples database
 * can be registered; the databases feature owns its CRUD. Column names follow the database fields of
 * REFERENCE.md. `uri` holds the connection URL; passwords in it are stored in clear until the databases
 * feature encrypts them (the embedded examples URL has none).
 */
export class DatabasesTable1767225600000 implements MigrationInterface {
  name = 'DatabasesTable1767225600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE databases (
        id serial PRIMARY KEY,
        database_name varchar(250) NOT NULL UNIQUE,
        uri text NOT NULL,
        expose_in_sqllab boolean NOT NULL DEFAULT true,
        allow_run_async boolean NOT NULL DEFAULT false,
        allow_dml boolean NOT NULL DEFAULT false,
        allow_ctas boolean NOT NULL DEFAULT false,
        allow_cvas boolean NOT NULL DEFAULT false,
        allows_cost_estimate boolean NOT NULL DEFAULT false,
        allows_subquery boolean NOT NULL DEFAULT true,
        allow_file_upload boolean NOT NULL DEFAULT false,
        force_ctas_schema varchar(250),
        cache_timeout integer,
        extra jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_on timestamptz NOT NULL DEFAULT now(),
        changed_on timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE databases');
  }
}
