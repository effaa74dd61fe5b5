import { isMissing, PostProcessingError, toNumber } from './data-frame';
import { AGGREGATORS } from './stats';

export interface AggregateSpec {
  label: string;
  column: string;
  operator: string;
  options: Record<string, unknown>;
}

/** Reads `aggregates: {label: {operator, column?, options?}}` (column defaults to the label). */
export function readAggregates(raw: Record<string, unknown>, operation: string): AggregateSpec[] {
  return Object.entries(raw).map(([label, value]) => {
    const spec = (value ?? {}) as Record<string, unknown>;
    const operator = spec.operator;
    if (typeof operator !== 'string' || !(operator in AGGREGATORS || operator === 'count' || operator === 'size')) {
      throw new PostProcessingError('Invalid aggregate operator %s for %s in %s', String(operator), label, operation);
    }
    const column = typeof spec.column === 'string' ? spec.column : label;
    const options =
      typeof spec.options === 'object' && spec.options !== null ? (spec.options as Record<string, unknown>) : {};
    return { label, column, operator, options };
  });
}

/** One aggregate over a group's raw cells: count counts present cells of any kind, the rest use numbers. */
export function aggregate(spec: AggregateSpec, cells: readonly unknown[]): number {
  if (spec.operator === 'count') return cells.filter((c) => !isMissing(c)).length;
  if (spec.operator === 'size') return cells.length;
  const numbers = cells.map(toNumber).filter((n): n is number => n !== null);
  return AGGREGATORS[spec.operator]!(numbers, spec.options);
}
