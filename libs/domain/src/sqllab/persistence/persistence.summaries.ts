import { count, quote, type SummaryMap } from '../../audit/summary';
import { theQuery, theTab, theTable, type SqlLabNames } from '../sqllab-names';
import type { PersistenceEvent } from './persistence-events';

/** Loading and syncing the editor's state (sqllab-and-platform §4 Persistence): the editor's own doing. */
export const persistenceSummaries: SummaryMap<PersistenceEvent, SqlLabNames> = {
  'sqllab/editorStateRestored': (d, { who }) =>
    `${who} opened SQL Lab with ${count(d.state.queryEditors.length, 'tab')}`,
  'sqllab/tabLoaded': (d) => `the tab ${quote(d.queryEditor.name)} was loaded from the server`,
  'sqllab/tabMigrated': (d, { before }) => `${theTab(before, d.localId)} was stored on the server`,
  'sqllab/tableMigrated': (d, { before }) => `${theTable(before, d.localId)} was stored on the server`,
  'sqllab/queryMigrated': (d, { before }) => `${theQuery(before, d.queryId)} was stored on the server`,
  'sqllab/tabDropped': (d, { before }) => `${theTab(before, d.queryEditorId)} was removed: the server no longer has it`,
  'sqllab/destroyedTabCleared': (d, { before }) =>
    `the server deleted ${theTab(before, d.queryEditorId)}, which was closed`,
  'sqllab/editorStateSaved': () => 'the edited tabs were saved on the server',
  'sqllab/activeTabSynced': (d, { before }) => `the server was told ${theTab(before, d.queryEditorId)} is active`,
};
