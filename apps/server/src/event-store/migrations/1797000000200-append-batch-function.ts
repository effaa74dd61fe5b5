import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `strata_append_batch`: several appends in one statement (append-combiner.ts), so appends in flight at
 * the same time share one round trip, one statement's CPU and one commit. On two cores that per-statement
 * CPU (node-postgres and the PostgreSQL backend) was the ceiling of concurrent writers, not the disk.
 *
 * `p_items` is a JSON array of {stream, commandId, expected, meta, events} (one per append, `expected`
 * null for 'any', `events` as `strata_append_events` takes them). Each item is one call of
 * `strata_append_events` (migrations/1797000000100-append-function.ts), in array order, so two items on
 * one stream see each other as two appends one after the other would. Returns the rows of every item,
 * tagged with its 1-based `item` and an `outcome`:
 * - 'appended': one row per inserted event;
 * - 'duplicate': one row, `first_version` set (the caller reads the first append's events);
 * - 'conflict': one row, `current` the stream's version;
 * - 'race': one row; the item lost a race to another transaction on the store's own unique indexes
 *   (version or command id). Its sub-block is rolled back, the other items stand; the caller runs it again.
 * Any other error fails the whole statement, which nothing then has committed.
 *
 * Each item runs in a sub-block with an EXCEPTION clause, i.e. a subtransaction: the caller bounds the
 * items per statement well below the 64 subtransactions a backend caches (more makes every snapshot of
 * the cluster slower). `log_order` is the top-level transaction's id for every item (log-order.ts).
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
        v_constraint text;
      BEGIN
        FOR v_item, v_n IN
          SELECT x.value, x.n::integer FROM jsonb_array_elements(p_items) WITH ORDINALITY AS x(value, n) ORDER BY x.n
        LOOP
          BEGIN
            -- A PL/pgSQL function returns its rows only once it has finished: all of the item's rows or none.
            RETURN QUERY
              SELECT v_n,
                     CASE WHEN a.first_version IS NOT NULL THEN 'duplicate'
                          WHEN a.position IS NULL THEN 'conflict'
                          ELSE 'appended' END,
                     a.current, a.first_version, a.position, a.id, a.stream, a.version, a.type, a.data, a.meta
                FROM strata_append_events(
                  v_item->>'stream', v_item->>'commandId', (v_item->>'expected')::integer,
                  v_item->'meta', v_item->'events', false
                ) AS a;
          EXCEPTION WHEN unique_violation THEN
            GET STACKED DIAGNOSTICS v_constraint = CONSTRAINT_NAME;
            IF v_constraint NOT IN ('', 'events_stream_version_key', 'event_commands_pkey') THEN
              RAISE;
            END IF;
            RETURN QUERY SELECT v_n, 'race'::text, NULL::integer, NULL::integer, NULL::bigint, NULL::uuid,
              NULL::text, NULL::integer, NULL::text, NULL::jsonb, NULL::jsonb;
          END;
        END LOOP;
      END
      $$`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP FUNCTION strata_append_batch(jsonb)`);
  }
}
