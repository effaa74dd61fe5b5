/**
 * The dashboard page's timings for the user log (sqllab-and-platform §7): mount_dashboard (opening to
 * the page drawn with its layout), and per chart load_chart (its data request) and render_chart (its
 * data to the chart drawn). They are about the dashboard (dashboard_id in the log URL) and name their
 * chart (slice_id), as Superset's are.
 */
import { UserLogSource, UserLogTiming, type DashboardPageEvent, type DashboardPageState } from '@strata/domain';
import type { EnvelopeOf } from '@strata/events';
import { chartDataFacts, type TimingMark } from '../../userlog/timings';

export function dashboardTimingMark(
  event: EnvelopeOf<DashboardPageEvent>,
  state: DashboardPageState,
): TimingMark | null {
  const dashboard = state.dashboard;
  const onDashboard = dashboard ? { source: UserLogSource.DASHBOARD, source_id: dashboard.id } : null;
  const chart = (chartId: number) => {
    const c = state.charts[chartId];
    return { ...onDashboard, slice_id: chartId, target_id: chartId, target_name: c?.slice_name ?? null };
  };
  switch (event.type) {
    case 'dashboardPage/loadStarted':
      return { kind: 'start', key: `load:${event.data.requestId}` };
    case 'dashboardPage/loaded': {
      const { requestId, dashboard: loaded } = event.data;
      // A view of the past (?as_of=, the replay) is looked at, not used: it is no mount of the dashboard,
      // and the replay must send nothing.
      if (state.pastView) return { kind: 'drop', key: `load:${requestId}` };
      return {
        kind: 'end',
        key: `load:${requestId}`,
        entry: () => ({
          event_name: UserLogTiming.MOUNT_DASHBOARD,
          source: UserLogSource.DASHBOARD,
          source_id: loaded.id,
          target_name: loaded.dashboard_title,
        }),
      };
    }
    case 'dashboardPage/loadFailed':
      return { kind: 'drop', key: `load:${event.data.requestId}` };
    case 'dashboardPage/chartQueryStarted':
      return onDashboard ? { kind: 'start', key: event.data.queryId } : null;
    case 'dashboardPage/chartQuerySucceeded': {
      const { chartId, queryId, queriesResponse } = event.data;
      return {
        kind: 'lap',
        key: queryId,
        entry: () => ({ event_name: UserLogTiming.LOAD_CHART, ...chart(chartId), ...chartDataFacts(queriesResponse) }),
      };
    }
    case 'dashboardPage/chartRendered': {
      const { chartId, queryId } = event.data;
      const c = state.charts[chartId];
      const vizType = c?.viz_type ?? (typeof c?.form_data.viz_type === 'string' ? c.form_data.viz_type : null);
      return {
        kind: 'end',
        key: queryId,
        entry: () => ({ event_name: UserLogTiming.RENDER_CHART, ...chart(chartId), viz_type: vizType }),
      };
    }
    case 'dashboardPage/chartQueryFailed':
    case 'dashboardPage/chartQueryStopped':
    case 'dashboardPage/chartRenderFailed':
      return { kind: 'drop', key: event.data.queryId };
    default:
      return null;
  }
}
