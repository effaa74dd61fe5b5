import type { Chart, Point } from 'highcharts';
import type { DrillFilter } from '@strata/domain';
import { Highcharts } from '../charts/viz/shared/highcharts';
import type { CrossFilter } from '../charts/viz/shared/types';

export interface DrilledPoint {
  filters: DrillFilter[];
  /** What the point reads as, e.g. 'Japan' or 'Japan, 1970'. */
  label: string;
}

type Custom = { crossFilter?: CrossFilter; crossFilters?: (CrossFilter | null)[] } | undefined;

/**
 * The values a point stands for, from the cross-filters its chart already carries (charts/viz:
 * transformProps puts them in `custom`): the point's own, its series' (a group-by value) and its
 * category's (a bar on a categorical axis), so a bar of one series in one category gives both.
 */
export function drilledPoint(point: Point): DrilledPoint | null {
  const own = (point.options as { custom?: Custom } | undefined)?.custom?.crossFilter;
  const series = point.series?.userOptions?.custom as Custom;
  const index = typeof point.x === 'number' ? point.x : point.index;
  const parts = [own, series?.crossFilter, series?.crossFilters?.[index]].filter((f): f is CrossFilter => !!f);
  const filters = parts.flatMap((p) => p.filters).map((f) => ({ col: f.col, op: 'IN' as const, val: [...f.val] }));
  if (filters.length === 0) return null;
  return { filters, label: parts.map((p) => p.label).join(', ') };
}

/**
 * The point under the mouse in the Highcharts chart drawn inside `element`, if any. A right click has no
 * point event in Highcharts; the point hovered (the one the tooltip shows) is the one clicked.
 */
export function hoveredPoint(element: HTMLElement): Point | null {
  const chart = (Highcharts.charts as (Chart | undefined)[]).find((c) => c && element.contains(c.container));
  return chart?.hoverPoint ?? null;
}
