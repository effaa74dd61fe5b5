import { defineSummaries } from '../audit/summary';
import { sqlLabCatalogSummaries } from './catalog/catalog.summaries';
import { dataExportSummaries } from './data-exports/data-export.summaries';
import { queryHistorySummaries } from './history/query-history.summaries';
import { sqlLabPermalinkSummaries } from './permalinks/permalink.summaries';
import { queryRunSummaries } from './query-run/query-run.summaries';
import { sqlLabSaveDialogSummaries } from './save-dialog/save-dialog.summaries';
import { savedQueryListSummaries } from './saved-list/saved-query-list.summaries';
import { savedQuerySummaries } from './saved-queries/saved-query.summaries';
import { tabStateSummaries } from './tab-state/tab-state.summaries';
import { tabSummaries } from './editor/tab.summaries';
import { persistenceSummaries } from './persistence/persistence.summaries';
import { querySummaries } from './queries/query.summaries';
import { sideSummaries } from './side/side.summaries';
import type { SqlLabEvent } from './sqllab.events';
import { sqlLabNames, type SqlLabNames } from './sqllab-names';
import { tableSummaries } from './tables/table.summaries';

/**
 * The editor's log (issue 13), one context: its parts refer to tabs, runs and tables by id, and one fold
 * of the editor state names them all as they were then.
 */
export const sqlLabSummaries = defineSummaries<SqlLabEvent, SqlLabNames>({
  context: 'sql lab',
  names: sqlLabNames,
  of: { ...tabSummaries, ...querySummaries, ...tableSummaries, ...sideSummaries, ...persistenceSummaries },
});

/** Every SQL Lab context's summaries, for the registry (one entry there instead of one per part). */
export const SQLLAB_SUMMARIES = [
  sqlLabSummaries,
  queryRunSummaries,
  tabStateSummaries,
  savedQuerySummaries,
  sqlLabPermalinkSummaries,
  dataExportSummaries,
  sqlLabCatalogSummaries,
  sqlLabSaveDialogSummaries,
  queryHistorySummaries,
  savedQueryListSummaries,
] as const;
