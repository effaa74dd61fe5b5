/**
 * How a dataset reads in generated SQL: its FROM (a table, or a virtual dataset's SQL as a subquery) and
 * its columns and metrics as expressions (a quoted identifier, or a calculated column's / saved metric's
 * validated SQL). Unknown names are refused here, so nothing a request names reaches SQL unquoted.
 */
import { ErrorType } from '@strata/domain';
import { sql, type RawBuilder } from 'kysely';
import type { Backend } from '../../engines/query-engine';
import { validateFragment, type FragmentKind } from './adhoc-sql';
import { grainTemplate } from './time-grains';

export interface ChartColumn {
  column_name: string;
  type: string | null;
  type_generic: number | null;
  is_dttm: boolean;
  expression: string | null;
  verbose_name?: string | null;
}

export interface ChartMetric {
  metric_name: string;
  expression: string;
  verbose_name?: string | null;
}

/** What chart queries need of a dataset. */
export interface ChartDatasource {
  backend: Backend;
  kind: 'virtual' | 'physical';
  table_name: string;
  schema: string | null;
  /** A virtual dataset's query, template rendered and passed by the SQL guard: one statement, no trailing `;`. */
  sql: string | null;
  columns: ChartColumn[];
  metrics: ChartMetric[];
  main_dttm_col: string | null;
}

/** A request names something the dataset does not have, or sends SQL that is not allowed: a 400. */
export class ChartQueryError extends Error {
  constructor(
    message: string,
    readonly errorType: ErrorType = ErrorType.GENERIC_COMMAND_ERROR,
  ) {
    super(message);
    this.name = 'ChartQueryError';
  }
}

export type Expr = RawBuilder<unknown>;

export function fragment(text: string, backend: Backend, kind: FragmentKind): Expr {
  // The validated fragment is balanced, so the parentheses it comes wrapped in always hold it together.
  return sql.raw(validateFragment(text, backend, kind));
}

export function fromClause(ds: ChartDatasource) {
  if (ds.kind === 'virtual') {
    return sql`(${sql.raw(ds.sql ?? '')}\n)`.as('virtual_table');
  }
  const table = ds.schema ? sql`${sql.id(ds.schema, ds.table_name)}` : sql`${sql.id(ds.table_name)}`;
  return table.as(ds.table_name);
}

export function findColumn(ds: ChartDatasource, name: string): ChartColumn | undefined {
  return ds.columns.find((c) => c.column_name === name);
}

/** A dataset column as an expression; null when the dataset has no such column. */
export function columnExpr(ds: ChartDatasource, name: string): Expr | null {
  const column = findColumn(ds, name);
  if (!column) return null;
  return column.expression?.trim()
    ? fragment(column.expression, ds.backend, 'expression')
    : sql`${sql.id(column.column_name)}`;
}

export function requireColumn(ds: ChartDatasource, name: string): Expr {
  const expr = columnExpr(ds, name);
  if (!expr)
    throw new ChartQueryError(`Columns missing in dataset: ['${name}']`, ErrorType.COLUMN_DOES_NOT_EXIST_ERROR);
  return expr;
}

export function withGrain(ds: ChartDatasource, expr: Expr, grain: string): Expr {
  const template = grainTemplate(ds.backend, grain);
  if (!template) throw new ChartQueryError(`No such time grain: ${grain}`);
  const parts = template.split('{col}');
  const pieces: Expr[] = [];
  parts.forEach((part, i) => {
    if (i > 0) pieces.push(expr);
    if (part) pieces.push(sql.raw(part));
  });
  return sql.join(pieces, sql.raw('')) as Expr;
}
