import { count, defineSummaries, quote } from '../../audit/summary';
import { reason } from '../sqllab-names';
import type { SavedQueryListEvent } from './saved-query-list.events';

const asked = (search: string, page: number) =>
  `${search.trim() === '' ? '' : ` for ${quote(search)}`}${page > 0 ? `, page ${page + 1}` : ''}`;

/** The saved queries list page (sqllab-and-platform §2): client-only requests and answers. */
export const savedQueryListSummaries = defineSummaries<SavedQueryListEvent>({
  context: 'saved query list',
  of: {
    'savedQueries/listRequested': (d, { who }) => `${who} looked up the saved queries${asked(d.search, d.page)}`,
    'savedQueries/listLoaded': (d) =>
      `the saved queries list showed ${d.rows.length} of ${count(d.count, 'query', 'queries')}${asked(d.search, d.page)}`,
    'savedQueries/listLoadFailed': (d) => `loading the saved queries failed${reason(d.message)}`,
    'savedQueries/rowEdited': (d) => `the saved queries list shows the edited query ${quote(d.row.label)}`,
    'savedQueries/rowsDeleted': (d) =>
      `the saved queries list dropped ${count(d.ids.length, 'deleted query', 'deleted queries')}`,
    'savedQueries/favoriteStatusLoaded': (d) =>
      `the saved queries list shows ${count(d.status.filter((s) => s.value).length, 'starred query', 'starred queries')}`,
    'savedQueries/rowFavorited': (d, { who }) => `${who} starred saved query ${d.id} in the list`,
    'savedQueries/rowUnfavorited': (d, { who }) => `${who} took the star off saved query ${d.id} in the list`,
  },
});
