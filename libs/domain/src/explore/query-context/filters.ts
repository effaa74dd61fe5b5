import { formatMessage } from '../../platform/text/format';
import { FILTER_OPERATORS, MULTI_OPERATORS, UNARY_OPERATORS, type FilterOperatorId } from '../controls/types';
import { parseTimeRange } from '../time-range/parse-time-range';
import { TimeRangeError } from '../time-range/time-range-error';
import {
  QUERY_FILTER_OPERATORS,
  type FilterValue,
  type QueryFilterOperator,
  type QueryObjectFilterClause,
} from './types';

/** The query-object symbol of each charts-dashboards-reports §3 operator; LATEST_PARTITION keeps its name (no symbol exists). */
export const OPERATOR_ID_TO_QUERY_OPERATOR: Readonly<Record<FilterOperatorId, QueryFilterOperator>> = {
  EQUALS: '==',
  NOT_EQUALS: '!=',
  LESS_THAN: '<',
  LESS_THAN_OR_EQUAL: '<=',
  GREATER_THAN: '>',
  GREATER_THAN_OR_EQUAL: '>=',
  IN: 'IN',
  NOT_IN: 'NOT IN',
  LIKE: 'LIKE',
  ILIKE: 'ILIKE',
  IS_NOT_NULL: 'IS NOT NULL',
  IS_NULL: 'IS NULL',
  LATEST_PARTITION: 'LATEST_PARTITION',
  IS_TRUE: 'IS TRUE',
  IS_FALSE: 'IS FALSE',
  TEMPORAL_RANGE: 'TEMPORAL_RANGE',
};

const SYMBOL_ALIASES: Record<string, QueryFilterOperator> = {
  '=': '==',
  '<>': '!=',
  'LATEST PARTITION': 'LATEST_PARTITION',
};

/**
 * The query operator of an adhoc filter: from its operatorId (charts-dashboards-reports §3 names), else its operator symbol
 * (case and spacing free, '=' and '<>' accepted), else null.
 */
export function queryOperatorOf(filter: { operatorId?: unknown; operator?: unknown }): QueryFilterOperator | null {
  if (typeof filter.operatorId === 'string' && filter.operatorId in OPERATOR_ID_TO_QUERY_OPERATOR) {
    return OPERATOR_ID_TO_QUERY_OPERATOR[filter.operatorId as FilterOperatorId];
  }
  if (typeof filter.operator !== 'string') return null;
  const text = filter.operator.trim().toUpperCase().replace(/\s+/g, ' ');
  if (text in FILTER_OPERATORS) return OPERATOR_ID_TO_QUERY_OPERATOR[text as FilterOperatorId];
  const symbol = SYMBOL_ALIASES[text] ?? text;
  return (QUERY_FILTER_OPERATORS as readonly string[]).includes(symbol) ? (symbol as QueryFilterOperator) : null;
}

const UNARY: ReadonlySet<QueryFilterOperator> = new Set(
  [...UNARY_OPERATORS].map((id) => OPERATOR_ID_TO_QUERY_OPERATOR[id]).filter((op) => op !== 'LATEST_PARTITION'),
);
const MULTI: ReadonlySet<QueryFilterOperator> = new Set(
  [...MULTI_OPERATORS].map((id) => OPERATOR_ID_TO_QUERY_OPERATOR[id]),
);
const PATTERN: ReadonlySet<QueryFilterOperator> = new Set(['LIKE', 'NOT LIKE', 'ILIKE', 'REGEX']);

export const FilterMessages = {
  UNKNOWN_OPERATOR: 'Unknown filter operator: %s',
  NO_COLUMN: 'A filter needs a column',
  NEEDS_VALUE: 'The filter %s %s needs a value',
  NEEDS_LIST: 'The filter %s %s needs at least one value',
  ONE_VALUE: 'The filter %s %s takes one value, not a list',
  NEEDS_PATTERN: 'The filter %s %s needs a text pattern',
  NEEDS_TIME_RANGE: 'The filter %s %s needs a time range',
  EMPTY_SQL: 'A custom SQL filter cannot be empty',
  BAD_CLAUSE: 'A filter clause must be WHERE or HAVING',
} as const;

const isScalar = (v: unknown): v is FilterValue =>
  v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
const isEmptyValue = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/**
 * What is wrong with an adhoc filter, or null when it can be queried: an operator of charts-dashboards-reports §3 or the query
 * symbols, a column, a comparator fitting the operator (none for IS NULL etc., a list for IN / NOT IN, text
 * for LIKE, a readable time range for TEMPORAL_RANGE when `now` is given), and non-empty SQL.
 */
export function validateAdhocFilter(filter: unknown, now?: Date): string | null {
  if (typeof filter !== 'object' || filter === null) return FilterMessages.NO_COLUMN;
  const f = filter as Record<string, unknown>;
  if (f.clause !== undefined && f.clause !== 'WHERE' && f.clause !== 'HAVING') return FilterMessages.BAD_CLAUSE;
  if (f.expressionType === 'SQL')
    return typeof f.sqlExpression === 'string' && f.sqlExpression.trim() !== '' ? null : FilterMessages.EMPTY_SQL;
  const op = queryOperatorOf(f);
  if (!op) return formatMessage(FilterMessages.UNKNOWN_OPERATOR, String(f.operatorId ?? f.operator));
  const subject = f.subject;
  if (typeof subject !== 'string' || subject === '') return FilterMessages.NO_COLUMN;
  const value = f.comparator;
  if (UNARY.has(op)) return null;
  if (MULTI.has(op)) {
    const list = Array.isArray(value) ? value : isEmptyValue(value) ? [] : [value];
    if (list.length === 0) return formatMessage(FilterMessages.NEEDS_LIST, subject, op);
    return list.every(isScalar) ? null : formatMessage(FilterMessages.NEEDS_VALUE, subject, op);
  }
  if (Array.isArray(value)) return formatMessage(FilterMessages.ONE_VALUE, subject, op);
  if (op === 'TEMPORAL_RANGE') {
    if (typeof value !== 'string' || value.trim() === '')
      return formatMessage(FilterMessages.NEEDS_TIME_RANGE, subject, op);
    if (now) {
      try {
        parseTimeRange(value, now);
      } catch (error) {
        if (error instanceof TimeRangeError) return error.message;
        throw error;
      }
    }
    return null;
  }
  if (PATTERN.has(op))
    return typeof value === 'string' && value !== '' ? null : formatMessage(FilterMessages.NEEDS_PATTERN, subject, op);
  if (op === 'LATEST_PARTITION') return null;
  return isEmptyValue(value) || !isScalar(value) ? formatMessage(FilterMessages.NEEDS_VALUE, subject, op) : null;
}

/** A SIMPLE adhoc filter as a query filter: unary operators carry no value, IN / NOT IN a list. */
export function convertAdhocFilter(filter: Readonly<Record<string, unknown>>): QueryObjectFilterClause | null {
  const op = queryOperatorOf(filter);
  if (!op || typeof filter.subject !== 'string') return null;
  const clause: QueryObjectFilterClause = { col: filter.subject, op };
  const value = filter.comparator as FilterValue | FilterValue[] | undefined;
  if (!UNARY.has(op) && value !== undefined) clause.val = MULTI.has(op) && !Array.isArray(value) ? [value] : value;
  if (filter.isExtra === true) clause.isExtra = true;
  return clause;
}

/**
 * charts-dashboards-reports §5: a SQL fragment with a line comment gets a newline before it is wrapped in parentheses, so the
 * comment cannot swallow the closing parenthesis or the next condition.
 */
export function sanitizeClause(clause: string): string {
  return `(${clause.includes('--') ? `${clause}\n` : clause})`;
}

/**
 * Adhoc filters into the query object's parts (as Superset): SIMPLE WHERE filters become `filters`
 * (after the dashboard's extra filters), SQL filters are ANDed into extras.where / extras.having.
 * Superset drops SIMPLE filters with clause HAVING; so does this (the control panel offers HAVING only
 * as custom SQL).
 */
export function processFilters(
  adhocFilters: readonly unknown[],
  extraFilters: readonly QueryObjectFilterClause[] = [],
  where?: string,
): { filters: QueryObjectFilterClause[]; extras: { where: string; having: string } } {
  const filters = [...extraFilters];
  const freeformWhere: string[] = where ? [where] : [];
  const freeformHaving: string[] = [];
  for (const raw of adhocFilters) {
    if (typeof raw !== 'object' || raw === null) continue;
    const filter = raw as Record<string, unknown>;
    const clause = filter.clause ?? 'WHERE';
    if (filter.expressionType === 'SQL') {
      if (typeof filter.sqlExpression !== 'string' || filter.sqlExpression.trim() === '') continue;
      (clause === 'HAVING' ? freeformHaving : freeformWhere).push(filter.sqlExpression);
    } else if (clause === 'WHERE') {
      const converted = convertAdhocFilter(filter);
      if (converted) filters.push(converted);
    }
  }
  return {
    filters,
    extras: {
      where: freeformWhere.map(sanitizeClause).join(' AND '),
      having: freeformHaving.map(sanitizeClause).join(' AND '),
    },
  };
}
