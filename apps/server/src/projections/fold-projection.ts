/**
 * A read model as a fold (STYLE.md "Read models are folds too"): `evolve(row | null, event) -> row | null`
 * plus the event types it handles, written to its table by one shared writer. A projection says which
 * rows an event touches and how each changes; it never writes SQL. Rows are plain JSON values as
 * PostgreSQL's `to_jsonb` gives them (timestamps as ISO text, arrays, objects for jsonb columns), and
 * `jsonb_populate_record` turns them back into the table's column types, so the row type is the only
 * description of the table a projection needs.
 */
import type { Envelope } from '@strata/events';
import type { EntityManager } from 'typeorm';
import type { Projection } from '../event-store/event-store.port';

/** A row as an object type of its columns (an interface is fine: no index signature needed). */
export type Row = object;

export interface FoldProjection<R extends Row, E extends Envelope = Envelope> {
  readonly name: string;
  readonly table: string;
  /** The table's primary-key columns. */
  readonly key: readonly (keyof R & string)[];
  /**
   * The rows that are this projection's when it shares its table (`key_value`: one resource each): a
   * rebuild empties only these. Unset: the whole table is the projection's.
   */
  readonly scope?: Partial<R>;
  readonly handles: readonly E['type'][];
  /**
   * The rows an event touches: the whole key (that row, or `evolve(null, event)` when there is none) or
   * part of it (every row that matches, e.g. every favourite of a deleted chart).
   */
  rowsOf(event: E): Partial<R>;
  evolve(row: R | null, event: E): R | null;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

function checkIdentifiers(names: readonly string[]): void {
  const bad = names.find((name) => !IDENTIFIER.test(name));
  // Table and column names come from code, never from users; the check keeps it that way.
  if (bad !== undefined) throw new Error(`Not a plain SQL identifier: ${bad}`);
}

/** Quoted, so a column named by a reserved word (`query."limit"`, `table_schema."table"`) is written too. */
const quote = (name: string) => `"${name}"`;

/** The Projection the event store runs (in the append's transaction, or as a checkpointed subscriber). */
export function foldProjection<R extends Row, E extends Envelope = Envelope>(fold: FoldProjection<R, E>): Projection {
  checkIdentifiers([fold.table, ...fold.key]);
  return {
    name: fold.name,
    handles: fold.handles,
    apply: (tx, event) => applyFold(tx, fold, event as E),
    reset: async (tx) => {
      const scope = Object.entries(fold.scope ?? {});
      checkIdentifiers(scope.map(([column]) => column));
      const condition = scope.map(([column], n) => `${quote(column)} = $${n + 1}`).join(' AND ') || 'true';
      await tx.query(
        `DELETE FROM ${fold.table} WHERE ${condition}`,
        scope.map(([, value]) => value),
      );
    },
  };
}

async function applyFold<R extends Row, E extends Envelope>(
  tx: EntityManager,
  fold: FoldProjection<R, E>,
  event: E,
): Promise<void> {
  const where = fold.rowsOf(event);
  const found = await selectRows<R>(tx, fold.table, where);
  const wholeKey = fold.key.every((column) => (where as Partial<R>)[column] !== undefined);
  const targets: (R | null)[] = found.length === 0 && wholeKey ? [null] : found;
  for (const row of targets) await writeRow(tx, fold, row, fold.evolve(row, event));
}

async function selectRows<R extends Row>(tx: EntityManager, table: string, where: object): Promise<R[]> {
  const columns = Object.keys(where);
  checkIdentifiers(columns);
  const condition = columns.map((column, n) => `${quote(column)} = $${n + 1}`).join(' AND ') || 'true';
  const found = (await tx.query(
    // Locked: another stream's event may change the same row at once (a sign-in and an edit of its user).
    `SELECT to_jsonb(t) AS row FROM ${table} t WHERE ${condition} FOR UPDATE`,
    Object.values(where),
  )) as {
    row: R;
  }[];
  return found.map(({ row }) => row);
}

async function writeRow<R extends Row>(
  tx: EntityManager,
  fold: Pick<FoldProjection<R>, 'name' | 'table' | 'key'>,
  before: R | null,
  after: R | null,
): Promise<void> {
  const keyOf = (row: R) => fold.key.map((column) => row[column]);
  if (before !== null && after !== null && JSON.stringify(keyOf(before)) !== JSON.stringify(keyOf(after))) {
    throw new Error(`${fold.name}: evolve changed the key of a row of ${fold.table}.`);
  }
  if (after === null) {
    if (before === null) return;
    const condition = fold.key.map((column, n) => `${quote(column)} = $${n + 1}`).join(' AND ');
    await tx.query(`DELETE FROM ${fold.table} WHERE ${condition}`, keyOf(before));
    return;
  }
  if (before !== null && JSON.stringify(before) === JSON.stringify(after)) return;
  const columns = Object.keys(after);
  checkIdentifiers(columns);
  const updates = columns.filter((column) => !fold.key.includes(column as keyof R & string));
  const onConflict =
    updates.length === 0
      ? 'DO NOTHING'
      : `DO UPDATE SET ${updates.map((column) => `${quote(column)} = EXCLUDED.${quote(column)}`).join(', ')}`;
  // One statement whether the row is new or not: a replay that meets a row written live stays correct.
  await tx.query(
    `INSERT INTO ${fold.table} (${columns.map(quote).join(', ')})
     SELECT ${columns.map(quote).join(', ')} FROM jsonb_populate_record(NULL::${fold.table}, $1::jsonb)
     ON CONFLICT (${fold.key.map(quote).join(', ')}) ${onConflict}`,
    [JSON.stringify(after)],
  );
}
