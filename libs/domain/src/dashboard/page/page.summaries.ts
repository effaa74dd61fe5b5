/**
 * What the dashboard page's facts say in a log (issue 13): the client's log of one page view (time travel,
 * exported logs). Charts, filters and tabs the facts name by id are named from the page folded up to that
 * fact by its own `evolveDashboardPage`, so a chart reads as titled when the page showed it.
 */
import { count, defineSummaries, quote } from '../../audit/summary';
import { componentPhrase } from '../layout/layout.names';
import type { FilterConfigItem } from '../native-filters/types';
import { dashboard, duration, failure, filterConfigChange, people, valueText } from '../summary-words';
import type { DashboardPageEvent } from './page.events';
import { evolveDashboardPage } from './page.evolve';
import { initialDashboardPageState, type DashboardPageState } from './page.state';

type State = DashboardPageState | undefined;

const isPageEvent = (event: { type: string }): event is DashboardPageEvent => event.type.startsWith('dashboardPage/');

/** A chart as the page titled it: its name on the layout, else the chart's own, else "a chart". */
function chart(state: State, chartId: number): string {
  const onLayout = Object.values(state?.layout ?? {}).find((c) => c.type === 'CHART' && c.meta.chartId === chartId);
  const title = onLayout?.meta.sliceNameOverride || onLayout?.meta.sliceName || state?.charts[chartId]?.slice_name;
  return title ? `the chart ${quote(title)}` : 'a chart';
}

function filter(state: State, filterId: string): string {
  const item = state?.filterItems.find((f) => f.id === filterId);
  if (!item) return 'a filter';
  return `the filter ${quote(item.type === 'DIVIDER' ? item.title : item.name)}`;
}

/** The dashboard as the caller names it, else as the page loaded it. */
const dash = (objectName: string | undefined, state: State) =>
  dashboard(objectName ?? state?.dashboard?.dashboard_title);

/** The page's facts (load, charts, filter bar, edit mode, version history, permalinks) in words. */
export const dashboardPageSummaries = defineSummaries<DashboardPageEvent, DashboardPageState>({
  context: 'dashboard page',
  names: {
    initial: initialDashboardPageState,
    evolve: (state, event) => (isPageEvent(event) ? evolveDashboardPage(state, event) : state),
  },
  of: {
    'dashboardPage/loadStarted': (d, { who, objectName }) =>
      `${who} opened ${objectName || /^\d+$/.test(d.idOrSlug) ? dashboard(objectName) : `the dashboard ${quote(d.idOrSlug)}`}`,
    'dashboardPage/loaded': (d, { who }) =>
      `${who} loaded the dashboard ${quote(d.dashboard.dashboard_title)} (${count(d.charts.length, 'chart')}, ` +
      `${count(d.filterItems.length, 'filter')})`,
    'dashboardPage/pastViewOpened': (d, { who, objectName, before }) =>
      `${who} looked at ${dash(objectName, before)} as it was ${/^\d+$/.test(d.asOf) ? `at log position ${d.asOf}` : `on ${d.asOf}`}` +
      (d.unsavedDraft ? ' in edit mode with unsaved changes' : '') +
      (d.queries ? '' : ' without running its queries'),
    'dashboardPage/loadFailed': (d, { objectName, before }) =>
      `loading ${dash(objectName, before)} failed: ${failure(d.message)}`,
    'dashboardPage/chartQueryStarted': (d, { who, before }) => `${who} ran the query of ${chart(before, d.chartId)}`,
    'dashboardPage/chartQuerySucceeded': (d, { before }) => {
      const counts = d.queriesResponse.map((q) => q.rowcount).filter((n): n is number => typeof n === 'number');
      const rows = counts.reduce((n, c) => n + c, 0);
      return counts.length === 0
        ? `the query of ${chart(before, d.chartId)} succeeded`
        : `the query of ${chart(before, d.chartId)} returned ${count(rows, 'row')}`;
    },
    'dashboardPage/chartQueryFailed': (d, { before }) =>
      `the query of ${chart(before, d.chartId)} failed: ${failure(d.message)}`,
    'dashboardPage/chartQueryStopped': (d, { who, before }) =>
      `${who} stopped the query of ${chart(before, d.chartId)}`,
    'dashboardPage/chartRendered': (d, { before }) => `the page drew ${chart(before, d.chartId)}`,
    'dashboardPage/chartRenderFailed': (d, { before }) =>
      `drawing ${chart(before, d.chartId)} failed: ${failure(d.message)}`,
    'dashboardPage/refreshStarted': (d, { who, before }) =>
      `${who} refreshed ${d.chartIds.length === 1 ? chart(before, d.chartIds[0]!) : count(d.chartIds.length, 'chart')}` +
      (d.force ? ', bypassing the cache' : ''),
    'dashboardPage/refreshFrequencyChanged': (d, { who }) =>
      d.seconds > 0
        ? `${who} set the page to refresh every ${duration(d.seconds)}`
        : `${who} turned off the page's auto-refresh`,
    'dashboardPage/tabActivated': (d, { who, before }) =>
      `${who} opened ${componentPhrase(before?.layout, d.tabId, 'a tab')}`,
    'dashboardPage/chartDescriptionToggled': (d, { who, before }) =>
      before === undefined
        ? `${who} showed or hid the description of ${chart(before, d.chartId)}`
        : `${who} ${before.expandedSlices[d.chartId] ? 'hid' : 'showed'} the description of ${chart(before, d.chartId)}`,
    'dashboardPage/fullSizeToggled': (d, { who, before }) =>
      before?.fullSizeChartId === d.chartId
        ? `${who} left the full-size view of ${chart(before, d.chartId)}`
        : `${who} showed ${chart(before, d.chartId)} full size`,
    'dashboardPage/focusedChartShown': (d, { who, before }) => `${who} focused on ${chart(before, d.chartId)}`,
    'dashboardPage/filterValueSelected': (d, { who, before }) =>
      d.value === null || valueText(d.value) === 'nothing'
        ? `${who} cleared ${filter(before, d.filterId)}`
        : `${who} picked ${valueText(d.value)} in ${filter(before, d.filterId)}`,
    'dashboardPage/filtersApplied': (d, { who }) => {
      const set = Object.values(d.dataMask).filter((m) => valueText(m?.filterState?.value) !== 'nothing').length;
      return `${who} applied the filters (${count(set, 'filter')} set)`;
    },
    'dashboardPage/filterOptionsRequested': (d, { who, before }) =>
      `${who} loaded the options of ${filter(before, d.filterId)}`,
    'dashboardPage/filterOptionsLoaded': (d, { before }) =>
      `${filter(before, d.filterId)} got ${count(d.values.length, 'option')}`,
    'dashboardPage/filterOptionsFailed': (d, { before }) =>
      `loading the options of ${filter(before, d.filterId)} failed: ${failure(d.message)}`,
    'dashboardPage/filterSearchTyped': (d, { who, before }) =>
      d.text.trim() === ''
        ? `${who} cleared the search of ${filter(before, d.filterId)}`
        : `${who} searched ${filter(before, d.filterId)} for ${quote(d.text)}`,
    'dashboardPage/filterSearchLoaded': (d, { before }) =>
      `the search of ${filter(before, d.filterId)} for ${quote(d.text)} found ${count(d.values.length, 'value')}`,
    'dashboardPage/filterSearchFailed': (d, { before }) =>
      `searching ${filter(before, d.filterId)} for ${quote(d.text)} failed: ${failure(d.message)}`,
    'dashboardPage/crossFilterChanged': (d, { who, before }) => {
      const value = d.entry?.filterState?.label ?? d.entry?.filterState?.value;
      return d.entry === null || valueText(value) === 'nothing'
        ? `${who} cleared the cross-filter of ${chart(before, d.chartId)}`
        : `${who} cross-filtered on ${valueText(value)} from ${chart(before, d.chartId)}`;
    },
    'dashboardPage/favorited': (_d, { who, objectName, before }) =>
      `${who} added ${dash(objectName, before)} to their favorites`,
    'dashboardPage/unfavorited': (_d, { who, objectName, before }) =>
      `${who} removed ${dash(objectName, before)} from their favorites`,
    'dashboardPage/crossFilterScopeSaved': (d, { who, before }) =>
      d.config === null
        ? `${who} set ${chart(before, d.chartId)} back to the dashboard's cross-filter scope`
        : `${who} saved the cross-filter scope of ${chart(before, d.chartId)}`,
    'dashboardPage/chartAdded': (d, { who, objectName, before }) =>
      `${who} added the chart ${quote(d.chart.slice_name)} to ${dash(objectName, before)}`,
    'dashboardPage/filtersConfigured': (d, { who, objectName, before }) =>
      filterConfigChange(
        who,
        before?.status === 'ready' ? (before.filterItems as readonly FilterConfigItem[]) : undefined,
        d.items,
        dash(objectName, before),
      ),
    'dashboardPage/versionAdvanced': (d, { who, objectName, before }) =>
      `the server took ${who}'s change to ${dash(objectName, before)}` +
      (d.version === null ? '' : ` (now version ${d.version})`),
    'dashboardPage/configurationReloaded': (d, { who }) =>
      `${who}'s page reloaded the dashboard ${quote(d.dashboard.dashboard_title)} after a change made elsewhere`,
    'dashboardPage/propertiesSaved': (d, { who }) =>
      `${who} saved the properties of the dashboard ${quote(d.dashboard.dashboard_title)}`,
    'dashboardPage/labelColorsStored': (_d, { objectName, before }) =>
      `the label colors of ${dash(objectName, before)} were stored`,

    // Edit mode (edit-mode.ts)
    'dashboardPage/draftSaveStarted': (_d, { who, objectName, before }) =>
      `${who} started saving ${dash(objectName, before)}`,
    'dashboardPage/draftSaved': (d, { who, objectName, before }) =>
      `${who} saved version ${d.version} of ${dash(objectName, before)}`,
    'dashboardPage/draftSaveFailed': (d, { objectName, before }) =>
      `saving ${dash(objectName, before)} failed: ${failure(d.message)}`,
    'dashboardPage/draftDiscardStarted': (_d, { who, objectName, before }) =>
      `${who} started discarding the changes to ${dash(objectName, before)}`,
    'dashboardPage/draftDiscarded': (d, { who, objectName, before }) =>
      d.changesDropped
        ? `${who} discarded the unsaved changes to ${dash(objectName, before)}`
        : `${who} left edit mode of ${dash(objectName, before)} with nothing to discard`,
    'dashboardPage/draftDiscardFailed': (d, { objectName, before }) =>
      `discarding the changes to ${dash(objectName, before)} failed: ${failure(d.message)}`,
    'dashboardPage/ownChangesDiscardStarted': (_d, { who, objectName, before }) =>
      `${who} started discarding their own changes to ${dash(objectName, before)}`,
    'dashboardPage/ownChangesDiscarded': (_d, { who, objectName, before }) =>
      `${who} discarded their own changes to ${dash(objectName, before)}`,
    'dashboardPage/ownChangesDiscardFailed': (d, { who, objectName, before }) =>
      `discarding ${who}'s own changes to ${dash(objectName, before)} failed: ${failure(d.message)}`,
    'dashboardPage/discardEveryoneAsked': (d, { who, objectName, before }) => {
      const edits = d.unsaved.reduce((n, u) => n + u.count, 0);
      const editors = d.unsaved.map((u) => u.user.username);
      return (
        `${who} asked to discard everyone's changes to ${dash(objectName, before)}` +
        (editors.length > 0 ? ` (${count(edits, 'unsaved edit')} by ${people(editors)})` : '')
      );
    },
    'dashboardPage/discardEveryoneCancelled': (_d, { who }) => `${who} kept everyone's changes after all`,
    'dashboardPage/everyoneDiscardStarted': (_d, { who, objectName, before }) =>
      `${who} started discarding everyone's changes to ${dash(objectName, before)}`,
    'dashboardPage/everyoneDiscarded': (_d, { who, objectName, before }) =>
      `${who} discarded everyone's changes to ${dash(objectName, before)}`,
    'dashboardPage/everyoneDiscardFailed': (d, { objectName, before }) =>
      `discarding everyone's changes to ${dash(objectName, before)} failed: ${failure(d.message)}`,
    'dashboardPage/discardedDraftRestoreStarted': (d, { who }) =>
      `${who} started bringing back discarded draft ${d.discard}`,
    'dashboardPage/discardedDraftRestored': (d, { who, objectName, before }) =>
      `${who} brought back discarded draft ${d.discard} of ${dash(objectName, before)}`,
    'dashboardPage/discardedDraftRestoreFailed': (d) =>
      `bringing back discarded draft ${d.discard} failed: ${failure(d.message)}`,
    'dashboardPage/versionHistoryOpened': (_d, { who, objectName, before }) =>
      `${who} opened the version history of ${dash(objectName, before)}`,
    'dashboardPage/versionHistoryClosed': (_d, { who }) => `${who} closed the version history`,
    'dashboardPage/versionsRequested': (_d, { who, objectName, before }) =>
      `${who} loaded the versions of ${dash(objectName, before)}`,
    'dashboardPage/versionsLoaded': (d, { objectName, before }) =>
      `the version history of ${dash(objectName, before)} listed ${count(d.list.result.length, 'version')}`,
    'dashboardPage/versionsLoadFailed': (d, { objectName, before }) =>
      `loading the versions of ${dash(objectName, before)} failed: ${failure(d.message)}`,
    'dashboardPage/versionViewed': (d, { who }) =>
      `${who} viewed version ${d.info.version}` + (d.info.saved_by ? `, saved by ${d.info.saved_by.username}` : ''),
    'dashboardPage/versionViewFailed': (d) => `viewing version ${d.version} failed: ${failure(d.message)}`,
    'dashboardPage/versionViewClosed': (_d, { who }) => `${who} closed the view of an older version`,
    'dashboardPage/versionRestoreStarted': (d, { who }) => `${who} started restoring version ${d.version}`,
    'dashboardPage/versionRestored': (d, { who, objectName, before }) =>
      `${who} restored version ${d.version} of ${dash(objectName, before)} as version ${d.newVersion}`,
    'dashboardPage/versionRestoreFailed': (d) => `restoring version ${d.version} failed: ${failure(d.message)}`,
    'dashboardPage/paletteChartsLoaded': (d) =>
      `the chart palette listed ${count(d.charts.length, 'chart')}` +
      (d.search.trim() === '' ? '' : ` matching ${quote(d.search)}`),
    'dashboardPage/paletteChartsFailed': (d) =>
      `loading the chart palette${d.search.trim() === '' ? '' : ` for ${quote(d.search)}`} failed: ${failure(d.message)}`,

    // Permalinks (permalink-share.ts)
    'dashboardPage/permalinkRequested': (_d, { who, objectName, before }) =>
      `${who} asked for a permalink to ${dash(objectName, before)}`,
    'dashboardPage/permalinkCreated': (_d, { who, objectName, before }) =>
      `${who} got a permalink to ${dash(objectName, before)}`,
    'dashboardPage/permalinkFailed': (d, { objectName, before }) =>
      `creating a permalink to ${dash(objectName, before)} failed: ${failure(d.message)}`,
  },
});
