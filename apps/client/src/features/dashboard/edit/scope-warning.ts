/**
 * charts-dashboards-reports §5: 'This chart has been moved to a different filter scope.' A move carries every chart under the
 * moved component (a row, a column, a tab's content) along; the warning is due when any of them is now
 * in or out of some native filter's scope. Only the editor who moved it is told (the caller's job).
 */
import { movedToDifferentFilterScope, subtreeIds, type Layout, type NativeFilter } from '@strata/domain';

export function moveChangesFilterScope(
  filters: readonly NativeFilter[],
  before: Layout,
  after: Layout,
  movedId: string,
): boolean {
  if (filters.length === 0 || !before[movedId]) return false;
  const charts = subtreeIds(before, movedId).flatMap((id) => {
    const chartId = before[id]?.type === 'CHART' ? before[id]!.meta.chartId : undefined;
    return typeof chartId === 'number' ? [chartId] : [];
  });
  return charts.some((chartId) => movedToDifferentFilterScope(filters, before, after, chartId));
}
