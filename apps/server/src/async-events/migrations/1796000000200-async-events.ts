import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Async events (REFERENCE §5) kept for polling: `GET /api/v1/async_event/?last_id=` reads the user's rows
 * after an id. The id is a bigserial, so "after last_id" is a plain comparison.
 */
export class AsyncEvents1796000000200 implements MigrationInterface {
  name = 'AsyncEvents1796000000200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE async_events (
        id bigserial PRIMARY KEY,
        user_id integer NOT NULL,
        job_id varchar(64) NOT NULL,
        status varchar(16) NOT NULL,
        result_url text,
        errors jsonb NOT NULL DEFAULT '[]'::jsonb,
        extra jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_on timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query('CREATE INDEX async_events_user_id_idx ON async_events (user_id, id)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE async_events');
  }
}
