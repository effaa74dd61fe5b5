import { envelopeBatch, EventLog, type EventLike } from '@strata/events';
import { deepFreeze } from '../../testing';
import { upcastEvents } from '../../upcasters';
import type { DashboardRecord } from '../page/records';
import type { DashboardListEvent } from './dashboard-list.events';
import { dashboardListFold } from './dashboard-list.fold';

const given = (events: readonly DashboardListEvent[]) =>
  events.reduce(
    (s, e) => deepFreeze(dashboardListFold.evolve(s, deepFreeze(e))),
    deepFreeze(dashboardListFold.initialState()),
  );

/** Reads events as an imported time-travel file is read: upcast, then folded. */
const foldAsRead = (events: readonly EventLike[]) =>
  EventLog.from(
    dashboardListFold,
    upcastEvents(
      events.map(
        (e, n) =>
          envelopeBatch(
            [e],
            { actor: '1', at: '2026-01-01T00:00:00Z', batchId: `b${n}` },
            {
              stream: 'dashboard-list',
              version: n + 1,
            },
          )[0]!,
      ),
    ),
  ).state;

const row = (id: number): DashboardRecord => ({
  id,
  dashboard_title: `D${id}`,
  slug: null,
  owners: [],
  position_json: null,
  json_metadata: null,
  published: true,
});
const query = { ...dashboardListFold.initialState().query, search: 'sales' };
const listed: DashboardListEvent[] = [
  { type: 'dashboardList/queried', data: { requestId: 'r1', query } },
  {
    type: 'dashboardList/loaded',
    data: { requestId: 'r1', dashboards: [row(1), row(2)], count: 2, favorites: { 1: true } },
  },
];

describe('dashboard list fold (charts-dashboards-reports §7)', () => {
  it('given a newer query, when an older one answers, then the list waits for the newer', () => {
    const state = given([{ type: 'dashboardList/queried', data: { requestId: 'r2', query } }, ...listed.slice(1)]);
    expect(state).toMatchObject({ loading: true, dashboards: [] });
  });

  it('when a row is favorited or unfavorited, then its star follows', () => {
    expect(given([...listed, { type: 'dashboardList/favorited', data: { id: 2 } }]).favorites).toEqual({
      1: true,
      2: true,
    });
    expect(given([...listed, { type: 'dashboardList/unfavorited', data: { id: 1 } }]).favorites).toEqual({ 1: false });
  });

  it('when a dashboard is deleted, then it leaves the list and the count', () => {
    expect(given([...listed, { type: 'dashboardList/deleted', data: { id: 1 } }])).toMatchObject({
      dashboards: [row(2)],
      count: 1,
    });
  });
});

describe('dashboard list upcasters: a log written before the star setter was split', () => {
  it.each([true, false])('reads starToggled {isStarred: %s} as its intent and folds to the same list', (isStarred) => {
    const old = foldAsRead([...listed, { type: 'dashboardList/starToggled', data: { id: 2, isStarred } }]);
    const type = isStarred ? 'dashboardList/favorited' : 'dashboardList/unfavorited';
    expect(old).toEqual(foldAsRead([...listed, { type, data: { id: 2 } }]));
    expect(old.favorites[2]).toBe(isStarred);
  });
});
