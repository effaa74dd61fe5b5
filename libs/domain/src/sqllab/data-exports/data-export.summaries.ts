import { count, defineSummaries, quote } from '../../audit/summary';
import type { DataExportEvent } from './data-export.events';

/** The CSV export record (sqllab-and-platform §7): what left the system, and from where. */
export const dataExportSummaries = defineSummaries<DataExportEvent>({
  context: 'sql lab exports',
  of: {
    'sqllab/dataExported': (d, { who }) =>
      `${who} exported ${count(d.row_count, 'row')} of a query on ${quote(d.database)} as CSV`,
  },
});
