/**
 * What a saved dashboard's events say in the audit log (issue 13): its properties, charts, filters and
 * published layout on `dashboard:<id>`, and the stars and colour syncs on their own streams. A chart or
 * filter the event names only by id is named from the record folded up to that event (`evolveSavedDashboard`).
 */
import { count, defineSummaries, quote } from '../../audit/summary';
import type { FilterConfigItem } from '../native-filters/types';
import { dashboard, duration, filterConfigChange } from '../summary-words';
import { DASHBOARD_COLOR_EVENTS, type DashboardColorsSynced } from './colors-synced';
import type { DashboardFavoriteEvent } from './favorites';
import { SAVED_DASHBOARD_EVENTS, type SavedDashboardEvent } from './record.events';
import {
  evolveSavedDashboard,
  initialSavedDashboard,
  type SavedDashboardFoldEvent,
  type SavedDashboardState,
} from './record.evolve';

export type DashboardRecordSummaryEvent = SavedDashboardEvent | DashboardFavoriteEvent | DashboardColorsSynced;

const FOLDED: ReadonlySet<string> = new Set([...SAVED_DASHBOARD_EVENTS, ...DASHBOARD_COLOR_EVENTS]);
// Stars live on a stream of their own and name nothing by id: the record's fold leaves them out.
const isFolded = (event: { type: string }): event is SavedDashboardFoldEvent => FOLDED.has(event.type);

/** The title a chart had on the dashboard's saved layout, or undefined. */
function chartTitle(state: SavedDashboardState | undefined, chartId: number): string | undefined {
  const layout = state?.fields?.position_json;
  for (const component of layout ? Object.values(layout) : []) {
    if (typeof component !== 'object' || component.type !== 'CHART' || component.meta?.chartId !== chartId) continue;
    const { sliceNameOverride, sliceName } = component.meta;
    const title = typeof sliceNameOverride === 'string' && sliceNameOverride ? sliceNameOverride : sliceName;
    return typeof title === 'string' ? title : undefined;
  }
  return undefined;
}

const chartPhrase = (state: SavedDashboardState | undefined, chartId: number) => {
  const title = chartTitle(state, chartId);
  return title === undefined ? 'a chart' : `the chart ${quote(title)}`;
};

const metadataOf = (state: SavedDashboardState | undefined) => state?.fields?.json_metadata;

/** Which charts' cross-filter scopes a save changed, named when it is one. */
function scopesChange(
  who: string,
  state: SavedDashboardState | undefined,
  config: Record<string, unknown>,
  dash: string,
): string {
  const was = (metadataOf(state)?.chart_configuration ?? {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(config), ...Object.keys(was)])];
  const changed = state?.fields ? keys.filter((k) => JSON.stringify(config[k]) !== JSON.stringify(was[k])) : keys;
  if (changed.length === 1 && /^\d+$/.test(changed[0]!))
    return `${who} set the cross-filter scope of ${chartPhrase(state, Number(changed[0]))} on ${dash}`;
  return `${who} saved the cross-filter scopes of ${count(changed.length, 'chart')} on ${dash}`;
}

/** The saved dashboard's facts, its stars and its label colour syncs in words. */
export const dashboardRecordSummaries = defineSummaries<DashboardRecordSummaryEvent, SavedDashboardState>({
  context: 'dashboards',
  names: {
    initial: initialSavedDashboard,
    evolve: (state, event) => (isFolded(event) ? evolveSavedDashboard(state, event) : state),
  },
  of: {
    'dashboard/dashboardCreated': (d, { who }) => `${who} created the dashboard ${quote(d.dashboard_title)}`,
    'dashboard/chartAdded': (d, { who, objectName }) =>
      `${who} added the chart ${quote(d.sliceName)} to ${dashboard(objectName)}`,
    'dashboard/chartRemoved': (d, { who, objectName, before }) =>
      `${who} removed ${chartPhrase(before, d.chartId)} from ${dashboard(objectName)}`,
    'dashboard/dashboardRenamed': (d, { who, objectName }) =>
      `${who} renamed ${dashboard(objectName)} to ${quote(d.dashboard_title)}`,
    'dashboard/slugChanged': (d, { who, objectName }) =>
      d.slug === null || d.slug === ''
        ? `${who} removed the URL slug of ${dashboard(objectName)}`
        : `${who} set the URL slug of ${dashboard(objectName)} to ${quote(d.slug)}`,
    'dashboard/ownersChanged': (d, { who, objectName }) =>
      `${who} set the owners of ${dashboard(objectName)} (${count(d.owners.length, 'owner')})`,
    'dashboard/rolesChanged': (d, { who, objectName }) =>
      d.roles.length === 0
        ? `${who} removed the viewer roles of ${dashboard(objectName)}`
        : `${who} let the roles ${d.roles
            .slice(0, 3)
            .map((r) => quote(r))
            .join(', ')}${d.roles.length > 3 ? ` and ${d.roles.length - 3} more` : ''} view ${dashboard(objectName)}`,
    'dashboard/cssEdited': (d, { who, objectName }) =>
      d.css.trim() === ''
        ? `${who} removed the custom CSS of ${dashboard(objectName)}`
        : `${who} edited the CSS of ${dashboard(objectName)}`,
    'dashboard/dashboardCertified': (d, { who, objectName }) =>
      `${who} marked ${dashboard(objectName)} as certified by ${quote(d.certified_by)}`,
    'dashboard/certificationRemoved': (_d, { who, objectName }) =>
      `${who} removed the certification of ${dashboard(objectName)}`,
    'dashboard/dashboardPublished': (_d, { who, objectName }) => `${who} published ${dashboard(objectName)}`,
    'dashboard/dashboardUnpublished': (_d, { who, objectName }) =>
      `${who} unpublished ${dashboard(objectName)}, making it a draft`,
    'dashboard/colorSchemeChanged': (d, { who, objectName }) =>
      d.color_scheme
        ? `${who} set the color scheme of ${dashboard(objectName)} to ${quote(d.color_scheme)}`
        : `${who} removed the color scheme of ${dashboard(objectName)}`,
    'dashboard/refreshFrequencySaved': (d, { who, objectName }) =>
      d.refresh_frequency > 0
        ? `${who} set ${dashboard(objectName)} to refresh every ${duration(d.refresh_frequency)}`
        : `${who} turned off the auto-refresh of ${dashboard(objectName)}`,
    'dashboard/metadataEdited': (_d, { who, objectName }) =>
      `${who} edited the JSON metadata of ${dashboard(objectName)}`,
    'dashboard/nativeFiltersConfigured': (d, { who, objectName, before }) => {
      // Known only when the fold has the dashboard: an earlier save without filters had none.
      const was = before?.fields ? (metadataOf(before)?.native_filter_configuration ?? []) : undefined;
      return filterConfigChange(
        who,
        was as readonly FilterConfigItem[] | undefined,
        d.native_filter_configuration as readonly FilterConfigItem[],
        dashboard(objectName),
      );
    },
    'dashboard/crossFilterScopesSaved': (d, { who, objectName, before }) =>
      scopesChange(who, before, d.chart_configuration as Record<string, unknown>, dashboard(objectName)),
    'dashboard/globalCrossFilterScopeSaved': (_d, { who, objectName }) =>
      `${who} set the default cross-filter scope of ${dashboard(objectName)}`,
    'dashboard/filterBarOrientationChanged': (d, { who, objectName }) =>
      `${who} moved the filter bar of ${dashboard(objectName)} to the ${
        d.filter_bar_orientation === 'HORIZONTAL' ? 'top' : 'side'
      }`,
    'dashboard/crossFiltersEnabled': (_d, { who, objectName }) =>
      `${who} turned on cross-filtering on ${dashboard(objectName)}`,
    'dashboard/crossFiltersDisabled': (_d, { who, objectName }) =>
      `${who} turned off cross-filtering on ${dashboard(objectName)}`,
    'dashboard/layoutPublished': (d, { who, objectName }) =>
      d.source === 'restore'
        ? `${who} published the restored layout of ${dashboard(objectName)} as version ${d.draftVersion}`
        : `${who} published the layout of version ${d.draftVersion} of ${dashboard(objectName)}`,
    'dashboard/dashboardDeleted': (_d, { who, objectName }) => `${who} deleted ${dashboard(objectName)}`,
    'dashboard/favorited': (_d, { who, objectName }) => `${who} added ${dashboard(objectName)} to their favorites`,
    'dashboard/unfavorited': (_d, { who, objectName }) =>
      `${who} removed ${dashboard(objectName)} from their favorites`,
    'dashboard/colorsSynced': (d, { who, objectName }) =>
      d.markUpdated
        ? `${who} updated the label colors of ${dashboard(objectName)}`
        : `${who} synced the label colors of ${dashboard(objectName)}`,
  },
});
