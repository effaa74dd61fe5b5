import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The audit view's reads (issue 13 items 1 and 6: p95 <= 200 ms with 1,000,000 events when filtered by
 * actor or object). Each index serves one filter of audit-filter.ts, newest first, so a page reads only
 * its own rows:
 * - an actor's events by position: `meta->>'actor'` (a user id as text, 'system', 'guest:<name>');
 * - an object's streams by position: `(stream, position)`. object-history/ adds the same index
 *   (1797001300000-events-stream-position), hence IF NOT EXISTS, and `down` leaves it to that migration;
 * - user-log entries about a dashboard or a chart (their object is named in the data, not the stream);
 * - the batch ids of undo and redo markers, for the `undone` flag of a page's intents;
 * - the time range, on `created_at` (the commit's clock, beside `meta.at`, the command's).
 */
export class AuditIndexes1797001400000 implements MigrationInterface {
  name = 'AuditIndexes1797001400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX events_actor_position_idx ON events ((meta->>'actor'), position DESC)`);
    await queryRunner.query(`CREATE INDEX IF NOT EXISTS events_stream_position_idx ON events (stream, position)`);
    await queryRunner.query(
      `CREATE INDEX events_userlog_dashboard_idx ON events ((data->>'dashboard_id'), position)
        WHERE type = 'platform/userEventLogged'`,
    );
    await queryRunner.query(
      `CREATE INDEX events_userlog_slice_idx ON events ((data->>'slice_id'), position)
        WHERE type = 'platform/userEventLogged'`,
    );
    await queryRunner.query(
      `CREATE INDEX events_history_batch_idx ON events ((data->>'batchId'))
        WHERE type IN ('history/undone', 'history/redone')`,
    );
    await queryRunner.query(`CREATE INDEX events_created_at_idx ON events (created_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX events_created_at_idx`);
    await queryRunner.query(`DROP INDEX events_history_batch_idx`);
    await queryRunner.query(`DROP INDEX events_userlog_slice_idx`);
    await queryRunner.query(`DROP INDEX events_userlog_dashboard_idx`);
    await queryRunner.query(`DROP INDEX events_actor_position_idx`);
  }
}
