/**
 * CREATE TABLE AS / CREATE VIEW AS (REFERENCE §1.7): the checks on the script, the default table name,
 * and the statements the run executes instead of the last SELECT.
 */
import { ErrorType } from '@strata/domain';
import { StrataHttpException } from '../../common/error-body';
import type { QueryEngine } from '../../engines/query-engine';
import type { Statement } from './statements';

export const CTAS_LAST_SELECT =
  'CTAS (create table as select) can only be run with a query where the last statement is a SELECT. Please make sure your query has a SELECT as its last statement. Then, try running your query again.';
export const CVAS_SINGLE_SELECT =
  'CVAS (create view as select) can only be run with a query with a single SELECT statement. Please make sure your query has only a SELECT statement. Then, try running your query again.';

export function checkCtas(method: 'TABLE' | 'VIEW', statements: Statement[], database: { allow_ctas: boolean; allow_cvas: boolean }): void {
  if (method === 'TABLE') {
    if (!database.allow_ctas) throw new StrataHttpException(400, ErrorType.INVALID_CTAS_QUERY_ERROR, 'This database does not allow CREATE TABLE AS.');
    if (!statements.at(-1)?.isSelect) throw new StrataHttpException(400, ErrorType.INVALID_CTAS_QUERY_ERROR, CTAS_LAST_SELECT);
  } else {
    if (!database.allow_cvas) throw new StrataHttpException(400, ErrorType.INVALID_CVAS_QUERY_ERROR, 'This database does not allow CREATE VIEW AS.');
    if (statements.length !== 1 || !statements[0].isSelect) throw new StrataHttpException(400, ErrorType.INVALID_CVAS_QUERY_ERROR, CVAS_SINGLE_SELECT);
  }
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `tmp_<user_id>_table_<YYYY_MM_DD_HH_MM_SS>` of the start time (UTC). */
export function defaultCtasName(userId: number, startMs: number): string {
  const d = new Date(startMs);
  const stamp = [d.getUTCFullYear(), pad(d.getUTCMonth() + 1), pad(d.getUTCDate()), pad(d.getUTCHours()), pad(d.getUTCMinutes()), pad(d.getUTCSeconds())].join('_');
  return `tmp_${userId}_table_${stamp}`;
}

export function qualifiedName(engine: Pick<QueryEngine, 'quoteIdentifier'>, schema: string | null, table: string): string {
  return schema ? `${engine.quoteIdentifier(schema)}.${engine.quoteIdentifier(table)}` : engine.quoteIdentifier(table);
}

export const ctasStatement = (method: 'TABLE' | 'VIEW', target: string, select: string) => `CREATE ${method} ${target} AS\n${select}`;

export const ctasSelectSql = (target: string, limit: number) => `SELECT * FROM ${target} LIMIT ${limit}`;
