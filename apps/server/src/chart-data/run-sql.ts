/**
 * Runs one generated chart query on a database through its engine: a read-only transaction (chart
 * queries never write, whatever the database allows), the statement timeout, at most maxRows rows, and
 * the connection always released. Engine errors keep their error type (SYNTAX_ERROR, COLUMN_DOES_NOT_...).
 */
import type { CompiledQuery } from 'kysely';
import type { QueryEngine, ResultSet } from '../engines/query-engine';

export interface RunOptions {
  maxRows: number;
  timeoutMs: number;
  schema?: string | null;
}

/** The compiled SQL runs with its values bound (`parameters`), never rendered into the text. */
export async function runReadOnly(engine: QueryEngine, query: Pick<CompiledQuery, 'sql' | 'parameters'>, options: RunOptions): Promise<ResultSet> {
  const session = await engine.openSession();
  try {
    await session.begin({ readOnly: true, schema: options.schema ?? null });
    const result = await session.execute(query.sql, { params: query.parameters, maxRows: options.maxRows, timeoutMs: options.timeoutMs });
    await session.rollback();
    return result;
  } finally {
    await session.release();
  }
}
