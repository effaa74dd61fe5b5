import type { Point } from 'highcharts';
import { categoryText } from './labels';
import type { CrossFilter, DataRecordValue } from './types';

/** A cross-filter on the given column values (one IN filter per column). */
export function crossFilterOf(dims: Record<string, DataRecordValue>): CrossFilter | null {
  const entries = Object.entries(dims);
  if (entries.length === 0) return null;
  return {
    filters: entries.map(([col, value]) => ({ col, op: 'IN' as const, val: [value] })),
    label: entries.map(([, value]) => categoryText(value)).join(', '),
  };
}

/**
 * The cross-filter a clicked point carries. transformProps puts it in `custom` (so the options stay
 * plain data and testable): on the point (pie, funnel, treemap), on the series (one series per
 * group-by value), or as a list on the series indexed by category (bars on a categorical axis).
 */
export function pointCrossFilter(point: Point): CrossFilter | null {
  const own = (point.options as { custom?: { crossFilter?: CrossFilter } } | undefined)?.custom?.crossFilter;
  if (own) return own;
  const custom = point.series?.userOptions?.custom as
    { crossFilter?: CrossFilter; crossFilters?: (CrossFilter | null)[] } | undefined;
  if (custom?.crossFilter) return custom.crossFilter;
  const index = typeof point.x === 'number' ? point.x : point.index;
  return custom?.crossFilters?.[index] ?? null;
}
