/**
 * What the dashboard list page's facts say in a log (issue 13). A row's star or delete names its dashboard
 * by id: the title is the one the list showed then, from the list folded up to that fact.
 */
import { count, defineSummaries, quote } from '../../audit/summary';
import { failure } from '../summary-words';
import type { DashboardListEvent } from './dashboard-list.events';
import { evolveDashboardList, initialDashboardList, type DashboardListState } from './dashboard-list.fold';

const isListEvent = (event: { type: string }): event is DashboardListEvent => event.type.startsWith('dashboardList/');

function row(state: DashboardListState | undefined, id: number): string {
  const title = state?.dashboards.find((d) => d.id === id)?.dashboard_title;
  return title === undefined ? 'a dashboard' : `the dashboard ${quote(title)}`;
}

export const dashboardListSummaries = defineSummaries<DashboardListEvent, DashboardListState>({
  context: 'dashboard list',
  names: {
    initial: initialDashboardList,
    evolve: (state, event) => (isListEvent(event) ? evolveDashboardList(state, event) : state),
  },
  of: {
    'dashboardList/queried': (d, { who }) => {
      const { search, favoritesOnly, page } = d.query;
      const what = favoritesOnly ? 'their favorite dashboards' : 'the dashboards';
      return (
        (search.trim() === '' ? `${who} listed ${what}` : `${who} searched ${what} for ${quote(search)}`) +
        (page > 0 ? ` (page ${page + 1})` : '')
      );
    },
    'dashboardList/loaded': (d) => `the dashboard list showed ${d.dashboards.length} of ${count(d.count, 'dashboard')}`,
    'dashboardList/failed': (d) => `loading the dashboard list failed: ${failure(d.message)}`,
    'dashboardList/favorited': (d, { who, before }) => `${who} added ${row(before, d.id)} to their favorites`,
    'dashboardList/unfavorited': (d, { who, before }) => `${who} removed ${row(before, d.id)} from their favorites`,
    'dashboardList/deleted': (d, { who, before }) => `${who} deleted ${row(before, d.id)} from the list`,
  },
});
