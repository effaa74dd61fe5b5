import type { EventLike } from '@strata/events';
import { summarize, summarizeStream } from '../../audit/registry';
import { unreadableSummaries, type SummarySamples } from '../../audit/testing/readable';
import type { DashboardPageEvent } from './page.events';
import { dashboardPageFold } from './page.evolve';
import { dashboardPageSummaries } from './page.summaries';
import { chart, dataset, layout, loaded, opened, originFilter } from './testing/fixtures';

const audit = (events: EventLike[]) => summarizeStream(events, () => ({ who: 'alice' }));

describe('dashboard page summaries', () => {
  it('names charts, tabs and filters as the page showed them then', () => {
    const renamed = {
      ...loaded('r2'),
      data: { ...loaded('r2').data, charts: [{ ...chart(1), slice_name: 'Flights' }] },
    };
    const lines = audit([
      ...opened(),
      { type: 'dashboardPage/tabActivated', data: { tabId: 'TAB-b' } },
      {
        type: 'dashboardPage/chartQueryFailed',
        data: { chartId: 1, queryId: 'q', message: 'Timeout', stackTrace: null, issues: [], at: 1 },
      },
      {
        type: 'dashboardPage/filterValueSelected',
        data: { filterId: originFilter.id, value: ['Europe', 'Asia', 'Africa'] },
      },
      { type: 'dashboardPage/chartDescriptionToggled', data: { chartId: 2 } },
      { type: 'dashboardPage/fullSizeToggled', data: { chartId: 1 } },
      { type: 'dashboardPage/fullSizeToggled', data: { chartId: 1 } },
      { type: 'dashboardPage/loadStarted', data: { requestId: 'r2', idOrSlug: 'cars' } },
      renamed,
      { type: 'dashboardPage/chartRendered', data: { chartId: 1, queryId: 'q' } },
    ]);
    expect(lines).toEqual([
      'alice opened the dashboard',
      "alice loaded the dashboard 'Cars' (2 charts, 1 filter)",
      "alice opened the tab 'B'",
      "the query of the chart 'Chart 1' failed: Timeout",
      "alice picked 'Europe', 'Asia' and 1 more in the filter 'Origin'",
      "alice hid the description of the chart 'Chart 2'",
      "alice showed the chart 'Chart 1' full size",
      "alice left the full-size view of the chart 'Chart 1'",
      "alice opened the dashboard 'cars'",
      "alice loaded the dashboard 'Cars' (1 chart, 1 filter)",
      "the page drew the chart 'Flights'",
    ]);
  });

  it('says what a save of the filter configuration changed', () => {
    const region = { ...originFilter, id: 'NATIVE_FILTER-region', name: 'Region' };
    const lines = audit([
      ...opened(),
      {
        type: 'dashboardPage/filtersConfigured',
        data: { items: [originFilter, region], dataMask: {}, datasets: null },
      },
      { type: 'dashboardPage/filtersConfigured', data: { items: [region], dataMask: {}, datasets: null } },
    ]);
    expect(lines.slice(2)).toEqual([
      "alice added the filter 'Region' to the dashboard 'Cars'",
      "alice removed the filter 'Origin' from the dashboard 'Cars'",
    ]);
  });

  it('falls back without the page folded', () => {
    expect(summarize({ type: 'dashboardPage/chartRendered', data: { chartId: 1, queryId: 'q' } }, { who: 'bob' })).toBe(
      'the page drew a chart',
    );
    expect(
      summarize({ type: 'dashboardPage/loadFailed', data: { requestId: 'r', message: 'Not found' } }, { who: 'bob' }),
    ).toBe('loading the dashboard failed: Not found');
    expect(
      summarize(
        { type: 'dashboardPage/pastViewOpened', data: { requestId: 'r', asOf: '42', queries: false } },
        { who: 'bob' },
      ),
    ).toBe('bob looked at the dashboard as it was at log position 42 without running its queries');
    expect(
      summarize(
        {
          type: 'dashboardPage/pastViewOpened',
          data: { requestId: 'r', asOf: '42', queries: false, unsavedDraft: true },
        },
        { who: 'bob' },
      ),
    ).toBe(
      'bob looked at the dashboard as it was at log position 42 in edit mode with unsaved changes without running its queries',
    );
  });

  it('gives every page fact a readable line', () => {
    const dashboard = loaded().data.dashboard;
    const metadata = {};
    const version = {
      version: 2,
      saved_by: { id: 1, username: 'bob' },
      saved_at: '',
      summary: '',
      authors: [],
      changes: [],
      restored_from: null,
    };
    const samples: SummarySamples<DashboardPageEvent> = {
      'dashboardPage/loadStarted': { requestId: 'r', idOrSlug: '7' },
      'dashboardPage/loaded': loaded().data,
      'dashboardPage/loadFailed': { requestId: 'r', message: '' },
      'dashboardPage/pastViewOpened': { requestId: 'r', asOf: '', queries: false },
      'dashboardPage/chartQueryStarted': { chartId: 1, queryId: 'q', formData: {}, at: 0 },
      'dashboardPage/chartQuerySucceeded': { chartId: 1, queryId: 'q', queriesResponse: [{ rowcount: 3 }], at: 0 },
      'dashboardPage/chartQueryFailed': { chartId: 1, queryId: 'q', message: 'x', stackTrace: null, issues: [], at: 0 },
      'dashboardPage/chartQueryStopped': { chartId: 1, queryId: 'q', at: 0 },
      'dashboardPage/chartRendered': { chartId: 9, queryId: 'q' },
      'dashboardPage/chartRenderFailed': { chartId: 1, queryId: 'q', message: 'x' },
      'dashboardPage/refreshStarted': { chartIds: [1], force: true },
      'dashboardPage/refreshFrequencyChanged': { seconds: 0 },
      'dashboardPage/tabActivated': { tabId: 'TAB-z' },
      'dashboardPage/chartDescriptionToggled': { chartId: 1 },
      'dashboardPage/fullSizeToggled': { chartId: 1 },
      'dashboardPage/focusedChartShown': { chartId: 1 },
      'dashboardPage/filterValueSelected': { filterId: 'NATIVE_FILTER-x', value: null },
      'dashboardPage/filtersApplied': { dataMask: {} },
      'dashboardPage/filterOptionsRequested': { filterId: originFilter.id, requestId: 'o1' },
      'dashboardPage/filterOptionsLoaded': { filterId: originFilter.id, requestId: 'o1', values: [] },
      'dashboardPage/filterOptionsFailed': { filterId: originFilter.id, requestId: 'o1', message: '' },
      'dashboardPage/filterSearchTyped': { filterId: originFilter.id, text: '' },
      'dashboardPage/filterSearchLoaded': { filterId: originFilter.id, text: 'eu', values: [] },
      'dashboardPage/filterSearchFailed': { filterId: originFilter.id, text: 'eu', message: 'x' },
      'dashboardPage/crossFilterChanged': { chartId: 1, entry: { filterState: { value: ['x'] } } },
      'dashboardPage/favorited': {},
      'dashboardPage/unfavorited': {},
      'dashboardPage/crossFilterScopeSaved': { chartId: 1, config: null },
      'dashboardPage/chartAdded': { chart: chart(3), dataset: dataset(1) },
      'dashboardPage/filtersConfigured': { items: [], dataMask: {}, datasets: null },
      'dashboardPage/versionAdvanced': { version: null, lastModifiedTime: null },
      'dashboardPage/configurationReloaded': { dashboard, metadata },
      'dashboardPage/propertiesSaved': { dashboard, metadata },
      'dashboardPage/labelColorsStored': { dashboardId: 7, colors: {} },
      'dashboardPage/draftSaveStarted': { dashboardId: 7 },
      'dashboardPage/draftSaved': { dashboardId: 7, version: 4 },
      'dashboardPage/draftSaveFailed': { dashboardId: 7, message: 'x' },
      'dashboardPage/draftDiscardStarted': { dashboardId: 7 },
      'dashboardPage/draftDiscarded': { dashboardId: 7, changesDropped: false },
      'dashboardPage/draftDiscardFailed': { dashboardId: 7, message: 'x' },
      'dashboardPage/ownChangesDiscardStarted': { dashboardId: 7 },
      'dashboardPage/ownChangesDiscarded': { dashboardId: 7 },
      'dashboardPage/ownChangesDiscardFailed': { dashboardId: 7, message: 'x' },
      'dashboardPage/discardEveryoneAsked': {
        dashboardId: 7,
        unsaved: [{ user: { id: 2, username: 'bob' }, count: 3 }],
      },
      'dashboardPage/discardEveryoneCancelled': {},
      'dashboardPage/everyoneDiscardStarted': { dashboardId: 7 },
      'dashboardPage/everyoneDiscarded': { dashboardId: 7 },
      'dashboardPage/everyoneDiscardFailed': { dashboardId: 7, message: 'x' },
      'dashboardPage/discardedDraftRestoreStarted': { discard: 1 },
      'dashboardPage/discardedDraftRestored': { discard: 1 },
      'dashboardPage/discardedDraftRestoreFailed': { discard: 1, message: 'x' },
      'dashboardPage/versionHistoryOpened': { dashboardId: 7 },
      'dashboardPage/versionHistoryClosed': {},
      'dashboardPage/versionsRequested': { requestId: 'r' },
      'dashboardPage/versionsLoaded': { requestId: 'r', list: { count: 1, current_version: 2, result: [version] } },
      'dashboardPage/versionsLoadFailed': { requestId: 'r', message: 'x' },
      'dashboardPage/versionViewed': { info: version, layout },
      'dashboardPage/versionViewFailed': { version: 2, message: 'x' },
      'dashboardPage/versionViewClosed': {},
      'dashboardPage/versionRestoreStarted': { version: 2 },
      'dashboardPage/versionRestored': { version: 2, newVersion: 5 },
      'dashboardPage/versionRestoreFailed': { version: 2, message: 'x' },
      'dashboardPage/paletteChartsLoaded': { search: '', charts: [] },
      'dashboardPage/paletteChartsFailed': { search: 'fl', message: 'x' },
      'dashboardPage/permalinkRequested': { requestId: 'r', dashboardId: 7, state: {} },
      'dashboardPage/permalinkCreated': { requestId: 'r', key: null, url: 'http://x/p' },
      'dashboardPage/permalinkFailed': { requestId: 'r', message: 'x' },
    };
    const folded = opened().reduce(dashboardPageFold.evolve, dashboardPageFold.initialState());
    const contexts = [
      { who: 'alice', objectName: undefined, before: undefined },
      { who: 'alice', objectName: undefined, before: dashboardPageFold.initialState() },
      { who: 'alice', objectName: 'Cars', before: folded },
    ];
    expect(unreadableSummaries(dashboardPageSummaries, samples, contexts)).toEqual([]);
  });
});
