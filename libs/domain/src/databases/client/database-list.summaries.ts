import { count, defineSummaries, quote } from '../../audit/summary';
import type { DatabaseListEvent } from './database-list.events';

/** The databases page in the audit log's words (issue 15 item 1). */
export const databaseListSummaries = defineSummaries<DatabaseListEvent>({
  context: 'databases page',
  of: {
    'databaseList/loaded': (d, { who }) =>
      `${who} loaded the list of databases${d.search ? ` matching ${quote(d.search)}` : ''} (${count(d.count, 'database')})`,
    'databaseList/loadFailed': (d, { who }) => `loading the list of databases failed for ${who}: ${quote(d.message)}`,
    'databaseList/saved': (d, { who }) => `${who} saved the database ${quote(d.database.database_name)}`,
    'databaseList/deleted': (d, { who }) => `${who} deleted the database ${quote(d.name)}`,
    'databaseList/connectionTested': (d, { who }) =>
      d.ok ? `${who} tested a connection: it works` : `${who} tested a connection: ${quote(d.message)}`,
    'databaseList/testCleared': (_d, { who }) => `${who} put a connection test's answer away`,
    'databaseList/relatedLoaded': (d, { who }) =>
      `${who} looked at what uses a database (${count(d.related.datasets.count, 'dataset')}, ${count(d.related.charts.count, 'chart')})`,
    'databaseList/searchTyped': (d, { who }) =>
      d.text ? `${who} typed ${quote(d.text)} in the databases search` : `${who} cleared the databases search`,
    'databaseList/rolesListed': (d) =>
      `the roles a database may be granted to were listed (${count(d.roles.length, 'role')})`,
  },
});
