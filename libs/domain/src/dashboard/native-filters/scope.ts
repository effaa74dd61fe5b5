/**
 * Which charts a filter applies to, given the layout (charts-dashboards-reports §3 scope: rootPath + excluded, chartsInScope,
 * tabsInScope). A chart is in scope when it sits under one of the root path's components (ROOT_ID: the
 * whole dashboard; a tab id: that tab) and is not excluded.
 */
import type { Layout, LayoutItem } from '../layout/types';
import { ROOT_ID } from '../layout/types';
import type { FilterScope, NativeFilter } from './types';

const chartsOf = (layout: Layout): LayoutItem[] =>
  Object.values(layout).filter((item) => item.type === 'CHART' && typeof item.meta.chartId === 'number');

const under = (item: LayoutItem, rootPath: readonly string[]) =>
  rootPath.some((root) => root === ROOT_ID || item.parents.includes(root) || item.id === root);

/** The chart ids in a scope, in layout order of their ids (sorted numerically). */
export function chartsInScope(layout: Layout, scope: FilterScope): number[] {
  return chartsOf(layout)
    .filter((chart) => under(chart, scope.rootPath) && !scope.excluded.includes(chart.meta.chartId!))
    .map((chart) => chart.meta.chartId!)
    .sort((a, b) => a - b);
}

/** The tabs holding at least one chart in scope (the filter bar shows a filter's tabs with it). */
export function tabsInScope(layout: Layout, scope: FilterScope): string[] {
  const inScope = new Set(chartsInScope(layout, scope));
  const tabs = new Set<string>();
  for (const chart of chartsOf(layout)) {
    if (!inScope.has(chart.meta.chartId!)) continue;
    for (const id of chart.parents) if (layout[id]?.type === 'TAB') tabs.add(id);
  }
  return [...tabs].sort();
}

/** A filter with chartsInScope / tabsInScope computed from the layout (what is stored in json_metadata). */
export function withComputedScope(filter: NativeFilter, layout: Layout): NativeFilter {
  return {
    ...filter,
    chartsInScope: chartsInScope(layout, filter.scope),
    tabsInScope: tabsInScope(layout, filter.scope),
  };
}

/**
 * charts-dashboards-reports §5: whether moving a chart changes which filters apply to it (the UI then warns 'This chart has
 * been moved to a different filter scope.').
 */
export function movedToDifferentFilterScope(
  filters: readonly NativeFilter[],
  before: Layout,
  after: Layout,
  chartId: number,
): boolean {
  return filters.some(
    (f) => chartsInScope(before, f.scope).includes(chartId) !== chartsInScope(after, f.scope).includes(chartId),
  );
}

/** The cross-filter scope of a chart (REFERENCE §3.3 chart_configuration; 'global' = the global one). */
export interface ChartCrossFilterConfig {
  readonly id: number;
  readonly crossFilters: { readonly scope: FilterScope | 'global'; readonly chartsInScope?: readonly number[] };
}
export interface GlobalChartConfig {
  readonly scope: FilterScope;
  readonly chartsInScope?: readonly number[];
}

/** The charts a click on `emitterChartId` cross-filters: its scope's charts, never itself. */
export function crossFilterTargets(
  layout: Layout,
  emitterChartId: number,
  chartConfiguration: Readonly<Record<string, ChartCrossFilterConfig>> | undefined,
  globalConfiguration: GlobalChartConfig | undefined,
): number[] {
  const own = chartConfiguration?.[String(emitterChartId)]?.crossFilters.scope;
  const scope = own && own !== 'global' ? own : (globalConfiguration?.scope ?? { rootPath: [ROOT_ID], excluded: [] });
  return chartsInScope(layout, scope).filter((id) => id !== emitterChartId);
}
