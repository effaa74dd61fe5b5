import { quote, type SummaryMap } from '../../audit/summary';
import { database, theTab, type SqlLabNames } from '../sqllab-names';
import type { TabEvent } from './tab-events';

/** The lower pane's fixed tabs; any other value is the id of a run shown there (a data preview). */
const paneName = (tab: string) => (tab === 'Results' || tab === 'History' ? quote(tab) : 'a data preview');

const choice = (kind: string, value: string | null) => (value === null ? `no ${kind}` : `the ${kind} ${quote(value)}`);

/** The editor's tab events (sqllab-and-platform §2 Tabs), named as the tab was called then. */
export const tabSummaries: SummaryMap<TabEvent, SqlLabNames> = {
  'sqllab/tabAdded': ({ queryEditor, clonedFromId }, { who, before }) =>
    clonedFromId === null
      ? `${who} opened the new tab ${quote(queryEditor.name)}`
      : `${who} cloned ${theTab(before, clonedFromId)} as ${quote(queryEditor.name)}`,
  'sqllab/tabClosed': (d, { who, before }) => `${who} closed ${theTab(before, d.queryEditorId)}`,
  'sqllab/tabSwitched': (d, { who, before }) => `${who} switched to ${theTab(before, d.queryEditorId)}`,
  'sqllab/tabMoved': (d, { who, before }) =>
    `${who} moved ${theTab(before, d.queryEditorId)} to position ${d.toIndex + 1}`,
  'sqllab/tabRenamed': (d, { who, before }) => `${who} renamed ${theTab(before, d.queryEditorId)} to ${quote(d.name)}`,
  'sqllab/leftBarHidden': (d, { who, before }) => `${who} hid the left bar of ${theTab(before, d.queryEditorId)}`,
  'sqllab/leftBarShown': (d, { who, before }) => `${who} showed the left bar of ${theTab(before, d.queryEditorId)}`,
  'sqllab/southPaneTabSelected': (d, { who }) => `${who} showed ${paneName(d.tab)} in the lower pane`,
  'sqllab/panesResized': (d, { who, before }) =>
    `${who} resized the panes of ${theTab(before, d.queryEditorId)} (editor ${Math.round(d.northPercent)}%)`,
  'sqllab/sqlEdited': (d, { who, before }) => `${who} edited the SQL of ${theTab(before, d.queryEditorId)}`,
  'sqllab/textSelected': (d, { who, before }) =>
    d.selectedText
      ? `${who} selected text in ${theTab(before, d.queryEditorId)}`
      : `${who} cleared the selection in ${theTab(before, d.queryEditorId)}`,
  'sqllab/cursorMoved': (d, { who, before }) =>
    `${who} moved the cursor in ${theTab(before, d.queryEditorId)} to line ${d.cursorPosition.row + 1}`,
  'sqllab/databaseSelected': (d, { who, before }) =>
    `${who} chose ${database(d.dbId)} for ${theTab(before, d.queryEditorId)}`,
  'sqllab/catalogSelected': (d, { who, before }) =>
    `${who} chose ${choice('catalog', d.catalog)} for ${theTab(before, d.queryEditorId)}`,
  'sqllab/schemaSelected': (d, { who, before }) =>
    `${who} chose ${choice('schema', d.schema)} for ${theTab(before, d.queryEditorId)}`,
  'sqllab/queryLimitChanged': (d, { who, before }) =>
    `${who} set the row limit of ${theTab(before, d.queryEditorId)} to ${d.queryLimit}`,
  'sqllab/templateParamsChanged': (d, { who, before }) =>
    d.templateParams
      ? `${who} edited the template parameters of ${theTab(before, d.queryEditorId)}`
      : `${who} cleared the template parameters of ${theTab(before, d.queryEditorId)}`,
  'sqllab/tabSavedAsQuery': (d, { who, before }) =>
    `${who} saved the query ${quote(d.name)} from ${theTab(before, d.queryEditorId)}`,
};
