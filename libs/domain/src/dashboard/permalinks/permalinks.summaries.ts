import { count, defineSummaries } from '../../audit/summary';
import { dashboard } from '../summary-words';
import type { DashboardPermalinkCreated } from './index';

/** A dashboard permalink written (issue 13 audit log): what state it keeps, counted, never its key alone. */
export const dashboardPermalinkSummaries = defineSummaries<DashboardPermalinkCreated>({
  context: 'dashboard permalinks',
  of: {
    'dashboard/permalinkCreated': (d, { who, objectName }) => {
      const filters = Object.keys(d.state?.dataMask ?? {}).length;
      return (
        `${who} created a permalink to ${dashboard(objectName)}` +
        (filters > 0 ? ` with ${count(filters, 'filter')} set` : '')
      );
    },
  },
});
