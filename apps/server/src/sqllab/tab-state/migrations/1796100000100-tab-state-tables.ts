import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `tab_state` and `table_schema` (REFERENCE §1.9): the read model of the `tabstate:<userId>` streams.
 * Ids come from sequences taken before the events. No foreign keys: a rebuild refills in log order.
 */
export class TabStateTables1796100000100 implements MigrationInterface {
  name = 'TabStateTables1796100000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SEQUENCE tab_state_id_seq`);
    await q.query(`CREATE SEQUENCE table_schema_id_seq`);
    await q.query(`
      CREATE TABLE tab_state (
        id integer PRIMARY KEY,
        user_id integer NOT NULL,
        label varchar(256) NOT NULL,
        active boolean NOT NULL DEFAULT false,
        database_id integer,
        catalog varchar(256),
        schema varchar(256),
        sql text NOT NULL DEFAULT '',
        query_limit integer,
        latest_query_id varchar(11),
        template_params text,
        hide_left_bar boolean NOT NULL DEFAULT false,
        autorun boolean NOT NULL DEFAULT false,
        saved_query_id integer,
        extra_json jsonb,
        created_on timestamptz NOT NULL,
        changed_on timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX tab_state_user_idx ON tab_state (user_id)`);
    await q.query(`
      CREATE TABLE table_schema (
        id integer PRIMARY KEY,
        tab_state_id integer NOT NULL,
        database_id integer NOT NULL,
        catalog varchar(256),
        schema varchar(256),
        "table" varchar(256) NOT NULL,
        description jsonb,
        expanded boolean NOT NULL DEFAULT true,
        created_on timestamptz NOT NULL,
        changed_on timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX table_schema_tab_idx ON table_schema (tab_state_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE table_schema`);
    await q.query(`DROP TABLE tab_state`);
    await q.query(`DROP SEQUENCE table_schema_id_seq`);
    await q.query(`DROP SEQUENCE tab_state_id_seq`);
  }
}
