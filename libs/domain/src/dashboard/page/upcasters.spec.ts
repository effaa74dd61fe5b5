import { envelopeBatch, EventLog, type EventLike } from '@strata/events';
import { upcastEvents } from '../../upcasters';
import type { DashboardPageEvent } from './page.events';
import { dashboardPageUpcasters } from './upcasters';
import { dashboardPageFold } from './page.evolve';
import { chart, dataset, loaded, opened, originFilter } from './testing/fixtures';

/** Reads events as an imported time-travel file is read: upcast, then folded. */
const foldAsRead = (events: readonly EventLike[]) =>
  EventLog.from(
    dashboardPageFold,
    upcastEvents(
      events.map(
        (e, n) =>
          envelopeBatch(
            [e],
            { actor: '1', at: '2026-01-01T00:00:00Z', batchId: `b${n}` },
            {
              stream: 'dashboard',
              version: n + 1,
            },
          )[0]!,
      ),
    ),
  ).state;

/** A page's log as today's main wrote it: every fact under its old `dashboard/...` type. */
const asWrittenBefore = (events: readonly DashboardPageEvent[]): EventLike[] =>
  events.map((e) => ({ type: e.type.replace(/^dashboardPage\//, 'dashboard/'), data: e.data }));

const mask = { [originFilter.id]: { id: originFilter.id, extraFormData: {}, filterState: { value: ['Asia'] } } };

/** One of each of the page's renamed facts that changes the state. */
const session: DashboardPageEvent[] = [
  ...opened(),
  { type: 'dashboardPage/chartQueryStarted', data: { chartId: 1, queryId: 'q1', formData: { a: 1 }, at: 1 } },
  { type: 'dashboardPage/chartQuerySucceeded', data: { chartId: 1, queryId: 'q1', queriesResponse: [{}], at: 2 } },
  { type: 'dashboardPage/chartRendered', data: { chartId: 1, queryId: 'q1' } },
  { type: 'dashboardPage/chartQueryStarted', data: { chartId: 2, queryId: 'q2', formData: {}, at: 1 } },
  {
    type: 'dashboardPage/chartQueryFailed',
    data: { chartId: 2, queryId: 'q2', message: 'boom', stackTrace: null, issues: [], at: 3 },
  },
  { type: 'dashboardPage/refreshStarted', data: { chartIds: [1], force: true } },
  { type: 'dashboardPage/refreshFrequencyChanged', data: { seconds: 60 } },
  { type: 'dashboardPage/tabActivated', data: { tabId: 'TAB-b' } },
  { type: 'dashboardPage/chartDescriptionToggled', data: { chartId: 1 } },
  { type: 'dashboardPage/fullSizeToggled', data: { chartId: 2 } },
  { type: 'dashboardPage/filterValueSelected', data: { filterId: originFilter.id, value: ['Asia'] } },
  { type: 'dashboardPage/filtersApplied', data: { dataMask: mask } },
  { type: 'dashboardPage/filterOptionsRequested', data: { filterId: originFilter.id, requestId: 'o1' } },
  {
    type: 'dashboardPage/filterOptionsLoaded',
    data: { filterId: originFilter.id, requestId: 'o1', values: ['Asia', 'Europe'] },
  },
  { type: 'dashboardPage/filterSearchTyped', data: { filterId: originFilter.id, text: 'As' } },
  { type: 'dashboardPage/filterSearchLoaded', data: { filterId: originFilter.id, text: 'As', values: ['Asia'] } },
  { type: 'dashboardPage/crossFilterChanged', data: { chartId: 1, entry: null } },
  { type: 'dashboardPage/crossFilterScopeSaved', data: { chartId: 1, config: null } },
  { type: 'dashboardPage/chartAdded', data: { chart: chart(9), dataset: dataset(4) } },
  { type: 'dashboardPage/versionAdvanced', data: { version: 5, lastModifiedTime: 99 } },
  { type: 'dashboardPage/labelColorsStored', data: { dashboardId: 7, colors: { color_scheme: 'x' } } },
  { type: 'dashboardPage/chartQueryStarted', data: { chartId: 9, queryId: 'q9', formData: {}, at: 4 } },
  { type: 'dashboardPage/chartQueryStopped', data: { chartId: 9, queryId: 'q9', at: 5 } },
  {
    type: 'dashboardPage/filtersConfigured',
    data: { items: [originFilter], dataMask: mask, datasets: [dataset(1), dataset(4)] },
  },
  {
    type: 'dashboardPage/propertiesSaved',
    data: {
      dashboard: { ...loaded().data.dashboard, dashboard_title: 'Renamed' },
      metadata: { refresh_frequency: 5 },
    },
  },
];

describe('dashboard page upcasters: a log written when the page facts were dashboard/...', () => {
  it('reads every renamed fact as today’s and folds to the same page', () => {
    const today = foldAsRead(session);
    expect(foldAsRead(asWrittenBefore(session))).toEqual(today);
    expect(today.chartStates[9]).toBeDefined();
    expect(today.activeTabs).toEqual(['TAB-b']);
  });

  it('reads each old page type as the same fact under dashboardPage/, payload untouched', () => {
    const renamed = Object.keys(dashboardPageUpcasters).filter(
      (t) => t.startsWith('dashboard/') && t !== 'dashboard/starToggled',
    );
    expect(renamed).toHaveLength(31);
    for (const old of renamed) {
      const data = { chart: chart(1), probe: old };
      const [event] = upcastEvents(
        envelopeBatch(
          [{ type: old, data }],
          { actor: '1', at: '2026-01-01T00:00:00Z', batchId: 'b' },
          {
            stream: 'dashboard',
            version: 1,
          },
        ),
      );
      expect(event).toMatchObject({ type: old.replace('dashboard/', 'dashboardPage/'), data });
    }
  });

  it('reads filter values requests and answers written before they were paired by id as one request, each answer taken', () => {
    const unpaired = (type: string, data: Record<string, unknown>) => ({
      type,
      data: { filterId: originFilter.id, ...data },
    });
    const state = foldAsRead([
      ...opened(),
      unpaired('dashboard/filterOptionsRequested', {}),
      unpaired('dashboardPage/filterOptionsRequested', {}),
      unpaired('dashboardPage/filterOptionsLoaded', { values: ['Asia'] }),
      unpaired('dashboard/filterOptionsLoaded', { values: ['Europe'] }),
    ]);
    expect(state.filterOptions[originFilter.id]).toMatchObject({ status: 'ready', values: ['Europe'] });
    const failed = foldAsRead([...opened(), unpaired('dashboardPage/filterOptionsFailed', { message: 'x' })]);
    expect(failed.filterOptions[originFilter.id]).toMatchObject({ status: 'failed', error: 'x' });
  });

  it('reads starToggled {isStarred: true} as favorited and {isStarred: false} as unfavorited', () => {
    const starred = foldAsRead([
      ...asWrittenBefore(opened()),
      { type: 'dashboard/starToggled', data: { isStarred: true } },
    ]);
    expect(starred).toEqual(foldAsRead([...opened(), { type: 'dashboardPage/favorited', data: {} }]));
    expect(starred.isStarred).toBe(true);
    const unstarred = foldAsRead([
      ...opened(),
      { type: 'dashboardPage/favorited', data: {} },
      { type: 'dashboard/starToggled', data: { isStarred: false } },
    ]);
    expect(unstarred.isStarred).toBe(false);
  });

  it('reads the page’s old dashboard/chartAdded, and leaves the server record’s dashboard/chartAdded as it is', () => {
    const [page, record] = upcastEvents(
      envelopeBatch(
        [
          { type: 'dashboard/chartAdded', data: { chart: chart(9), dataset: null } },
          {
            type: 'dashboard/chartAdded',
            data: { chartId: 9, sliceName: 'x', rowId: 'ROW-1', chartComponentId: 'CHART-1' },
          },
        ],
        { actor: '1', at: '2026-01-01T00:00:00Z', batchId: 'b' },
        { stream: 'dashboard:7', version: 3 },
      ),
    );
    expect(page).toMatchObject({ type: 'dashboardPage/chartAdded', data: { chart: chart(9), dataset: null } });
    expect(record).toMatchObject({
      type: 'dashboard/chartAdded',
      data: { chartId: 9, sliceName: 'x', rowId: 'ROW-1', chartComponentId: 'CHART-1' },
    });
  });

  it('keeps the old envelope, and an old load, answers and a failed load read alike', () => {
    const failed = foldAsRead([
      { type: 'dashboard/loadStarted', data: { requestId: 'r', idOrSlug: 'x' } },
      { type: 'dashboard/loadFailed', data: { requestId: 'r', message: 'Not found' } },
    ]);
    expect(failed).toMatchObject({ status: 'failed', error: 'Not found' });
    const [event] = upcastEvents(
      envelopeBatch(
        [{ type: 'dashboard/propertiesSaved', data: { dashboard: {}, metadata: {} } }],
        { actor: '1', at: '2026-01-01T00:00:00Z', batchId: 'b', undoable: false },
        { stream: 'dashboard', version: 3 },
      ),
    );
    expect(event).toMatchObject({
      id: 'b:0',
      version: 3,
      type: 'dashboardPage/propertiesSaved',
      meta: { undoable: false },
    });
  });
});
