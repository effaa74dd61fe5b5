import fc from 'fast-check';
import { buildQueryObject } from './build-query-object';
import { getMetricLabel } from './labels';
import { processFilters } from './filters';

const metric = fc.oneof(
  fc.constantFrom('count', 'sum__num', 'avg__x'),
  fc.record({
    expressionType: fc.constant('SIMPLE' as const),
    aggregate: fc.constantFrom('AVG' as const, 'SUM' as const, 'MAX' as const),
    column: fc.record({ column_name: fc.constantFrom('a', 'b', 'c') }),
    label: fc.constant(''),
  }),
);

describe('query object properties', () => {
  it('metrics are unique by label, in the order first chosen, and survive JSON unchanged', () => {
    fc.assert(
      fc.property(
        fc.array(metric, { maxLength: 12 }),
        fc.array(fc.constantFrom('x', 'y', 'z'), { maxLength: 6 }),
        (metrics, groupby) => {
          const q = buildQueryObject({ metrics, groupby });
          const labels = q.metrics!.map(getMetricLabel);
          expect(new Set(labels).size).toBe(labels.length);
          expect(labels).toEqual([...new Set(metrics.map(getMetricLabel))]);
          expect(q.columns).toEqual([...new Set(groupby)]);
          expect(JSON.parse(JSON.stringify(q))).toEqual(q);
        },
      ),
    );
  });

  it('every SQL WHERE filter appears once, parenthesised, in extras.where; SIMPLE WHERE filters in filters', () => {
    const sqlFilter = fc.record({
      expressionType: fc.constant('SQL'),
      sqlExpression: fc.stringMatching(/^[a-z]{1,8} > [0-9]{1,3}$/),
      clause: fc.constantFrom('WHERE', 'HAVING'),
    });
    const simpleFilter = fc.record({
      expressionType: fc.constant('SIMPLE'),
      subject: fc.constantFrom('a', 'b'),
      operatorId: fc.constant('EQUALS'),
      comparator: fc.integer(),
      clause: fc.constant('WHERE'),
    });
    fc.assert(
      fc.property(fc.array(fc.oneof(sqlFilter, simpleFilter), { maxLength: 10 }), (adhoc) => {
        const { filters, extras } = processFilters(adhoc);
        const where = adhoc
          .filter((f) => f.expressionType === 'SQL' && f.clause === 'WHERE')
          .map((f) => `(${(f as { sqlExpression: string }).sqlExpression})`);
        const having = adhoc
          .filter((f) => f.expressionType === 'SQL' && f.clause === 'HAVING')
          .map((f) => `(${(f as { sqlExpression: string }).sqlExpression})`);
        expect(extras.where).toBe(where.join(' AND '));
        expect(extras.having).toBe(having.join(' AND '));
        expect(filters).toHaveLength(adhoc.filter((f) => f.expressionType === 'SIMPLE').length);
      }),
    );
  });
});
