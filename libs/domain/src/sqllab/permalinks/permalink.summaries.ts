import { defineSummaries, quote } from '../../audit/summary';
import { database } from '../sqllab-names';
import type { SqlLabPermalinkEvent } from './permalink.events';

/** A shared SQL Lab link (sqllab-and-platform §7 Permalinks); the key stays out of the log's text. */
export const sqlLabPermalinkSummaries = defineSummaries<SqlLabPermalinkEvent>({
  context: 'sql lab links',
  of: {
    'sqllab/permalinkCreated': ({ state }, { who }) =>
      state.name
        ? `${who} shared a link to the query ${quote(state.name)} on ${database(state.dbId)}`
        : `${who} shared a link to a query on ${database(state.dbId)}`,
  },
});
