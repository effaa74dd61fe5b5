import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An object's state as it was at a log position is the fold of its streams' events up to there
 * (`readStreamsUntil`, object-history/): this index gives them in position order and stops at the point,
 * instead of reading each whole stream by (stream, version) and sorting. IF NOT EXISTS: the audit
 * migration (1797001400000) creates the same index for its object filter.
 */
export class EventsStreamPosition1797001300000 implements MigrationInterface {
  name = 'EventsStreamPosition1797001300000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX IF NOT EXISTS events_stream_position_idx ON events (stream, position)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX IF EXISTS events_stream_position_idx`);
  }
}
