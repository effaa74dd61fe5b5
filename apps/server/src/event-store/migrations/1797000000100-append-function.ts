import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `strata_append_events`: the body of every append (append-events.ts) as a function, so one call is one
 * round trip and PL/pgSQL keeps its statements' plans for the session. As one SQL statement the same
 * work cost about 0.7 ms of planning on every append, more than the INSERT itself.
 *
 * Returns one row per inserted event (`current` = the stream's version before it), or one row without
 * event columns: with `first_version` set when the command id had been appended (duplicate), else when
 * the expected version did not match `current` (conflict). On the common path it runs three statements:
 * read the stream's head, record the command id (ON CONFLICT DO NOTHING finds a duplicate), insert. A
 * concurrent append of the same version makes the INSERT fail with a unique violation; the caller runs
 * it again (append-events.ts).
 *
 * `p_events` is a JSON array of {id, type, data}; the events share `p_meta`. `log_order` is the
 * transaction's id, raised to the stream's previous event's (log-order.ts). `p_lock_shared`: hold the
 * rebuild lock shared (event-rows.ts APPEND_LOCK_KEY; the key is written out here).
 */
export class AppendFunction1797000000100 implements MigrationInterface {
  name = 'AppendFunction1797000000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION strata_append_events(
        p_stream text, p_command_id text, p_expected integer, p_meta jsonb, p_events jsonb, p_lock_shared boolean
      ) RETURNS TABLE (
        current integer, first_version integer,
        "position" bigint, id uuid, stream text, version integer, type text, data jsonb, meta jsonb
      ) LANGUAGE plpgsql AS $$
      #variable_conflict use_column
      DECLARE
        v_version integer;
        v_log_order xid8;
        v_first integer;
      BEGIN
        IF p_lock_shared THEN
          PERFORM pg_advisory_xact_lock_shared(hashtext('strata.events.append'));
        END IF;
        SELECT e.version, e.log_order INTO v_version, v_log_order
          FROM events e WHERE e.stream = p_stream ORDER BY e.version DESC LIMIT 1;
        v_version := coalesce(v_version, 0);
        IF p_expected IS NULL OR p_expected = v_version THEN
          IF p_command_id IS NULL THEN
            v_first := NULL;
          ELSE
            -- Records the command id, or finds it recorded (a concurrent insert of it is waited for).
            INSERT INTO event_commands (stream, command_id, first_version, last_version)
              VALUES (p_stream, p_command_id, v_version + 1, v_version + jsonb_array_length(p_events))
              ON CONFLICT (stream, command_id) DO NOTHING
              RETURNING NULL::integer INTO v_first;
            IF NOT FOUND THEN
              SELECT c.first_version INTO v_first
                FROM event_commands c WHERE c.stream = p_stream AND c.command_id = p_command_id;
              IF NOT FOUND THEN
                -- Recorded by a transaction this snapshot cannot see (REPEATABLE READ): the caller's retry.
                RAISE unique_violation USING MESSAGE = 'command id recorded by a concurrent append';
              END IF;
            END IF;
          END IF;
        ELSIF p_command_id IS NOT NULL THEN
          SELECT c.first_version INTO v_first
            FROM event_commands c WHERE c.stream = p_stream AND c.command_id = p_command_id;
        END IF;
        -- A known command id answers as a duplicate, before any version check.
        IF v_first IS NOT NULL OR (p_expected IS NOT NULL AND p_expected <> v_version) THEN
          RETURN QUERY SELECT v_version, v_first, NULL::bigint, NULL::uuid, NULL::text, NULL::integer,
            NULL::text, NULL::jsonb, NULL::jsonb;
          RETURN;
        END IF;
        v_log_order := greatest(pg_current_xact_id(), v_log_order);
        RETURN QUERY
          INSERT INTO events AS e (id, stream, version, type, data, meta, command_id, log_order)
          SELECT (x.value->>'id')::uuid, p_stream, v_version + x.n::integer, x.value->>'type',
                 coalesce(x.value->'data', 'null'::jsonb), p_meta, p_command_id, v_log_order
            FROM jsonb_array_elements(p_events) WITH ORDINALITY AS x(value, n)
            ORDER BY x.n
          RETURNING v_version, NULL::integer, e.position, e.id, e.stream, e.version, e.type, e.data, e.meta;
      END
      $$`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP FUNCTION strata_append_events(text, text, integer, jsonb, jsonb, boolean)`);
  }
}
