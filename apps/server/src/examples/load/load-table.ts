/**
 * Writes one dataset as a fresh table in a single transaction: readers see the old table or the complete
 * new one, never half of it. Rows go in batches through unnest() of one typed array per column: one
 * statement per 10,000 rows, no parameter-count limit, the same SQL on PostgreSQL and PGlite.
 */
import type { Client } from 'pg';
import { quoteIdent } from '../../storage/pg-url';
import type { ColumnPlan, ColumnType } from '../source/columns';
import type { SourceRecord } from '../source/datasets';

const ARRAY_TYPE: Record<ColumnType, string> = {
  integer: 'int4[]',
  bigint: 'int8[]',
  'double precision': 'float8[]',
  boolean: 'bool[]',
  date: 'date[]',
  timestamp: 'timestamp[]',
  timestamptz: 'timestamptz[]',
  text: 'text[]',
};

export const BATCH_ROWS = 10000;

/** Must run inside the caller's write transaction. */
export async function replaceTable(
  client: Client,
  table: string,
  columns: readonly ColumnPlan[],
  rows: readonly SourceRecord[],
  readerRole: string | null,
): Promise<void> {
  const target = `public.${quoteIdent(table)}`;
  await client.query(`DROP TABLE IF EXISTS ${target}`);
  await client.query(`CREATE TABLE ${target} (${columns.map((c) => `${quoteIdent(c.name)} ${c.type}`).join(', ')})`);
  const insert =
    `INSERT INTO ${target} (${columns.map((c) => quoteIdent(c.name)).join(', ')}) ` +
    `SELECT * FROM unnest(${columns.map((c, i) => `$${i + 1}::${ARRAY_TYPE[c.type]}`).join(', ')})`;
  for (let start = 0; start < rows.length; start += BATCH_ROWS) {
    const batch = rows.slice(start, start + BATCH_ROWS);
    await client.query(
      insert,
      columns.map((c) => batch.map((row) => c.convert(row[c.source]))),
    );
  }
  if (readerRole) await client.query(`GRANT SELECT ON ${target} TO ${quoteIdent(readerRole)}`);
}
