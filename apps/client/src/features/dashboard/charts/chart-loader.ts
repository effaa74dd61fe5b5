/**
 * One chart's data request at a time (charts-dashboards-reports §4 Chart status): a new request or Stop aborts the one in
 * flight; answers are recorded against the query id they answer, so a late answer changes nothing.
 */
import type { ClientContext, FeatureStore } from '../../../shared/feature-store';
import { ApiError, toClientError } from '../../api/api-error';
import type { DashboardApi } from '../api/dashboard-api';
import type { DashboardPageEvent, DashboardPageState } from '@strata/domain';
import { extraFormDataForChart, type ChartFilterContext } from '../filters/scope';
import { chartFormData, chartQueryContext, datasourceKeyOfChart } from './chart-query';
import { MAY_LAND_IN_PAST } from '../../../shared/feature-store';

export interface ChartLoaderDeps {
  store: FeatureStore<DashboardPageState, DashboardPageEvent>;
  api: DashboardApi;
  context: ClientContext;
  now(): number;
  filterContext(state?: DashboardPageState): ChartFilterContext;
}

/** The timeout's issue codes (1000, 1001) as lines under the alert. */
function issuesOf(error: unknown): string[] {
  if (!(error instanceof ApiError)) return [];
  const codes = error.error.errors.flatMap(
    (e) => (e.extra as { issue_codes?: { code: number; message: string }[] } | undefined)?.issue_codes ?? [],
  );
  return codes.map((c) => `Issue ${c.code} - ${c.message}`);
}

export function createChartLoader({ store, api, context, now, filterContext }: ChartLoaderDeps) {
  const inFlight = new Map<number, { queryId: string; controller: AbortController }>();

  const refreshChart = (chartId: number, force = false) => {
    const state = store.getState();
    const chart = state.charts[chartId];
    const dashboard = state.dashboard;
    if (!chart || !dashboard) return;
    const queryId = context.newId();
    const formData = chartFormData(chart, extraFormDataForChart(chartId, filterContext(state)), dashboard.id);
    inFlight.get(chartId)?.controller.abort();
    const controller = new AbortController();
    inFlight.set(chartId, { queryId, controller });
    store.record(
      [{ type: 'dashboardPage/chartQueryStarted', data: { chartId, queryId, formData, at: now() } }],
      MAY_LAND_IN_PAST,
    );
    const fail = (message: string, error?: unknown) =>
      store.record(
        [
          {
            type: 'dashboardPage/chartQueryFailed',
            data: {
              chartId,
              queryId,
              message,
              stackTrace: error instanceof ApiError ? (error.error.stack ?? null) : null,
              issues: issuesOf(error),
              at: now(),
            },
          },
        ],
        MAY_LAND_IN_PAST,
      );
    const key = datasourceKeyOfChart(chart);
    const datasource = key ? state.datasets[key] : undefined;
    if (!datasource) {
      inFlight.delete(chartId);
      fail(
        state.datasetsStatus === 'error'
          ? 'The datasets of this dashboard could not be loaded.'
          : "This chart's dataset could not be found or you do not have access to it.",
      );
      return;
    }
    // A form the domain cannot turn into a query (invalid orderings) fails the chart, not the page.
    Promise.resolve()
      .then(() =>
        api.chartData(
          chartQueryContext(formData, datasource, { force }),
          { sliceId: chartId, dashboardId: dashboard.id, force },
          controller.signal,
        ),
      )
      .then((result) => {
        const failed = result.find((r) => r.status === 'failed' || r.error);
        if (failed) fail(String(failed.error ?? 'The query failed'));
        else
          store.record(
            [
              {
                type: 'dashboardPage/chartQuerySucceeded',
                data: { chartId, queryId, queriesResponse: result, at: now() },
              },
            ],
            MAY_LAND_IN_PAST,
          );
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) fail(toClientError(error).message, error);
      })
      .finally(() => {
        if (inFlight.get(chartId)?.queryId === queryId) inFlight.delete(chartId);
      });
  };

  return {
    refreshChart,
    /** charts-dashboards-reports §4: the update is aborted; the alert reads 'Updating chart was stopped'. */
    stopChart(chartId: number) {
      const running = inFlight.get(chartId);
      if (!running) return;
      running.controller.abort();
      inFlight.delete(chartId);
      store.record([
        { type: 'dashboardPage/chartQueryStopped', data: { chartId, queryId: running.queryId, at: now() } },
      ]);
    },
    abortAll() {
      inFlight.forEach(({ controller }) => controller.abort());
      inFlight.clear();
    },
  };
}
