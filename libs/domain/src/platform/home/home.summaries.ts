import { defineSummaries, quote } from '../../audit/summary';
import type { HomeEvent } from './home.events';

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** What opening the home page says in the audit log (issue 13). */
export const homeSummaries = defineSummaries<HomeEvent>({
  context: 'home',
  of: {
    'home/overviewLoaded': ({ overview: o }, { who }) =>
      `${who} opened the home page: ${plural(o.recents.length, 'recent item')}, ${plural(
        o.dashboards.favorite.length + o.charts.favorite.length + o.savedQueries.favorite.length,
        'favourite',
      )}`,
    'home/overviewFailed': (d, { who }) => `loading the home page failed for ${who}: ${quote(d.message)}`,
  },
});
