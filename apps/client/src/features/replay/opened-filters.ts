import {
  filterStateValues,
  isFilterStateEvent,
  USER_EVENT_LOGGED,
  type DashboardFilterState,
  type ReplayRow,
} from '@strata/domain';
import { readDashboardUrl } from '../dashboard/url/dashboard-url';
import { isFilterValue, type FilterValue } from '../dashboard/filters/native-filters';

/** `/dashboard/<id>/` or `/superset/dashboard/<id>/`, with its query string. */
const DASHBOARD_PATH = /^(?:\/superset)?\/dashboard\/(\d+)\/?(\?[^#]*)?/;

/**
 * 'bar': the filter state the page kept (issue 16), its whole data mask (cross-filters too);
 * 'address': the `native_filters` values of an address opened.
 */
export type FilterValuesThen =
  | { from: 'bar'; values: Record<string, FilterValue>; dataMask: Record<string, unknown> }
  | { from: 'address'; values: Record<string, FilterValue> };

/**
 * The native filter values the user had on a dashboard at the end of `rows` (theirs, oldest first): the
 * latest of the filter state the page kept for them (`dashboard/filterState*`, each the whole state, made
 * as they applied filters, cross-filtered or opened one with values) and the addresses they opened (the
 * user log's page views, whose `native_filters` carries values). Null when the latest names no values:
 * the dashboard's defaults of then.
 */
export function filterValuesAt(rows: readonly ReplayRow[], dashboardId: number): FilterValuesThen | null {
  for (let i = rows.length - 1; i >= 0; i--) {
    const row = rows[i]!;
    if (isFilterStateEvent(row.type)) {
      const data = row.payload as { dashboardId?: unknown; state?: DashboardFilterState } | null;
      if (data?.dashboardId !== dashboardId) continue;
      const values: Record<string, FilterValue> = {};
      for (const [id, value] of Object.entries(filterStateValues(data.state)))
        if (isFilterValue(value)) values[id] = value;
      return Object.keys(values).length > 0 ? { from: 'bar', values, dataMask: data.state?.dataMask ?? {} } : null;
    }
    if (row.type !== USER_EVENT_LOGGED) continue;
    const event = (row.payload as { event?: { path?: unknown; target_name?: unknown } } | null)?.event;
    const path = typeof event?.path === 'string' ? event.path : event?.target_name;
    const match = typeof path === 'string' ? DASHBOARD_PATH.exec(path) : null;
    if (!match || Number(match[1]) !== dashboardId) continue;
    const url = readDashboardUrl(match[2] ?? '');
    // An address naming a kept state opens that state: the filter state rows after it say what it held.
    if (url.nativeFiltersKey) continue;
    const values = url.nativeFilterValues;
    return Object.keys(values).length > 0 ? { from: 'address', values } : null;
  }
  return null;
}
