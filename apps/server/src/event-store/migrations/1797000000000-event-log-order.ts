import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `events.log_order`: the order readers of the whole log follow (log-order.ts), so appends no longer hold
 * a lock from INSERT to COMMIT. Events already stored were appended under that lock, in commit order of
 * their positions: they get 0 and keep their position order, before every later event. New rows default
 * to their transaction's id (the store's append sets it, raised to the stream's previous event's).
 *
 * Readers page by (log_order, position); rebuilds replay a projection's types in that order from the same
 * index, so the (type, position) index they used is dropped (one index less to write per event).
 */
export class EventLogOrder1797000000000 implements MigrationInterface {
  name = 'EventLogOrder1797000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // A constant default fills the existing rows without rewriting the table (PostgreSQL 11+).
    await queryRunner.query(`ALTER TABLE events ADD COLUMN log_order xid8 NOT NULL DEFAULT '0'`);
    await queryRunner.query(`ALTER TABLE events ALTER COLUMN log_order SET DEFAULT pg_current_xact_id()`);
    await queryRunner.query(`CREATE INDEX events_log_order_idx ON events (log_order, position)`);
    await queryRunner.query(`DROP INDEX events_type_position_idx`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX events_type_position_idx ON events (type, position)`);
    await queryRunner.query(`DROP INDEX events_log_order_idx`);
    await queryRunner.query(`ALTER TABLE events DROP COLUMN log_order`);
  }
}
