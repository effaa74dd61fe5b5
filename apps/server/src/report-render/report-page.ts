/**
 * Which page a report renders and at what size (REFERENCE §4.1): a chart as Explore's standalone chart,
 * a dashboard in report mode (charts-dashboards-reports §2, `standalone=3`: no navigation, no title, no
 * filter bar), with the schedule's dashboard view (open tab, filter values). Pure, so it is unit-tested.
 */
import rison from 'rison';
import type { DashboardView } from '@strata/domain';

export type RenderTarget = { chartId: number } | { dashboardId: number };
export type RenderFormat = 'PNG' | 'PDF';

/** Superset's window sizes (REFERENCE §4.1): dashboards 1600×2000, charts ("slice") 3000×1200. */
export const DEFAULT_SIZE = {
  dashboard: { width: 1600, height: 2000 },
  chart: { width: 3000, height: 1200 },
} as const;
/** ALERT_REPORTS_MIN/MAX_CUSTOM_SCREENSHOT_WIDTH. */
export const MIN_WIDTH = 600;
export const MAX_WIDTH = 2400;

export function viewportOf(
  target: RenderTarget,
  custom: { width?: number | null; height?: number | null },
): { width: number; height: number } {
  const base = 'chartId' in target ? DEFAULT_SIZE.chart : DEFAULT_SIZE.dashboard;
  const width = custom.width ? Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, Math.round(custom.width))) : base.width;
  const height = custom.height && custom.height > 0 ? Math.round(custom.height) : base.height;
  return { width, height };
}

/** The page's path and query on the server, e.g. `/superset/dashboard/3/?standalone=3#TAB-x`. */
export function reportPagePath(target: RenderTarget, view: DashboardView | null = null): string {
  if ('chartId' in target) return `/explore/?slice_id=${target.chartId}&standalone=3`;
  const query = new URLSearchParams({ standalone: '3' });
  if (view && view.nativeFilters.length > 0) {
    // The dashboard reads `native_filters` as rison: filter id -> { filterState: { value } } (dashboard-url.ts).
    const filters = Object.fromEntries(
      view.nativeFilters.map((f) => [f.nativeFilterId, { filterState: { value: f.filterValues } }]),
    );
    query.set('native_filters', rison.encode(filters));
  }
  // The dashboard opens the tab its hash names (with its parents); the deepest active tab says it all.
  const anchor = view?.anchor ?? view?.activeTabs.at(-1) ?? null;
  return `/superset/dashboard/${target.dashboardId}/?${query.toString()}${anchor ? `#${encodeURIComponent(anchor)}` : ''}`;
}
