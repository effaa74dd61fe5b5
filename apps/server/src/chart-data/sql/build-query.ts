/**
 * A query object (REFERENCE §2.1) as one SQL query for the dataset's dialect, built with Kysely and
 * compiled with bound parameters: columns and metrics (aggregate mode) or columns only (raw mode),
 * filters, extras, the time range on the granularity column, order, limit and offset, and the top-N
 * series subquery. Pure: the caller runs the compiled query.
 */
import { ErrorType } from '@strata/domain';
import { sql, type CompiledQuery } from 'kysely';
import type { AdhocMetric, ColumnRef, MetricRef, QueryFilter, QueryObject } from '../query-context.schema';
import { compilerFor } from './dialects';
import {
  ChartQueryError,
  columnExpr,
  findColumn,
  fragment,
  fromClause,
  requireColumn,
  withGrain,
  type ChartDatasource,
  type Expr,
} from './datasource-sql';

export interface TimeBounds {
  since: Date | null;
  until: Date | null;
}

export interface BuildOptions {
  /** The server's row cap (SQL_MAX_ROW); row_limit is clamped to it. */
  maxRows: number;
  /** Row limit when the query object has none. */
  defaultRowLimit: number;
  /** A time range text ('Last week', 'No filter', 'a : b') as bounds. */
  resolveTimeRange: (timeRange: string) => TimeBounds;
  /** Time offsets (time comparison) move every time bound; identity otherwise. */
  shiftTime?: (date: Date) => Date;
  /**
   * Whether an adhoc SQL expression (not a dataset column) is temporal, as the caller probed it: a time
   * grain applies only then. Without it an expression with a grain is truncated.
   */
  isTemporalExpression?: (sqlExpression: string) => boolean;
}

export interface BuiltQuery {
  compiled: CompiledQuery;
  /** Output column alias -> the label the response uses (long labels get short aliases). */
  labels: Map<string, string>;
  columnLabels: string[];
  metricLabels: string[];
  /** The label of the time axis column, if the query has one (time comparison joins on it). */
  timeAxisLabel: string | null;
  appliedFilters: { column: string }[];
  rejectedFilters: { reason: string; column: string }[];
  fromDttm: Date | null;
  toDttm: Date | null;
}

export const TIMESTAMP_LABEL = '__timestamp';

interface Selected {
  label: string;
  expr: Expr;
  isTimeAxis: boolean;
}

export function columnLabel(col: ColumnRef): string {
  return typeof col === 'string' ? col : (col.label ?? col.sqlExpression);
}

function metricColumnName(m: AdhocMetric): string | null {
  if (!m.column) return null;
  return typeof m.column === 'string' ? m.column : m.column.column_name;
}

export function metricLabel(m: MetricRef): string {
  if (typeof m === 'string') return m;
  if (m.label) return m.label;
  if (m.expressionType === 'SQL') return m.sqlExpression ?? '';
  return `${m.aggregate}(${metricColumnName(m) ?? ''})`;
}

function fmt(date: Date): string {
  return date
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d{3}Z$/, '')
    .replace(/Z$/, '');
}

export function buildQuery(ds: ChartDatasource, q: QueryObject, options: BuildOptions): BuiltQuery {
  const db = compilerFor(ds.backend);
  const shift = options.shiftTime ?? ((d: Date) => d);
  const appliedFilters: BuiltQuery['appliedFilters'] = [];
  const rejectedFilters: BuiltQuery['rejectedFilters'] = [];
  const grain = q.extras.time_grain_sqla ?? null;

  // Superset truncates only what is temporal (a dataset column marked temporal, or an expression whose
  // probed type is); a grain on anything else (a BASE_AXIS of text or numbers) is ignored, not an error.
  const temporalColumn = (name: string) => {
    const column = findColumn(ds, name);
    return column ? column.is_dttm || column.type_generic === 2 : (options.isTemporalExpression?.(name) ?? true);
  };
  const columnOf = (col: ColumnRef): Selected => {
    if (typeof col === 'string') return { label: col, expr: requireColumn(ds, col), isTimeAxis: false };
    const named = findColumn(ds, col.sqlExpression)
      ? requireColumn(ds, col.sqlExpression)
      : fragment(col.sqlExpression, ds.backend, 'expression');
    const isTimeAxis = col.columnType === 'BASE_AXIS' || !!col.timeGrain;
    const timeGrain = col.timeGrain ?? (isTimeAxis ? grain : null);
    const truncated = timeGrain && temporalColumn(col.sqlExpression) ? withGrain(ds, named, timeGrain) : named;
    return { label: columnLabel(col), expr: truncated, isTimeAxis };
  };

  const metricExpr = (m: MetricRef): Expr => {
    if (typeof m === 'string') {
      const saved = ds.metrics.find((x) => x.metric_name === m);
      if (!saved) throw new ChartQueryError(`Metric '${m}' does not exist`, ErrorType.COLUMN_DOES_NOT_EXIST_ERROR);
      return fragment(saved.expression, ds.backend, 'expression');
    }
    if (m.expressionType === 'SQL') {
      if (!m.sqlExpression) throw new ChartQueryError('An adhoc SQL metric needs its SQL expression.');
      return fragment(m.sqlExpression, ds.backend, 'expression');
    }
    const name = metricColumnName(m);
    if (!m.aggregate) throw new ChartQueryError('An adhoc metric needs an aggregate.');
    if (!name) {
      if (m.aggregate === 'COUNT') return sql`COUNT(*)`;
      throw new ChartQueryError(`The aggregate ${m.aggregate} needs a column.`);
    }
    const col = requireColumn(ds, name);
    switch (m.aggregate) {
      case 'COUNT_DISTINCT':
        return sql`COUNT(DISTINCT ${col})`;
      case 'AVG':
        return sql`AVG(${col})`;
      case 'COUNT':
        return sql`COUNT(${col})`;
      case 'MAX':
        return sql`MAX(${col})`;
      case 'MIN':
        return sql`MIN(${col})`;
      case 'SUM':
        return sql`SUM(${col})`;
      default: {
        const unknown: never = m.aggregate;
        throw new ChartQueryError(`Unknown aggregate ${String(unknown)}`);
      }
    }
  };

  // ---- what is selected
  const metrics = (q.metrics ?? []).map((m) => ({ label: metricLabel(m), expr: metricExpr(m) }));
  const aggregate = metrics.length > 0;
  const columnRefs: ColumnRef[] = [...q.columns, ...(aggregate ? (q.groupby ?? []) : [])];
  const selected: Selected[] = [];
  const granularity = q.granularity ?? q.granularity_sqla ?? null;
  if (q.is_timeseries && granularity) {
    const base = requireColumn(ds, granularity);
    const truncated = grain && temporalColumn(granularity) ? withGrain(ds, base, grain) : base;
    selected.push({ label: TIMESTAMP_LABEL, expr: truncated, isTimeAxis: true });
  }
  for (const ref of columnRefs) {
    const s = columnOf(ref);
    if (!selected.some((x) => x.label === s.label)) selected.push(s);
  }
  if (selected.length === 0 && metrics.length === 0) throw new ChartQueryError('Empty query?');
  const labels = [...selected.map((s) => s.label), ...metrics.map((m) => m.label)];
  const duplicates = labels.filter((l, i) => labels.indexOf(l) !== i);
  if (duplicates.length > 0)
    throw new ChartQueryError(
      `Duplicate column/metric labels: ${[...new Set(duplicates)].map((d) => `'${d}'`).join(', ')}. Please make sure all columns and metrics have a unique label.`,
    );

  // ---- where
  const where: Expr[] = [];
  const bind = (v: unknown) => sql`${v}`;
  const range = (expr: Expr, text: string): { since: Date | null; until: Date | null } => {
    const bounds = options.resolveTimeRange(text);
    const since = bounds.since ? shift(bounds.since) : null;
    const until = bounds.until ? shift(bounds.until) : null;
    if (since) where.push(sql`${expr} >= ${fmt(since)}`);
    if (until) where.push(sql`${expr} < ${fmt(until)}`);
    return { since, until };
  };
  let fromDttm: Date | null = null;
  let toDttm: Date | null = null;
  if (granularity && q.time_range) {
    const bounds = range(requireColumn(ds, granularity), q.time_range);
    fromDttm = bounds.since;
    toDttm = bounds.until;
  }
  for (const filter of q.filters) {
    const name = columnLabel(filter.col);
    if (filter.op === 'LATEST_PARTITION') {
      rejectedFilters.push({ reason: 'not_supported', column: name });
      continue;
    }
    const expr = typeof filter.col === 'string' ? columnExpr(ds, filter.col) : columnOf(filter.col).expr;
    if (!expr) {
      rejectedFilters.push({ reason: 'not_in_datasource', column: name });
      continue;
    }
    if (filter.op === 'TEMPORAL_RANGE') {
      const text = typeof filter.val === 'string' ? filter.val : 'No filter';
      const bounds = range(expr, text);
      fromDttm ??= bounds.since;
      toDttm ??= bounds.until;
    } else {
      // A temporal value charts send back (a clicked cell, a filter value) is epoch ms, as the data
      // answered it: compared as the UTC timestamp it stands for (Superset's filter_values_handler).
      const temporal = typeof filter.col === 'string' && temporalColumn(filter.col);
      const bindValue = temporal ? (v: unknown) => bind(typeof v === 'number' ? fmt(new Date(v)) : v) : bind;
      const condition = filterCondition(ds.backend, expr, filter, bindValue);
      if (condition) where.push(condition);
    }
    appliedFilters.push({ column: name });
  }
  if (q.extras.where?.trim()) where.push(fragment(q.extras.where, ds.backend, 'where'));
  const having = q.extras.having?.trim() ? fragment(q.extras.having, ds.backend, 'having') : null;

  // ---- assemble
  const aliases = new Map<string, string>();
  const maxAlias = ds.backend === 'mysql' ? 64 : 63;
  const aliasOf = (label: string, i: number) => {
    const alias = Buffer.byteLength(label) <= maxAlias && !label.includes('\0') ? label : `__alias_${i}`;
    aliases.set(alias, label);
    return alias;
  };
  let query = db
    .selectFrom(fromClause(ds))
    .select([
      ...selected.map((s, i) => s.expr.as(aliasOf(s.label, i))),
      ...metrics.map((m, i) => m.expr.as(aliasOf(m.label, selected.length + i))),
    ]);
  for (const w of where) query = query.where(w as never);

  // ---- top-N series (series_limit / legacy timeseries_limit): join on the best N series.
  const seriesLimit = q.series_limit || q.timeseries_limit || 0;
  if (aggregate && seriesLimit > 0) {
    const seriesRefs = q.series_columns?.length ? q.series_columns : columnRefs.filter((c) => !columnOf(c).isTimeAxis);
    const series = seriesRefs.map(columnOf);
    if (series.length > 0) {
      const limitMetric = q.series_limit_metric ?? q.timeseries_limit_metric ?? q.metrics?.[0];
      let sub = db.selectFrom(fromClause(ds)).select(series.map((s, i) => s.expr.as(`__series_${i}`)));
      for (const w of where) sub = sub.where(w as never);
      sub = sub.groupBy(series.map((s) => s.expr));
      if (limitMetric) sub = sub.orderBy(metricExpr(limitMetric), q.order_desc ? 'desc' : 'asc');
      sub = sub.limit(seriesLimit);
      const on = series.map((s, i) =>
        ds.backend === 'mysql'
          ? sql`${s.expr} <=> ${sql.id('series_limit', `__series_${i}`)}`
          : sql`${s.expr} IS NOT DISTINCT FROM ${sql.id('series_limit', `__series_${i}`)}`,
      );
      query = query.innerJoin(sub.as('series_limit'), (join) => join.on(sql.join(on, sql` AND `) as never));
    }
  }

  if (aggregate && selected.length > 0) query = query.groupBy(selected.map((s) => s.expr));
  if (having) query = query.having(having as never);

  // ---- order
  const orderExpr = (item: QueryObject['orderby'][number][0]): Expr => {
    const isMetric = typeof item !== 'string' && 'expressionType' in item && !!item.expressionType;
    const label =
      typeof item === 'string' ? item : isMetric ? metricLabel(item as MetricRef) : columnLabel(item as ColumnRef);
    const metric = metrics.find((m) => m.label === label);
    if (metric) return metric.expr;
    const column = selected.find((s) => s.label === label);
    if (column) return column.expr;
    if (typeof item !== 'string') return isMetric ? metricExpr(item as MetricRef) : columnOf(item as ColumnRef).expr;
    if (ds.metrics.some((m) => m.metric_name === item)) return metricExpr(item);
    return requireColumn(ds, item);
  };
  const orderby =
    q.orderby.length > 0 ? q.orderby : aggregate ? [[q.metrics![0], !q.order_desc] as [MetricRef, boolean]] : [];
  for (const [item, ascending] of orderby) query = query.orderBy(orderExpr(item), ascending ? 'asc' : 'desc');

  const requested = q.row_limit == null ? options.defaultRowLimit : q.row_limit === 0 ? options.maxRows : q.row_limit;
  query = query.limit(Math.min(requested, options.maxRows));
  if (q.row_offset > 0) query = query.offset(q.row_offset);

  return {
    compiled: query.compile(),
    labels: aliases,
    columnLabels: selected.map((s) => s.label),
    metricLabels: metrics.map((m) => m.label),
    timeAxisLabel: selected.find((s) => s.isTimeAxis)?.label ?? null,
    appliedFilters,
    rejectedFilters,
    fromDttm,
    toDttm,
  };
}

function filterCondition(
  backend: ChartDatasource['backend'],
  expr: Expr,
  filter: QueryFilter,
  bind: (v: unknown) => Expr,
): Expr | null {
  const val = filter.val;
  const one = Array.isArray(val) ? val[0] : val;
  const list = val === undefined ? [] : Array.isArray(val) ? val : [val];
  switch (filter.op) {
    case '==':
      return one === null || one === undefined ? sql`${expr} IS NULL` : sql`${expr} = ${bind(one)}`;
    case '!=':
      return one === null || one === undefined ? sql`${expr} IS NOT NULL` : sql`${expr} <> ${bind(one)}`;
    case '<':
      return sql`${expr} < ${bind(one)}`;
    case '<=':
      return sql`${expr} <= ${bind(one)}`;
    case '>':
      return sql`${expr} > ${bind(one)}`;
    case '>=':
      return sql`${expr} >= ${bind(one)}`;
    case 'IN':
    case 'NOT IN': {
      const values = list.filter((v) => v !== null);
      const hasNull = values.length !== list.length;
      const parts: Expr[] = [];
      if (values.length > 0) parts.push(sql`${expr} IN (${sql.join(values.map(bind))})`);
      if (hasNull) parts.push(sql`${expr} IS NULL`);
      if (filter.op === 'IN') return parts.length === 0 ? sql`1 = 0` : sql`(${sql.join(parts, sql` OR `)})`;
      return parts.length === 0 ? null : sql`NOT (${sql.join(parts, sql` OR `)})`;
    }
    case 'LIKE':
      return sql`${expr} LIKE ${bind(one)}`;
    case 'NOT LIKE':
      return sql`${expr} NOT LIKE ${bind(one)}`;
    case 'ILIKE':
      return backend === 'mysql' ? sql`LOWER(${expr}) LIKE LOWER(${bind(one)})` : sql`${expr} ILIKE ${bind(one)}`;
    case 'REGEX':
      return backend === 'mysql' ? sql`${expr} REGEXP ${bind(one)}` : sql`${expr} ~ ${bind(one)}`;
    case 'IS NULL':
      return sql`${expr} IS NULL`;
    case 'IS NOT NULL':
      return sql`${expr} IS NOT NULL`;
    case 'IS TRUE':
      return sql`${expr} IS TRUE`;
    case 'IS FALSE':
      return sql`${expr} IS FALSE`;
    case 'TEMPORAL_RANGE':
    case 'LATEST_PARTITION':
      return null;
    default: {
      const unknown: never = filter.op;
      throw new ChartQueryError(`Unknown filter operator ${String(unknown)}`);
    }
  }
}
