/**
 * Chart refresh timing (charts-dashboards-reports §9 "Staggered refresh"; REFERENCE §3.3 refresh_frequency, stagger_*):
 * with stagger_refresh on, a refresh of n charts is spread over an interval of at least the larger of the
 * refresh frequency and the stagger time, chart i starting at i × interval / n; charts listed in
 * timed_refresh_immune_slices are left out of periodic refreshes.
 */
import { DASHBOARD_AUTO_REFRESH_INTERVALS, DEFAULT_STAGGER_TIME_MS } from '../constants';

export interface RefreshSettings {
  /** Seconds; 0 = no periodic refresh. */
  readonly refreshFrequency?: number;
  readonly staggerRefresh?: boolean;
  readonly staggerTime?: number;
  readonly immuneChartIds?: readonly number[];
}

export interface ScheduledRefresh {
  readonly chartId: number;
  readonly delayMs: number;
}

/** When each chart starts loading in a refresh (`periodic`: an auto-refresh tick, which skips immune charts). */
export function refreshSchedule(
  chartIds: readonly number[],
  settings: RefreshSettings,
  periodic = false,
): ScheduledRefresh[] {
  const immune = new Set(periodic ? (settings.immuneChartIds ?? []) : []);
  const charts = chartIds.filter((id) => !immune.has(id));
  if (settings.staggerRefresh === false || charts.length === 0)
    return charts.map((chartId) => ({ chartId, delayMs: 0 }));
  const interval = Math.max((settings.refreshFrequency ?? 0) * 1000, settings.staggerTime ?? DEFAULT_STAGGER_TIME_MS);
  return charts.map((chartId, i) => ({ chartId, delayMs: Math.floor((i * interval) / charts.length) }));
}

/** Whether a refresh frequency is one of the offered choices (a custom one is allowed but flagged). */
export function isStandardRefreshInterval(seconds: number): boolean {
  return (DASHBOARD_AUTO_REFRESH_INTERVALS as readonly number[]).includes(seconds);
}
