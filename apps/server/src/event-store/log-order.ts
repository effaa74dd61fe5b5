/**
 * The order in which readers of the whole log (`readAll`, checkpointed subscribers, rebuilds) see events,
 * commit-safe without serialising appends.
 *
 * PROBLEM: Postgres hands out `position` (an identity) at INSERT time, not at COMMIT, so concurrent appends
 * can commit in the opposite order of their positions. A reader that follows `position` alone would see
 * N+1, move its checkpoint past N, and skip N forever when N commits later. Holding one lock from INSERT to
 * COMMIT in every append fixes that but serialises every commit (and its fsync): eight writers were no
 * faster than one (apps/bench event-store-append).
 *
 * SOLUTION (as event-driven-io/emmett's PostgreSQL store reads its messages): every event row carries
 * `log_order`, an `xid8` at least its inserting transaction's id (`pg_current_xact_id()`). A reader takes
 * only rows with `log_order < pg_snapshot_xmin(pg_current_snapshot())` (every transaction with a lower id
 * has ended, so those rows are final), in `(log_order, position)` order, and continues after the last row
 * it read in that order. Any row still uncommitted, or written later, has a transaction id, hence a
 * `log_order`, at or above that horizon: it sorts after everything the reader has seen, so nothing is
 * skipped, and no append waits for another.
 *
 * Per stream the order is the version order: an append raises its `log_order` to the stream's previous
 * event's when its own transaction id is lower (a caller's transaction that got its id from an earlier
 * write); within one value the position decides, and a later version always has a higher position.
 * Events written before this order existed have `log_order` 0 and keep their commit-ordered positions.
 *
 * The price: while any transaction that has written something (in any database of the cluster) stays
 * open, readers of the whole log see nothing that committed after it began. Stream reads are unaffected.
 *
 * A reader's cursor is the position of the last event it read: `afterPosition` looks that event's
 * `log_order` up by primary key, so checkpoints and `readAll(fromPosition)` stay plain positions.
 */

/** Every transaction with a lower id has ended: rows with `log_order` below it are final. */
export const SAFE_HORIZON = `pg_snapshot_xmin(pg_current_snapshot())`;

/** The log's reading order. */
export const LOG_ORDER = `ORDER BY log_order, position`;

/**
 * Condition: the row comes after the event at position `$n` in log order (0: from the start). A position
 * that names no row (never read from this table) is taken as (0, position).
 */
export function afterPosition(n: number): string {
  return `(log_order, position) > (coalesce((SELECT c.log_order FROM events c WHERE c.position = $${n}), '0'::xid8), $${n})`;
}

/** Where a reader of the log stands: the last row it read, in log order. */
export interface LogCursor {
  /** xid8 as decimal text (it may pass 2^53). */
  logOrder: string;
  position: number;
}

export const LOG_START: LogCursor = { logOrder: '0', position: 0 };

/** a before b in log order. */
export function cursorBefore(a: LogCursor, b: LogCursor): boolean {
  const la = BigInt(a.logOrder);
  const lb = BigInt(b.logOrder);
  return la < lb || (la === lb && a.position < b.position);
}
