import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `strata_append_batch`: several appends in one statement (append-combiner.ts), so appends in flight at
 * the same time share one round trip, one statement's CPU and one commit. On two cores that per-statement
 * CPU (node-postgres and the PostgreSQL backend) was the ceiling of concurrent writers, not the disk.
 *
 * `p_items` is a JSON array of {stream, commandId, expected, meta, events} (one per append, `expected`
 * null for 'any', `events` as `strata_append_events` takes them). Items run in array order, each with the
 * checks of `strata_append_events` (migrations/1797000000100-append-function.ts) in the same order, so two
 * items on one stream see each other as two appends one after the other would. Rows carry the item's
 * 1-based `item` and an `outcome`:
 * - 'appended': one row per inserted event;
 * - 'duplicate': one row, `first_version` set (the caller reads the first append's events);
 * - 'conflict': one row, `current` the stream's version;
 * - 'race': the item lost a race to another transaction that took one of its versions (or recorded its
 *   command id, unseen) and committed; a race row follows any 'appended' rows the item had returned, whose
 *   events and command id it has deleted again. The other items stand; the caller runs that one again.
 * Any other error fails the whole statement, which then commits nothing.
 *
 * Why not a loop over `strata_append_events` with an EXCEPTION block per item for the race: each block is a
 * subtransaction, and a batch of 8 took about 1.6 times as long as with ON CONFLICT DO NOTHING and the undo
 * (measured on the 2-core machine). `log_order` is the transaction's id for every item (log-order.ts).
 */
export class AppendBatchFunction1797000000200 implements MigrationInterface {
  name = 'AppendBatchFunction1797000000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION strata_append_batch(p_items jsonb) RETURNS TABLE (
        item integer, outcome text, current integer, first_version integer,
        "position" bigint, id uuid, stream text, version integer, type text, data jsonb, meta jsonb
      ) LANGUAGE plpgsql AS $$
      #variable_conflict use_column
      DECLARE
        v_item jsonb;
        v_n integer;
        v_stream text;
        v_command_id text;
        v_expected integer;
        v_events jsonb;
        v_version integer;
        v_log_order xid8;
        v_first integer;
        v_inserted integer;
      BEGIN
        FOR v_item, v_n IN
          SELECT x.value, x.n::integer FROM jsonb_array_elements(p_items) WITH ORDINALITY AS x(value, n) ORDER BY x.n
        LOOP
          v_stream := v_item->>'stream';
          v_command_id := v_item->>'commandId';
          v_expected := (v_item->>'expected')::integer;
          v_events := v_item->'events';
          v_first := NULL;
          SELECT e.version, e.log_order INTO v_version, v_log_order
            FROM events e WHERE e.stream = v_stream ORDER BY e.version DESC LIMIT 1;
          v_version := coalesce(v_version, 0);
          IF v_expected IS NULL OR v_expected = v_version THEN
            IF v_command_id IS NOT NULL THEN
              -- Records the command id, or finds it recorded (a concurrent insert of it is waited for).
              INSERT INTO event_commands (stream, command_id, first_version, last_version)
                VALUES (v_stream, v_command_id, v_version + 1, v_version + jsonb_array_length(v_events))
                ON CONFLICT (stream, command_id) DO NOTHING;
              IF NOT FOUND THEN
                SELECT c.first_version INTO v_first
                  FROM event_commands c WHERE c.stream = v_stream AND c.command_id = v_command_id;
                IF NOT FOUND THEN
                  RETURN QUERY SELECT v_n, 'race'::text, v_version, NULL::integer, NULL::bigint, NULL::uuid,
                    NULL::text, NULL::integer, NULL::text, NULL::jsonb, NULL::jsonb;
                  CONTINUE;
                END IF;
              END IF;
            END IF;
          ELSIF v_command_id IS NOT NULL THEN
            SELECT c.first_version INTO v_first
              FROM event_commands c WHERE c.stream = v_stream AND c.command_id = v_command_id;
          END IF;
          IF v_first IS NOT NULL OR (v_expected IS NOT NULL AND v_expected <> v_version) THEN
            RETURN QUERY SELECT v_n, CASE WHEN v_first IS NULL THEN 'conflict' ELSE 'duplicate' END, v_version,
              v_first, NULL::bigint, NULL::uuid, NULL::text, NULL::integer, NULL::text, NULL::jsonb, NULL::jsonb;
            CONTINUE;
          END IF;
          v_log_order := greatest(pg_current_xact_id(), v_log_order);
          RETURN QUERY
            INSERT INTO events AS e (id, stream, version, type, data, meta, command_id, log_order)
            SELECT (x.value->>'id')::uuid, v_stream, v_version + x.n::integer, x.value->>'type',
                   coalesce(x.value->'data', 'null'::jsonb), v_item->'meta', v_command_id, v_log_order
              FROM jsonb_array_elements(v_events) WITH ORDINALITY AS x(value, n)
              ORDER BY x.n
            ON CONFLICT (stream, version) DO NOTHING
            RETURNING v_n, 'appended'::text, v_version, NULL::integer, e.position, e.id, e.stream, e.version,
              e.type, e.data, e.meta;
          GET DIAGNOSTICS v_inserted = ROW_COUNT;
          IF v_inserted < jsonb_array_length(v_events) THEN
            -- Another transaction took one of these versions and committed (it was waited for): undo this
            -- item's rows; its caller runs it again and gets the conflict.
            DELETE FROM events e WHERE e.id IN (SELECT (x->>'id')::uuid FROM jsonb_array_elements(v_events) x);
            IF v_command_id IS NOT NULL THEN
              DELETE FROM event_commands c WHERE c.stream = v_stream AND c.command_id = v_command_id;
            END IF;
            RETURN QUERY SELECT v_n, 'race'::text, v_version, NULL::integer, NULL::bigint, NULL::uuid,
              NULL::text, NULL::integer, NULL::text, NULL::jsonb, NULL::jsonb;
          END IF;
        END LOOP;
      END
      $$`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP FUNCTION strata_append_batch(jsonb)`);
  }
}
