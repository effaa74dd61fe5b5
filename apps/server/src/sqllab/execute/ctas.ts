/**
 * CREATE TABLE AS / CREATE VIEW AS (REFERENCE §1.7): the checks on the script, the default table name,
 * and the statements the run executes instead of the last SELECT.
 */
import { ErrorType } from '@strata/domain';
import { StrataHttpException } from '../../common/error-body';
import type { QueryEngine } from '../../engines/query-engine';
import type { Statement } from '../../sql-guard/sql-classifier';

export const CTAS_LAST_SELECT =
  'CTAS (create table as select) can only be run with a query where the last statement is a SELECT. Please make sure your query has a SELECT as its last statement. Then, try running your query again.';
export const CVAS_SINGLE_SELECT =
  'CVAS (create view as select) can only be run with a query with a single SELECT statement. Please make sure your query has only a SELECT statement. Then, try running your query again.';

/**
 * The CREATE is the one statement of a CTAS/CVAS run that writes, and it commits: its SELECT must pass
 * the read-only rules even on a database that allows DML (no setval, advisory lock, large object or
 * set_config riding along), and the target may not be a temporary schema, where the table would shadow
 * tables of the same name for whoever gets the connection next.
 */
export function checkCtas(
  method: 'TABLE' | 'VIEW',
  statements: Statement[],
  database: { allow_ctas: boolean; allow_cvas: boolean },
  targetSchema: string | null,
): void {
  const errorType = method === 'TABLE' ? ErrorType.INVALID_CTAS_QUERY_ERROR : ErrorType.INVALID_CVAS_QUERY_ERROR;
  if (method === 'TABLE') {
    if (!database.allow_ctas)
      throw new StrataHttpException(400, errorType, 'This database does not allow CREATE TABLE AS.');
    if (!statements.at(-1)?.isSelect) throw new StrataHttpException(400, errorType, CTAS_LAST_SELECT);
  } else {
    if (!database.allow_cvas)
      throw new StrataHttpException(400, errorType, 'This database does not allow CREATE VIEW AS.');
    if (statements.length !== 1 || !statements[0].isSelect)
      throw new StrataHttpException(400, errorType, CVAS_SINGLE_SELECT);
  }
  const select = statements.at(-1)!;
  const refusal = select.refused ?? select.readOnlyRefused;
  if (refusal) throw new StrataHttpException(400, refusal.errorType as ErrorType, refusal.message);
  if (targetSchema !== null && /^pg_(temp|toast_temp)/i.test(targetSchema.trim())) {
    throw new StrataHttpException(
      400,
      errorType,
      `The ${method === 'TABLE' ? 'table' : 'view'} cannot be created in the temporary schema ${targetSchema}.`,
    );
  }
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `tmp_<user_id>_table_<YYYY_MM_DD_HH_MM_SS>` of the start time (UTC). */
export function defaultCtasName(userId: number, startMs: number): string {
  const d = new Date(startMs);
  const stamp = [
    d.getUTCFullYear(),
    pad(d.getUTCMonth() + 1),
    pad(d.getUTCDate()),
    pad(d.getUTCHours()),
    pad(d.getUTCMinutes()),
    pad(d.getUTCSeconds()),
  ].join('_');
  return `tmp_${userId}_table_${stamp}`;
}

export function qualifiedName(
  engine: Pick<QueryEngine, 'quoteIdentifier'>,
  schema: string | null,
  table: string,
): string {
  return schema ? `${engine.quoteIdentifier(schema)}.${engine.quoteIdentifier(table)}` : engine.quoteIdentifier(table);
}

export const ctasStatement = (method: 'TABLE' | 'VIEW', target: string, select: string) =>
  `CREATE ${method} ${target} AS\n${select}`;

export const ctasSelectSql = (target: string, limit: number) => `SELECT * FROM ${target} LIMIT ${limit}`;
