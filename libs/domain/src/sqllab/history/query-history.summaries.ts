import { count, defineSummaries, quote } from '../../audit/summary';
import { reason } from '../sqllab-names';
import type { HistoryFilters, QueryHistoryEvent } from './query-history.events';

const PERIODS: Record<HistoryFilters['period'], string> = {
  any: '',
  hour: 'the last hour',
  day: 'the last day',
  week: 'the last week',
  month: 'the last month',
};

/** What the history was asked for, in words: " for 'select' (failed, the last day), page 2". */
function asked(filters: HistoryFilters, page: number): string {
  const search = filters.search.trim() === '' ? '' : ` for ${quote(filters.search)}`;
  const narrowed = [
    filters.state ?? '',
    filters.dbId === null ? '' : `database ${filters.dbId}`,
    filters.userId === null ? '' : `user ${filters.userId}`,
    PERIODS[filters.period] ?? '',
  ].filter((part) => part !== '');
  const within = narrowed.length === 0 ? '' : ` (${narrowed.join(', ')})`;
  return `${search}${within}${page > 0 ? `, page ${page + 1}` : ''}`;
}

/** The query history tab (sqllab-and-platform §2 Query history): client-only requests and answers. */
export const queryHistorySummaries = defineSummaries<QueryHistoryEvent>({
  context: 'query history',
  of: {
    'queryHistory/listRequested': (d, { who }) => `${who} looked up the query history${asked(d.filters, d.page)}`,
    'queryHistory/listLoaded': (d) =>
      `the query history listed ${d.rows.length} of ${count(d.count, 'query', 'queries')}${asked(d.filters, d.page)}`,
    'queryHistory/listLoadFailed': (d) => `loading the query history failed${reason(d.message)}`,
  },
});
