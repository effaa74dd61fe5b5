/**
 * A virtual dataset's query as the database will read it: its template rendered with its parameters,
 * then held to the SQL guard's read-only rules (sql-guard/), the same barrier as SQL Lab's. It runs
 * outside SQL Lab (column inference, refresh, every chart query and samples as a subquery), always in a
 * read-only transaction, so it must be ONE SELECT that changes nothing and reaches nothing beyond the
 * database. Checked when it is saved and again before each run (a dataset saved before the guard, or a
 * template whose parameters changed, must not slip through).
 */
import type { ErrorType } from '@strata/domain';
import { StrataHttpException } from '../common/error-body';
import type { Backend } from '../engines/query-engine';
import { classifyQuery } from '../sql-guard/sql-classifier';
import { parseTemplateParams, renderSql } from '../sqllab/execute/template';

/** The rendered statement (cut at the parser's offsets: no trailing `;`), or a 400 with the guard's error type and message. */
export async function guardedVirtualSql(sql: string, templateParams: string | null, backend: Backend): Promise<string> {
  const rendered = await renderSql(sql, parseTemplateParams(templateParams));
  const verdict = await classifyQuery(rendered, backend);
  if ('refusal' in verdict)
    throw new StrataHttpException(400, verdict.refusal.errorType as ErrorType, verdict.refusal.message);
  return verdict.statement.sql;
}
