import { deepFreeze } from '../../testing';
import type { DashboardPageEvent } from './page.events';
import { dashboardPageFold } from './page.evolve';
import { loadStarted, opened } from './testing/fixtures';

const given = (events: readonly DashboardPageEvent[]) =>
  events.reduce(
    (s, e) => deepFreeze(dashboardPageFold.evolve(s, deepFreeze(e))),
    deepFreeze(dashboardPageFold.initialState()),
  );

const requested = (requestId: string): DashboardPageEvent => ({
  type: 'dashboardPage/permalinkRequested',
  data: { requestId, dashboardId: 7, state: { activeTabs: ['TAB-b'], anchor: 'TAB-b' } },
});

describe('sharing the dashboard page as a permalink (charts-dashboards-reports §7)', () => {
  it('given a permalink requested, when the server answers, then the page holds the link', () => {
    expect(given([...opened(), requested('p1')]).permalink).toMatchObject({ status: 'creating', url: null });
    const state = given([
      ...opened(),
      requested('p1'),
      { type: 'dashboardPage/permalinkCreated', data: { requestId: 'p1', key: 'key1', url: 'http://x/p/key1/' } },
    ]);
    expect(state.permalink).toEqual({ requestId: 'p1', status: 'created', url: 'http://x/p/key1/', error: null });
  });

  it('when the request fails, then the page says why', () => {
    const state = given([
      ...opened(),
      requested('p1'),
      { type: 'dashboardPage/permalinkFailed', data: { requestId: 'p1', message: 'Forbidden' } },
    ]);
    expect(state.permalink).toMatchObject({ status: 'failed', error: 'Forbidden', url: null });
  });

  it('given a newer request, when the earlier one answers, then the link shown is not the earlier one', () => {
    const state = given([
      ...opened(),
      requested('p1'),
      requested('p2'),
      { type: 'dashboardPage/permalinkCreated', data: { requestId: 'p1', key: 'key1', url: 'http://x/p/key1/' } },
    ]);
    expect(state.permalink).toMatchObject({ requestId: 'p2', status: 'creating', url: null });
  });

  it('when another dashboard is opened, then no permalink is held', () => {
    expect(given([...opened(), requested('p1'), loadStarted('r2')]).permalink).toBeNull();
  });
});
