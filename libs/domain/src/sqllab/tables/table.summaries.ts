import { count, the, type SummaryMap } from '../../audit/summary';
import { tableName, theTab, theTable, type SqlLabNames } from '../sqllab-names';
import type { TableEvent } from './table-events';

const details = (extra: boolean) => (extra ? 'the details' : 'the columns');

/** The left bar's tables (sqllab-and-platform §4 Tabs: tables); metadata arrives from the server. */
export const tableSummaries: SummaryMap<TableEvent, SqlLabNames> = {
  'sqllab/tableAdded': ({ table }, { who, before }) =>
    `${who} added ${the('table', tableName(table.schema, table.name))} to ${theTab(before, table.queryEditorId)}`,
  'sqllab/tableMetadataRequested': (d, { who, before }) =>
    `${who} asked for ${details(d.extra)} of ${theTable(before, d.tableId)}`,
  'sqllab/tableMetadataLoaded': (d, { before }) =>
    `${details(false)} of ${theTable(before, d.tableId)} arrived (${count(d.columns.length, 'column')})`,
  'sqllab/tableExtraMetadataLoaded': (d, { before }) => `${details(true)} of ${theTable(before, d.tableId)} arrived`,
  'sqllab/tableMetadataFailed': (d, { before }) =>
    `loading ${details(d.extra)} of ${theTable(before, d.tableId)} failed`,
  'sqllab/tableExpanded': (d, { who, before }) => `${who} expanded ${theTable(before, d.tableId)}`,
  'sqllab/tableCollapsed': (d, { who, before }) => `${who} collapsed ${theTable(before, d.tableId)}`,
  'sqllab/tableRemoved': (d, { who, before }) => `${who} removed ${theTable(before, d.tableId)} from the left bar`,
  'sqllab/tableDataPreviewSet': (d, { who, before }) => `${who} previewed the data of ${theTable(before, d.tableId)}`,
};
