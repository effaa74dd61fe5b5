/**
 * What the server decides about user-written SQL before anything runs (SQL Lab's scripts, virtual
 * datasets' queries, the SQL of chart queries), read by the database's own grammar (PostgreSQL:
 * libpg-query, the server's parser compiled to WASM; MySQL/MariaDB: node-sql-parser), on the final SQL
 * (after the template is rendered). Text matching was fooled by `'ro'||'le'`, `"role"`,
 * `U&"rol\0065"` and quoted function names; an AST has already resolved all of them.
 *
 * Deny by default: a statement the parser cannot read is refused, and a read-only run accepts only the
 * statement kinds on an allow-list. Two levels of refusal:
 * - `refused` holds on every database: identity or read-only changes (SET ROLE, set_config('role'...),
 *   RESET ALL, DISCARD), and what reaches beyond the database (files, programs, other databases, other
 *   sessions).
 * - `readOnlyRefused` holds when the database does not allow DML: anything not on the read-only
 *   allow-list, writes hidden in CTEs or SELECT INTO, and functions with side effects (setval, advisory
 *   locks, large objects, set_config of anything but a run-tuning setting).
 */
import type { Backend } from '../engines/query-engine';
import { classifyMysqlScript } from './mysql-classifier';
import { classifyPgScript } from './pg-classifier';
import type { Refusal, Statement } from './refusals';

export type { Refusal, Statement } from './refusals';

/** The statements of a script, in order, each classified. A script PostgreSQL cannot parse is one refused statement. */
export function classifyScript(sql: string, backend: Backend): Promise<Statement[]> {
  return backend === 'postgresql' ? classifyPgScript(sql) : Promise.resolve(classifyMysqlScript(sql));
}

/** The first refusal of the script for a database with (or without) allow_dml, or null when it may run. */
export function refusalOf(statements: Statement[], allowDml: boolean): Refusal | null {
  for (const s of statements) {
    const refusal = s.refused ?? (allowDml ? null : s.readOnlyRefused);
    if (refusal) return refusal;
  }
  return null;
}

/**
 * SQL that must be ONE read-only query, as chart SQL and a virtual dataset's query are (they run in a
 * read-only transaction, whatever the database allows): the statement, or the refusal. The statement is
 * cut at the parser's offsets, so it never carries a trailing `;` or a second statement.
 */
export async function classifyQuery(
  sql: string,
  backend: Backend,
): Promise<{ statement: Statement } | { refusal: Refusal }> {
  const statements = await classifyScript(sql, backend);
  const refusal = refusalOf(statements, false);
  if (refusal) return { refusal };
  if (statements.length !== 1 || !statements[0].isSelect)
    return { refusal: { errorType: 'INVALID_SQL_ERROR', message: ONE_QUERY } };
  return { statement: statements[0] };
}

const ONE_QUERY = 'Only one SELECT statement is allowed here.';
