import { USER_EVENT_LOGGED, type ReplayRow } from '@strata/domain';
import { readDashboardUrl } from '../dashboard/url/dashboard-url';
import type { FilterValue } from '../dashboard/filters/native-filters';

/** `/dashboard/<id>/` or `/superset/dashboard/<id>/`, with its query string. */
const DASHBOARD_PATH = /^(?:\/superset)?\/dashboard\/(\d+)\/?(\?[^#]*)?/;

/**
 * The native filter values the user had on a dashboard, as far as the log keeps them: the log has no
 * fact for a value chosen in the filter bar, only the addresses the user opened (the user log's page
 * views), whose `native_filters` carries values. The last address of this dashboard up to the step wins;
 * null when none of them named values (then the log does not say what was chosen).
 */
export function filterValuesOpened(
  rows: readonly ReplayRow[],
  dashboardId: number,
): Record<string, FilterValue> | null {
  for (let i = rows.length - 1; i >= 0; i--) {
    const row = rows[i]!;
    if (row.type !== USER_EVENT_LOGGED) continue;
    const event = (row.payload as { event?: { path?: unknown; target_name?: unknown } } | null)?.event;
    const path = typeof event?.path === 'string' ? event.path : event?.target_name;
    const match = typeof path === 'string' ? DASHBOARD_PATH.exec(path) : null;
    if (!match || Number(match[1]) !== dashboardId) continue;
    const values = readDashboardUrl(match[2] ?? '').nativeFilterValues;
    return Object.keys(values).length > 0 ? values : null;
  }
  return null;
}
