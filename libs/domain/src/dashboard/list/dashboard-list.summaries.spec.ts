import { summarize, summarizeStream } from '../../audit/registry';
import { loaded } from '../page/testing/fixtures';
import { unreadableSummaries, type SummarySamples } from '../../audit/testing/readable';
import type { DashboardListEvent } from './dashboard-list.events';
import { dashboardListFold } from './dashboard-list.fold';
import { dashboardListSummaries } from './dashboard-list.summaries';

const query = { ...dashboardListFold.initialState().query, search: 'car', page: 1 };
const cars = loaded().data.dashboard;
const listed: DashboardListEvent[] = [
  { type: 'dashboardList/queried', data: { requestId: 'r1', query } },
  { type: 'dashboardList/loaded', data: { requestId: 'r1', dashboards: [cars], count: 21, favorites: {} } },
];

describe('dashboard list summaries', () => {
  it("names a row's dashboard as the list showed it", () => {
    const lines = summarizeStream(
      [
        ...listed,
        { type: 'dashboardList/favorited', data: { id: 7 } },
        { type: 'dashboardList/deleted', data: { id: 7 } },
      ],
      () => ({ who: 'alice' }),
    );
    expect(lines).toEqual([
      "alice searched the dashboards for 'car' (page 2)",
      'the dashboard list showed 1 of 21 dashboards',
      "alice added the dashboard 'Cars' to their favorites",
      "alice deleted the dashboard 'Cars' from the list",
    ]);
    expect(summarize({ type: 'dashboardList/deleted', data: { id: 7 } }, { who: 'bob' })).toBe(
      'bob deleted a dashboard from the list',
    );
  });

  it('gives every list fact a readable line', () => {
    const samples: SummarySamples<DashboardListEvent> = {
      'dashboardList/queried': { requestId: 'r', query: { ...query, search: '', favoritesOnly: true, page: 0 } },
      'dashboardList/loaded': { requestId: 'r', dashboards: [], count: 0, favorites: {} },
      'dashboardList/failed': { requestId: 'r', message: '' },
      'dashboardList/favorited': { id: 1 },
      'dashboardList/unfavorited': { id: 7 },
      'dashboardList/deleted': { id: 1 },
    };
    const folded = listed.reduce(dashboardListFold.evolve, dashboardListFold.initialState());
    const contexts = [
      { who: 'alice', objectName: undefined, before: undefined },
      { who: 'alice', objectName: undefined, before: folded },
    ];
    expect(unreadableSummaries(dashboardListSummaries, samples, contexts)).toEqual([]);
  });
});
