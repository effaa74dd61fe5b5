import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The Query read model (REFERENCE §1.2 columns): the fold of the `query:<client_id>` streams, written in
 * the append's transaction by query.projection.ts (a fold) and rebuildable from the log. Times are epoch ms.
 */
export class QueryTable1796000000000 implements MigrationInterface {
  name = 'QueryTable1796000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE query (
        id serial PRIMARY KEY,
        client_id varchar(11) NOT NULL UNIQUE,
        database_id integer NOT NULL,
        tmp_table_name varchar(256),
        tmp_schema_name varchar(256),
        user_id integer NOT NULL,
        status varchar(16) NOT NULL DEFAULT 'pending',
        tab_name varchar(256),
        sql_editor_id varchar(256),
        schema varchar(256),
        catalog varchar(256),
        sql text NOT NULL,
        select_sql text,
        executed_sql text,
        "limit" integer,
        limiting_factor varchar(32) NOT NULL DEFAULT 'UNKNOWN',
        select_as_cta boolean NOT NULL DEFAULT false,
        select_as_cta_used boolean NOT NULL DEFAULT false,
        ctas_method varchar(16) NOT NULL DEFAULT 'TABLE',
        run_async boolean NOT NULL DEFAULT false,
        progress integer NOT NULL DEFAULT 0,
        rows integer,
        error_message text,
        results_key varchar(64),
        start_time numeric(20,6),
        start_running_time numeric(20,6),
        end_time numeric(20,6),
        end_result_backend_time numeric(20,6),
        tracking_url text,
        extra jsonb NOT NULL DEFAULT '{}'::jsonb,
        changed_on timestamptz NOT NULL
      )`);
    await q.query('CREATE INDEX query_sql_editor_id_idx ON query (sql_editor_id)');
    await q.query('CREATE INDEX query_results_key_idx ON query (results_key)');
    await q.query('CREATE INDEX query_user_changed_on_idx ON query (user_id, changed_on)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE query');
  }
}
