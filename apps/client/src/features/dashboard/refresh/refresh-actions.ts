/**
 * Refreshing the charts (charts-dashboards-reports §4 force refresh and refresh frequency, §9 staggered
 * refresh): the title bar's Force refresh of all, the period chosen, and the auto-refresh timer that
 * follows it.
 */
import {
  distinctUntilChanged,
  EMPTY,
  filter,
  interval,
  map,
  merge,
  switchMap,
  timer,
  type SchedulerLike,
  type Subscription,
} from 'rxjs';
import { DEFAULT_STAGGER_TIME_MS, refreshSchedule } from '@strata/domain';
import type { DashboardCore } from '../dashboard-core';
import { MAY_LAND_IN_PAST } from '../../../shared/feature-store';

export interface RefreshActions {
  /** Force refresh of every chart, at once. */
  refreshAll(): void;
  setRefreshFrequency(seconds: number): void;
}

export function refreshActions({ store, loadableCharts, refreshChart }: DashboardCore): RefreshActions {
  return {
    refreshAll() {
      // Force refresh of all (the title bar's button) is at once, as Superset's: the user asked for it now.
      const charts = loadableCharts();
      // Refused while the page shows the past: then no chart is asked again either.
      if (
        store.record([{ type: 'dashboardPage/refreshStarted', data: { chartIds: charts, force: true } }]).length === 0
      )
        return;
      charts.forEach((id) => refreshChart(id, true));
    },
    setRefreshFrequency(seconds) {
      if (seconds !== store.getState().refreshFrequency)
        store.record([{ type: 'dashboardPage/refreshFrequencyChanged', data: { seconds } }]);
    },
  };
}

/** Emits each chart id when its step's delay has passed. */
function timerSteps(steps: { chartId: number; delayMs: number }[], scheduler: SchedulerLike) {
  return merge(...steps.map((s) => timer(s.delayMs, scheduler).pipe(map(() => s.chartId))));
}

/**
 * The auto-refresh (charts-dashboards-reports §4, json_metadata.refresh_frequency): restarts whenever the
 * frequency is set; each round is §9's staggered schedule, without the immune charts.
 */
export function autoRefresh(core: DashboardCore, scheduler: SchedulerLike): Subscription {
  const { store, loadableCharts, refreshChart } = core;
  const runSchedule = () => {
    const { metadata, refreshFrequency } = store.getState();
    const steps = refreshSchedule(
      loadableCharts(),
      {
        refreshFrequency,
        staggerRefresh: metadata.stagger_refresh !== false,
        staggerTime: typeof metadata.stagger_time === 'number' ? metadata.stagger_time : DEFAULT_STAGGER_TIME_MS,
        immuneChartIds: metadata.timed_refresh_immune_slices ?? [],
      },
      true,
    );
    store.record(
      [{ type: 'dashboardPage/refreshStarted', data: { chartIds: steps.map((s) => s.chartId), force: true } }],
      MAY_LAND_IN_PAST,
    );
    return steps;
  };
  return store.recorded$
    .pipe(
      filter(
        (e) =>
          e.type === 'dashboardPage/loaded' ||
          e.type === 'dashboardPage/refreshFrequencyChanged' ||
          e.type === 'dashboardPage/loadStarted' ||
          e.type === 'dashboardPage/propertiesSaved',
      ),
      map(() => store.getState().refreshFrequency),
      // A properties save that leaves the period as it was must not restart the round under way.
      distinctUntilChanged(),
      // Off, or a new period, also cancels the round under way.
      switchMap((seconds) =>
        seconds > 0
          ? interval(seconds * 1000, scheduler).pipe(switchMap(() => timerSteps(runSchedule(), scheduler)))
          : EMPTY,
      ),
    )
    .subscribe((chartId) => refreshChart(chartId, true));
}
