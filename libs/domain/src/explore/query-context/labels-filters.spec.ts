import { getColumnLabel, getMetricLabel } from './labels';
import { convertAdhocFilter, processFilters, sanitizeClause, validateAdhocFilter, queryOperatorOf } from './filters';

describe('labels', () => {
  it('an adhoc SIMPLE metric without a label is AGG(column); a label wins; a saved metric is its name', () => {
    expect(
      getMetricLabel({ expressionType: 'SIMPLE', aggregate: 'AVG', column: { column_name: 'horsepower' }, label: '' }),
    ).toBe('AVG(horsepower)');
    expect(getMetricLabel({ expressionType: 'SIMPLE', aggregate: 'COUNT_DISTINCT', column: 'origin' } as never)).toBe(
      'COUNT_DISTINCT(origin)',
    );
    expect(
      getMetricLabel({ expressionType: 'SIMPLE', aggregate: 'SUM', column: { column_name: 'x' }, label: 'Total' }),
    ).toBe('Total');
    expect(getMetricLabel({ expressionType: 'SQL', sqlExpression: 'SUM(a) / SUM(b)', label: '' })).toBe(
      'SUM(a) / SUM(b)',
    );
    expect(getMetricLabel('count')).toBe('count');
    const long = 'SUM(CASE WHEN origin = 1 THEN horsepower ELSE 0 END) / COUNT(*)';
    expect(getMetricLabel({ expressionType: 'SQL', sqlExpression: long, label: '' })).toBe(long);
  });

  it('a column is its name or its adhoc label', () => {
    expect(getColumnLabel('origin')).toBe('origin');
    expect(getColumnLabel({ label: 'day', sqlExpression: 'date' })).toBe('day');
    expect(getColumnLabel({ label: '', sqlExpression: 'upper(name)' })).toBe('upper(name)');
  });
});

const simple = (operatorId: string, comparator: unknown, extra: Record<string, unknown> = {}) => ({
  expressionType: 'SIMPLE',
  subject: 'origin',
  operatorId,
  comparator,
  clause: 'WHERE',
  ...extra,
});

describe('adhoc filters to query filters (charts-dashboards-reports §3 operators)', () => {
  it.each([
    ['EQUALS', 'USA', { col: 'origin', op: '==', val: 'USA' }],
    ['NOT_EQUALS', 'USA', { col: 'origin', op: '!=', val: 'USA' }],
    ['LESS_THAN', 3, { col: 'origin', op: '<', val: 3 }],
    ['LESS_THAN_OR_EQUAL', 3, { col: 'origin', op: '<=', val: 3 }],
    ['GREATER_THAN', 3, { col: 'origin', op: '>', val: 3 }],
    ['GREATER_THAN_OR_EQUAL', 3, { col: 'origin', op: '>=', val: 3 }],
    ['IN', ['USA', 'Japan'], { col: 'origin', op: 'IN', val: ['USA', 'Japan'] }],
    ['NOT_IN', 'USA', { col: 'origin', op: 'NOT IN', val: ['USA'] }],
    ['LIKE', 'U%', { col: 'origin', op: 'LIKE', val: 'U%' }],
    ['ILIKE', 'u%', { col: 'origin', op: 'ILIKE', val: 'u%' }],
    ['IS_NOT_NULL', null, { col: 'origin', op: 'IS NOT NULL' }],
    ['IS_NULL', 'ignored', { col: 'origin', op: 'IS NULL' }],
    ['IS_TRUE', null, { col: 'origin', op: 'IS TRUE' }],
    ['IS_FALSE', null, { col: 'origin', op: 'IS FALSE' }],
    ['TEMPORAL_RANGE', 'Last week', { col: 'origin', op: 'TEMPORAL_RANGE', val: 'Last week' }],
    ['LATEST_PARTITION', '2020-01-01', { col: 'origin', op: 'LATEST_PARTITION', val: '2020-01-01' }],
  ])('%s', (operatorId, comparator, expected) => {
    expect(convertAdhocFilter(simple(operatorId, comparator))).toEqual(expected);
  });

  it('falls back to the operator symbol, in any case and spacing', () => {
    expect(queryOperatorOf({ operator: 'not  in' })).toBe('NOT IN');
    expect(queryOperatorOf({ operator: '=' })).toBe('==');
    expect(queryOperatorOf({ operator: 'regex' })).toBe('REGEX');
    expect(queryOperatorOf({ operator: 'LATEST PARTITION' })).toBe('LATEST_PARTITION');
    expect(queryOperatorOf({ operator: 'DROP' })).toBeNull();
  });

  it('SQL filters go to extras.where / having wrapped in parentheses; SIMPLE HAVING filters are dropped', () => {
    const out = processFilters(
      [
        simple('EQUALS', 'USA'),
        { expressionType: 'SQL', sqlExpression: 'cylinders > 4', clause: 'WHERE' },
        { expressionType: 'SQL', sqlExpression: 'year < 1980 -- old cars', clause: 'WHERE' },
        { expressionType: 'SQL', sqlExpression: 'COUNT(*) > 10', clause: 'HAVING' },
        simple('GREATER_THAN', 5, { clause: 'HAVING' }),
      ],
      [{ col: 'name', op: 'IN', val: ['a'] }],
    );
    expect(out.filters).toEqual([
      { col: 'name', op: 'IN', val: ['a'] },
      { col: 'origin', op: '==', val: 'USA' },
    ]);
    expect(out.extras).toEqual({ where: '(cylinders > 4) AND (year < 1980 -- old cars\n)', having: '(COUNT(*) > 10)' });
  });

  it('charts-dashboards-reports §5: a line comment gets a newline before the closing parenthesis', () => {
    expect(sanitizeClause('a = 1 -- note')).toBe('(a = 1 -- note\n)');
    expect(sanitizeClause('a = 1')).toBe('(a = 1)');
  });
});

describe('validateAdhocFilter', () => {
  const now = new Date('2024-03-15T00:00:00Z');
  it('accepts complete filters', () => {
    expect(validateAdhocFilter(simple('EQUALS', 'USA'))).toBeNull();
    expect(validateAdhocFilter(simple('IS_NULL', undefined))).toBeNull();
    expect(validateAdhocFilter(simple('IN', ['a', 1]))).toBeNull();
    expect(validateAdhocFilter(simple('TEMPORAL_RANGE', 'Last week'), now)).toBeNull();
    expect(validateAdhocFilter({ expressionType: 'SQL', sqlExpression: 'a > 1', clause: 'HAVING' })).toBeNull();
  });

  it('explains what is missing', () => {
    expect(validateAdhocFilter(simple('EXPLODE', 1))).toBe('Unknown filter operator: EXPLODE');
    expect(validateAdhocFilter(simple('EQUALS', 'x', { subject: '' }))).toBe('A filter needs a column');
    expect(validateAdhocFilter(simple('EQUALS', ''))).toBe('The filter origin == needs a value');
    expect(validateAdhocFilter(simple('EQUALS', ['a']))).toBe('The filter origin == takes one value, not a list');
    expect(validateAdhocFilter(simple('IN', []))).toBe('The filter origin IN needs at least one value');
    expect(validateAdhocFilter(simple('LIKE', 5))).toBe('The filter origin LIKE needs a text pattern');
    expect(validateAdhocFilter(simple('TEMPORAL_RANGE', ''))).toBe(
      'The filter origin TEMPORAL_RANGE needs a time range',
    );
    expect(validateAdhocFilter(simple('TEMPORAL_RANGE', '2020-02-01 : 2020-01-01'), now)).toBe(
      'From date cannot be larger than to date',
    );
    expect(validateAdhocFilter({ expressionType: 'SQL', sqlExpression: '  ', clause: 'WHERE' })).toBe(
      'A custom SQL filter cannot be empty',
    );
    expect(validateAdhocFilter(simple('EQUALS', 1, { clause: 'GROUP' }))).toBe(
      'A filter clause must be WHERE or HAVING',
    );
  });
});
