import { deepFreeze } from '../../testing';
import type { DashboardPageEvent } from './page.events';
import { dashboardPageFold } from './page.evolve';
import { CHART_STOPPED } from './page.state';
import { chart, dataset, loaded, loadStarted, opened, originFilter } from './testing/fixtures';

/** given(events): the page's state after them (frozen: an evolve that mutates fails). */
const given = (events: readonly DashboardPageEvent[]) =>
  events.reduce(
    (s, e) => deepFreeze(dashboardPageFold.evolve(s, deepFreeze(e))),
    deepFreeze(dashboardPageFold.initialState()),
  );

describe('dashboard page fold (charts-dashboards-reports §2-§4)', () => {
  it('given a load, when it answers, then the page holds the dashboard, its chart states and the filter bar', () => {
    const state = given(opened());
    expect(state.status).toBe('ready');
    expect(Object.keys(state.charts)).toEqual(['1', '2']);
    expect(Object.keys(state.datasets)).toEqual(['1__table']);
    expect(state.chartStates[1]?.chartStatus).toBeNull();
    expect(state.filterDraft).toEqual({ [originFilter.id]: ['Europe'] });
    expect(state.refreshFrequency).toBe(30);
    expect(state.expandedSlices).toEqual({ 2: true });
  });

  it('given a newer load, when an older load answers, then nothing changes', () => {
    const state = given([loadStarted('r1'), loadStarted('r2'), loaded('r1')]);
    expect(state.status).toBe('loading');
    expect(state.dashboard).toBeNull();
  });

  it('given a refresh, when the replaced query answers, then the chart keeps its new query (§4 chart status)', () => {
    const query = (queryId: string): DashboardPageEvent => ({
      type: 'dashboardPage/chartQueryStarted',
      data: { chartId: 1, queryId, formData: {}, at: 1 },
    });
    const state = given([
      ...opened(),
      query('q1'),
      query('q2'),
      { type: 'dashboardPage/chartQuerySucceeded', data: { chartId: 1, queryId: 'q1', queriesResponse: [], at: 2 } },
    ]);
    expect(state.chartStates[1]).toMatchObject({ chartStatus: 'loading', queryId: 'q2' });
    const stopped = given([
      ...opened(),
      query('q2'),
      { type: 'dashboardPage/chartQueryStopped', data: { chartId: 1, queryId: 'q2', at: 3 } },
    ]);
    expect(stopped.chartStates[1]).toMatchObject({ chartStatus: 'stopped', chartAlert: CHART_STOPPED });
  });

  it("given a child filter asked again for its parent's new selection, when the older answer comes last, then the newer values stay (§3 cascadeParentIds)", () => {
    const requested = (requestId: string): DashboardPageEvent => ({
      type: 'dashboardPage/filterOptionsRequested',
      data: { filterId: originFilter.id, requestId },
    });
    const answered = (requestId: string, values: string[]): DashboardPageEvent => ({
      type: 'dashboardPage/filterOptionsLoaded',
      data: { filterId: originFilter.id, requestId, values },
    });
    const everyCar = answered('o1', ['buick skylark', 'datsun pl510', 'toyota corona']);
    const japanese = answered('o2', ['datsun pl510', 'toyota corona']);

    const state = given([...opened(), requested('o1'), requested('o2'), japanese, everyCar]);
    expect(state.filterOptions[originFilter.id]).toEqual({
      status: 'ready',
      values: ['datsun pl510', 'toyota corona'],
      error: null,
      requestId: 'o2',
    });
    // Still waiting for the latest: an older answer, or an older failure, neither ends the wait nor shows.
    const waiting = given([
      ...opened(),
      requested('o1'),
      answered('o1', ['buick skylark']),
      requested('o2'),
      everyCar,
      { type: 'dashboardPage/filterOptionsFailed', data: { filterId: originFilter.id, requestId: 'o1', message: 'x' } },
    ]);
    expect(waiting.filterOptions[originFilter.id]).toMatchObject({ status: 'loading', values: ['buick skylark'] });
  });

  it('when a tab is activated, then its siblings are no longer active', () => {
    const state = given([...opened(), { type: 'dashboardPage/tabActivated', data: { tabId: 'TAB-b' } }]);
    expect(state.activeTabs).toEqual(['TAB-b']);
  });

  it('when the user favorites then unfavorites the dashboard, then the star follows each intent', () => {
    const favorited = given([...opened(), { type: 'dashboardPage/favorited', data: {} }]);
    expect(favorited.isStarred).toBe(true);
    expect(
      given([
        ...opened(),
        { type: 'dashboardPage/favorited', data: {} },
        { type: 'dashboardPage/unfavorited', data: {} },
      ]).isStarred,
    ).toBe(false);
  });

  it('when native filters are applied, then cross-filters (keyed by chart id) stay', () => {
    const mask = { [originFilter.id]: { id: originFilter.id, extraFormData: {}, filterState: { value: ['Asia'] } } };
    const state = given([...opened(), { type: 'dashboardPage/filtersApplied', data: { dataMask: mask } }]);
    expect(Object.keys(state.dataMask).sort()).toEqual(['2', originFilter.id].sort());
    expect(state.dataMask[originFilter.id]?.filterState?.value).toEqual(['Asia']);
  });

  it('when a chart placed in edit mode is fetched, then it and its dataset join the page once', () => {
    const added: DashboardPageEvent = {
      type: 'dashboardPage/chartAdded',
      data: { chart: chart(9), dataset: dataset(4) },
    };
    const state = given([...opened(), added]);
    expect(state.chartStates[9]?.chartStatus).toBeNull();
    expect(Object.keys(state.datasets)).toEqual(['1__table', '4__table']);
    const again = given([
      ...opened(),
      added,
      { ...added, data: { chart: { ...chart(9), slice_name: 'Other' }, dataset: null } },
    ]);
    expect(again.charts[9]?.slice_name).toBe('Chart 9');
  });

  it('when a write is answered, then the page names the new version in its next write', () => {
    const state = given([
      ...opened(),
      { type: 'dashboardPage/versionAdvanced', data: { version: 4, lastModifiedTime: null } },
    ]);
    expect(state.dashboard?.version).toBe(4);
  });

  it('given a load of the past (?as_of=), then the page is a view of then until the next load', () => {
    const past: DashboardPageEvent = {
      type: 'dashboardPage/pastViewOpened',
      data: { requestId: 'r1', asOf: '42', queries: true },
    };
    expect(given([loadStarted('r1'), past, loaded('r1')]).pastView).toEqual({
      asOf: '42',
      queries: true,
      unsavedDraft: false,
    });
    // The replay of an editor: the layout loaded is edit mode's unsaved draft of then.
    const draft = { ...past, data: { ...past.data, unsavedDraft: true } } as DashboardPageEvent;
    expect(given([loadStarted('r1'), draft, loaded('r1')]).pastView?.unsavedDraft).toBe(true);
    expect(given([loadStarted('r1'), past, loaded('r1'), loadStarted('r2'), loaded('r2')]).pastView).toBeNull();
    // An answer for a load already replaced changes nothing.
    expect(given([loadStarted('r1'), loadStarted('r2'), past]).pastView).toBeNull();
  });

  it('ignores an event it does not know (an imported log of another page)', () => {
    const before = given(opened());
    expect(dashboardPageFold.evolve(before, { type: 'other/thing', data: {} } as never)).toBe(before);
  });
});
