import type { MigrationInterface, QueryRunner } from 'typeorm';

/** `charts` and `chart_favorites`: read models of the `chart:<id>` streams (no foreign keys: rebuilds replay freely). */
export class ChartsTables1796200000200 implements MigrationInterface {
  name = 'ChartsTables1796200000200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SEQUENCE charts_id_seq`);
    await q.query(`
      CREATE TABLE charts (
        id integer PRIMARY KEY,
        slice_name varchar(250) NOT NULL,
        viz_type varchar(250) NOT NULL,
        datasource_id integer NOT NULL,
        datasource_type varchar(32) NOT NULL,
        params text,
        query_context text,
        description text,
        cache_timeout integer,
        owners integer[] NOT NULL DEFAULT '{}',
        certified_by text,
        certification_details text,
        created_by_fk integer,
        changed_by_fk integer,
        created_on timestamptz NOT NULL,
        changed_on timestamptz NOT NULL,
        version integer NOT NULL
      )`);
    await q.query(`CREATE INDEX charts_datasource ON charts (datasource_id, datasource_type)`);
    await q.query(
      `CREATE TABLE chart_favorites (chart_id integer NOT NULL, user_id integer NOT NULL, created_on timestamptz NOT NULL, PRIMARY KEY (chart_id, user_id))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE chart_favorites`);
    await q.query(`DROP TABLE charts`);
    await q.query(`DROP SEQUENCE charts_id_seq`);
  }
}
