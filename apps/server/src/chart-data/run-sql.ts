/**
 * Runs one generated chart query on a database through its engine: a read-only transaction (chart
 * queries never write, whatever the database allows), the statement timeout, at most maxRows rows, and
 * the connection always released. Engine errors keep their error type (SYNTAX_ERROR, COLUMN_DOES_NOT_...).
 *
 * The generated SQL holds user-written parts (a virtual dataset's query, adhoc fragments, calculated
 * columns), each checked where it comes in. On PostgreSQL the whole text is read once more by the SQL
 * guard with the server's own parser, because that is what the database will read (node-sql-parser,
 * which checks fragments, may read a fragment differently). MySQL has no such second reader: the guard
 * would read it with node-sql-parser again, whose grammar lacks parts of the generated SQL (it refused
 * the quarter grain and the series-limit join).
 */
import type { ErrorType } from '@strata/domain';
import type { CompiledQuery } from 'kysely';
import type { QueryEngine, ResultSet } from '../engines/query-engine';
import { classifyQuery } from '../sql-guard/sql-classifier';
import { ChartQueryError } from './sql/datasource-sql';

export interface RunOptions {
  maxRows: number;
  timeoutMs: number;
  schema?: string | null;
  /**
   * The SQL carries its own LIMIT of at most maxRows (generated chart SQL: buildQuery caps row_limit at
   * SQL_MAX_ROW), so the database reads it whole instead of through a row-limited portal, which keeps
   * PostgreSQL from planning it in parallel. Without it (an alert's own SQL) at most maxRows are read.
   */
  limited?: boolean;
}

/** The compiled SQL runs with its values bound (`parameters`), never rendered into the text. */
export async function runReadOnly(
  engine: QueryEngine,
  query: Pick<CompiledQuery, 'sql' | 'parameters'>,
  options: RunOptions,
): Promise<ResultSet> {
  if (engine.backend === 'postgresql') {
    const verdict = await classifyQuery(query.sql, engine.backend);
    if ('refusal' in verdict)
      throw new ChartQueryError(verdict.refusal.message, verdict.refusal.errorType as ErrorType);
  }
  // Waiting for a connection counts against the query's timeout. The transaction (read-only, the
  // schema, the timeout) starts in the checkout's own message: one round trip before the query.
  const session = await engine.openSession({
    waitMs: options.timeoutMs,
    begin: { readOnly: true, schema: options.schema ?? null, timeoutMs: options.timeoutMs },
  });
  let result: ResultSet;
  try {
    result = await session.execute(query.sql, {
      params: query.parameters,
      maxRows: options.limited ? undefined : options.maxRows,
      timeoutMs: options.timeoutMs,
    });
  } catch (err) {
    await session.release();
    throw err;
  }
  // The answer does not wait for the connection's reset (ROLLBACK, DISCARD ALL: two more round trips):
  // release() never throws, and the engine's slot stays taken until the connection is back in the pool.
  session.release().catch(() => undefined);
  return result.rows.length > options.maxRows ? { ...result, rows: result.rows.slice(0, options.maxRows) } : result;
}
