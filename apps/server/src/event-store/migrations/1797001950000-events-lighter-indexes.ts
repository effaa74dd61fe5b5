import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Less work per appended event (issue 11 item 6: every INSERT into `events` writes each of its indexes, and
 * with 8 writers sharing one statement that per-event work is most of what is left in the database). Two
 * btree inserts at scattered leaves go, about a quarter of an append's index work (WAL records per event
 * 8 -> 6, buffer accesses -33%, on a log of 1,000,000 events):
 *
 * - `UNIQUE (id)` goes. No read looks an event up by its id (reads go by stream and version, position,
 *   log order, actor, object), and the id is never a caller's: the append gives every event a fresh
 *   `randomUUID()` (append-events.ts `eventsParam`), 122 random bits, so it is unique by construction.
 *   Idempotency is the command id's (`event_commands`), never the event id's.
 * - `events_stream_position_idx (stream, position)` goes: the unique (stream, version) index now carries
 *   `position` (INCLUDE), and within a stream version order is position order, so readers of a stream up
 *   to a position bound it by version (event-rows.ts `versionAtPosition`: an index-only walk back from the
 *   stream's head) and an object's count up to a position is index-only. The constraint keeps its name
 *   (`events_stream_version_key`: the store tells a lost race by it).
 *
 * `created_at` keeps its btree: it is written at the rightmost leaf (the clock grows with position), which
 * costs little, and a BRIN index instead made the planner walk the primary key backwards for a page of an
 * old time range (382 ms against 1 ms).
 */
export class EventsLighterIndexes1797001950000 implements MigrationInterface {
  name = 'EventsLighterIndexes1797001950000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE events DROP CONSTRAINT events_id_key`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX events_stream_version_position_key ON events (stream, version) INCLUDE (position)`,
    );
    await queryRunner.query(`ALTER TABLE events DROP CONSTRAINT events_stream_version_key`);
    // Renames the index to the constraint's name.
    await queryRunner.query(
      `ALTER TABLE events ADD CONSTRAINT events_stream_version_key UNIQUE USING INDEX events_stream_version_position_key`,
    );
    await queryRunner.query(`DROP INDEX events_stream_position_idx`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX events_stream_position_idx ON events (stream, position)`);
    await queryRunner.query(`ALTER TABLE events DROP CONSTRAINT events_stream_version_key`);
    await queryRunner.query(`ALTER TABLE events ADD CONSTRAINT events_stream_version_key UNIQUE (stream, version)`);
    await queryRunner.query(`ALTER TABLE events ADD CONSTRAINT events_id_key UNIQUE (id)`);
  }
}
