import type { ExploreApi } from '../api/explore-api';

/** What the chart pane and the data pane say where no query may run (charts-dashboards-reports §4 chart alert). */
export const PAST_RESULTS_NOT_KEPT = 'Results are not kept during a replay: the chart as it was runs no query.';

/**
 * Explore's calls, with every one that would query a database (chart data, samples, downloads) refused
 * while `noQuery()` says so: the chart as it was in a replay (issue 13 item 4). Every query of the page
 * goes through here, so none reaches a database even if a button were pressed.
 */
export function withoutQueriesWhen(api: ExploreApi, noQuery: () => boolean): ExploreApi {
  const refuse = () => Promise.reject(new Error(PAST_RESULTS_NOT_KEPT));
  return {
    ...api,
    chartData: (...args) => (noQuery() ? refuse() : api.chartData(...args)),
    samples: (...args) => (noQuery() ? refuse() : api.samples(...args)),
    download: (...args) => (noQuery() ? refuse() : api.download(...args)),
  };
}
