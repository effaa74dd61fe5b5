import type { EventLike } from '@strata/events';
import { summarize, summarizeStream } from '../../audit/registry';
import { originFilter } from '../page/testing/fixtures';
import type { NativeFilter } from '../native-filters/types';
import { unreadableSummaries, type SummarySamples } from '../../audit/testing/readable';
import type { DashboardRecordSummaryEvent } from './record.summaries';
import { dashboardRecordSummaries } from './record.summaries';
import { evolveSavedDashboard, initialSavedDashboard } from './record.evolve';
import type { SavedDashboardEvent } from './record.events';
import { emptySavedLayout } from './saved-layout';

const created = (title = 'Sales') =>
  ({
    type: 'dashboard/dashboardCreated',
    data: {
      id: 7,
      dashboard_title: title,
      slug: null,
      owners: [3],
      position_json: emptySavedLayout(title),
      json_metadata: {},
      css: '',
      published: false,
      certified_by: null,
      certification_details: null,
    },
  }) satisfies SavedDashboardEvent;

const chartAdded = {
  type: 'dashboard/chartAdded',
  data: { chartId: 5, sliceName: 'Flights by origin', rowId: 'ROW-1', chartComponentId: 'CHART-5' },
} satisfies SavedDashboardEvent;

const filters = (...items: NativeFilter[]) =>
  ({
    type: 'dashboard/nativeFiltersConfigured',
    data: { native_filter_configuration: items },
  }) as unknown as SavedDashboardEvent;

const region: NativeFilter = { ...originFilter, id: 'NATIVE_FILTER-region', name: 'Region' };

/** The record's stream in the audit log; the dashboard's name is the one it had before each event. */
function audit(events: EventLike[], names: string[]): string[] {
  return summarizeStream(events, (i) => ({ who: 'alice', objectName: names[i] }));
}

describe('saved dashboard summaries', () => {
  it('names charts and filters from the dashboard as it was before the event', () => {
    const events = [
      created(),
      chartAdded,
      filters(region),
      filters({ ...region, name: 'Area' }),
      filters({ ...region, name: 'Area' }, originFilter),
      { type: 'dashboard/chartRemoved', data: { chartId: 5 } },
      { type: 'dashboard/dashboardRenamed', data: { dashboard_title: 'Revenue' } },
      { type: 'dashboard/dashboardPublished', data: {} },
    ];
    const names = [undefined, 'Sales', 'Sales', 'Sales', 'Sales', 'Sales', 'Sales', 'Revenue'];
    expect(audit(events, names as string[])).toEqual([
      "alice created the dashboard 'Sales'",
      "alice added the chart 'Flights by origin' to the dashboard 'Sales'",
      "alice added the filter 'Region' to the dashboard 'Sales'",
      "alice renamed the filter 'Region' to 'Area' on the dashboard 'Sales'",
      "alice added the filter 'Origin' to the dashboard 'Sales'",
      "alice removed the chart 'Flights by origin' from the dashboard 'Sales'",
      "alice renamed the dashboard 'Sales' to 'Revenue'",
      "alice published the dashboard 'Revenue'",
    ]);
  });

  it('names the one chart whose cross-filter scope a save changed', () => {
    const scope = { id: 5, crossFilters: { scope: 'global' as const } };
    const events = [
      created(),
      chartAdded,
      { type: 'dashboard/crossFilterScopesSaved', data: { chart_configuration: { '5': scope } } },
    ];
    expect(audit(events, ['', 'Sales', 'Sales'])[2]).toBe(
      "alice set the cross-filter scope of the chart 'Flights by origin' on the dashboard 'Sales'",
    );
  });

  it('falls back without earlier events', () => {
    expect(summarize({ type: 'dashboard/chartRemoved', data: { chartId: 5 } }, { who: 'bob' })).toBe(
      'bob removed a chart from the dashboard',
    );
    expect(summarize(filters(region), { who: 'bob', objectName: 'Sales' })).toBe(
      "bob set the filters of the dashboard 'Sales' (1 filter)",
    );
  });

  it('gives every saved dashboard event a readable line', () => {
    const layout = emptySavedLayout('Sales');
    const samples: SummarySamples<DashboardRecordSummaryEvent> = {
      'dashboard/dashboardCreated': created('').data,
      'dashboard/chartAdded': chartAdded.data,
      'dashboard/chartRemoved': { chartId: 5 },
      'dashboard/dashboardRenamed': { dashboard_title: '' },
      'dashboard/slugChanged': { slug: null },
      'dashboard/ownersChanged': { owners: [] },
      'dashboard/rolesChanged': { roles: ['Gamma', 'Alpha', 'Sales', 'Ops'] },
      'dashboard/cssEdited': { css: '' },
      'dashboard/dashboardCertified': { certified_by: 'Data team', certification_details: null },
      'dashboard/certificationRemoved': {},
      'dashboard/dashboardPublished': {},
      'dashboard/dashboardUnpublished': {},
      'dashboard/colorSchemeChanged': { color_scheme: null },
      'dashboard/refreshFrequencySaved': { refresh_frequency: 300 },
      'dashboard/metadataEdited': { json_metadata: {} },
      'dashboard/nativeFiltersConfigured': { native_filter_configuration: [] },
      'dashboard/crossFilterScopesSaved': { chart_configuration: {} },
      'dashboard/globalCrossFilterScopeSaved': {
        global_chart_configuration: { scope: { rootPath: [], excluded: [] } },
      },
      'dashboard/filterBarOrientationChanged': { filter_bar_orientation: 'HORIZONTAL' },
      'dashboard/crossFiltersEnabled': {},
      'dashboard/crossFiltersDisabled': {},
      'dashboard/layoutPublished': { position_json: layout, draftVersion: 2, source: 'restore' },
      'dashboard/dashboardDeleted': {},
      'dashboard/favorited': { userId: 3 },
      'dashboard/unfavorited': { userId: 3 },
      'dashboard/colorsSynced': { colors: {}, markUpdated: false },
    };
    const folded = [created(), chartAdded].reduce(evolveSavedDashboard, initialSavedDashboard());
    const contexts = [
      { who: 'alice', objectName: undefined, before: undefined },
      { who: 'alice', objectName: 'Sales', before: initialSavedDashboard() },
      { who: 'alice', objectName: 'Sales', before: folded },
    ];
    expect(unreadableSummaries(dashboardRecordSummaries, samples, contexts)).toEqual([]);
  });
});
