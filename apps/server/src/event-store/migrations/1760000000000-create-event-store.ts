import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The event store's tables. SQL that both PostgreSQL 15 (the machines' server) and PGlite (PG 18) accept.
 *
 * - `events.position` is the global order. Appends hold a transaction-scoped advisory lock while they
 *   insert and until they commit, so positions are handed out in commit order. (Until
 *   1797000000000-event-log-order: since then appends take no such lock and readers of the whole log
 *   follow `log_order`, see log-order.ts.)
 * - `events.transaction_id` records which events committed together (pg_current_xact_id(), PG 13+); it is
 *   for diagnostics and audits, readers do not need it.
 * - `event_commands` is the idempotency record: one row per (stream, command id) naming the versions that
 *   command appended. Its primary key makes a second append of the same command impossible even if two
 *   servers race; scoping it by stream means a command id reused on another stream never leaks that
 *   stream's events.
 * - `projection_checkpoints` holds, per checkpointed subscriber, the position of the last event handled.
 */
export class CreateEventStore1760000000000 implements MigrationInterface {
  name = 'CreateEventStore1760000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE events (
        position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        id uuid NOT NULL,
        stream text NOT NULL,
        version integer NOT NULL,
        type text NOT NULL,
        data jsonb NOT NULL,
        meta jsonb NOT NULL,
        command_id text NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
        CONSTRAINT events_id_key UNIQUE (id),
        CONSTRAINT events_stream_version_key UNIQUE (stream, version),
        CONSTRAINT events_version_positive CHECK (version > 0),
        CONSTRAINT events_stream_not_empty CHECK (stream <> ''),
        CONSTRAINT events_type_not_empty CHECK (type <> '')
      )`);
    // Rebuilding a projection replays only the types it handles.
    await queryRunner.query(`CREATE INDEX events_type_position_idx ON events (type, position)`);
    await queryRunner.query(`
      CREATE TABLE event_commands (
        stream text NOT NULL,
        command_id text NOT NULL,
        first_version integer NOT NULL,
        last_version integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT event_commands_pkey PRIMARY KEY (stream, command_id)
      )`);
    await queryRunner.query(`
      CREATE TABLE projection_checkpoints (
        name text PRIMARY KEY,
        position bigint NOT NULL DEFAULT 0,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE projection_checkpoints`);
    await queryRunner.query(`DROP TABLE event_commands`);
    await queryRunner.query(`DROP TABLE events`);
  }
}
