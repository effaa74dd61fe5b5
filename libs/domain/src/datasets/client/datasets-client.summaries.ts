import { count, defineSummaries, quote } from '../../audit/summary';
import type { DatasetCreateEvent } from './dataset-create.events';
import type { DatasetEditorEvent, DraftColumnFlag } from './dataset-editor.events';
import type { DatasetsPageEvent } from './datasets-client.events';

const FLAG_WORDS: Readonly<Record<DraftColumnFlag, string>> = {
  is_dttm: 'temporal',
  groupby: 'groupable',
  filterable: 'filterable',
};
const TYPE_WORDS: Readonly<Record<number, string>> = { 0: 'numeric', 1: 'string', 2: 'temporal', 3: 'boolean' };
const col = (d: { column: string }) => `the column ${quote(d.column)}`;
const met = (d: { metric: string }) => `the metric ${quote(d.metric)}`;

/** The dataset pages' loads, answers and requests in the audit log's words (issue 13). */
export const datasetsPageSummaries = defineSummaries<DatasetsPageEvent>({
  context: 'dataset pages',
  of: {
    'datasets/listQueried': (_d, { who }) => `${who} listed the datasets`,
    'datasets/listLoaded': (d) => `the dataset list showed ${count(d.rows.length, 'dataset')} of ${d.count}`,
    'datasets/listFailed': (d, { who }) => `listing the datasets failed for ${who}: ${quote(d.message)}`,
    'datasets/datasetQueried': (d, { who }) => `${who} opened the dataset ${d.id} in the editor`,
    'datasets/datasetLoaded': (d) => `the dataset ${quote(d.dataset.table_name)} was read`,
    'datasets/datasetFailed': (d, { who }) => `reading the dataset ${d.id} failed for ${who}: ${quote(d.message)}`,
    'datasets/databaseOptionsLoaded': (d) => `the database pickers offered ${count(d.options.length, 'database')}`,
    'datasets/ownerOptionsLoaded': (d) => `the owner pickers offered ${count(d.options.length, 'user')}`,
    'datasets/schemaOptionsLoaded': (d) =>
      `the schema filter offered ${count(d.schemas.length, 'schema')} of the database ${d.databaseId}`,
    'datasets/createRequested': (d, { who }) => `${who} created the dataset ${quote(d.table_name)}`,
    'datasets/createRefused': (d, { who }) => `creating a dataset was refused for ${who}: ${quote(d.message)}`,
    'datasets/saveRequested': (d, { who }) => `${who} saved the dataset ${d.id}`,
    'datasets/syncRequested': (d, { who }) => `${who} synced the columns of the dataset ${d.id} from its source`,
    'datasets/writeRefused': (d, { who }) => `saving the dataset ${d.id} was refused for ${who}: ${quote(d.message)}`,
    'datasets/datasetSaved': (d) => `the dataset ${quote(d.dataset.table_name)} was stored`,
    'datasets/deleteRequested': (d, { who }) => `${who} deleted the dataset ${d.id}`,
    'datasets/datasetDeleted': (d) => `the dataset ${d.id} was deleted`,
  },
});

/** The editor's unsaved edits (not yet saved: the server's `dataset/*` events say what a save changed). */
export const datasetEditorSummaries = defineSummaries<DatasetEditorEvent>({
  context: 'dataset editor',
  of: {
    'datasetEditor/calculatedColumnAdded': (d, { who }) => `${who} added the calculated column ${quote(d.column)}`,
    'datasetEditor/calculatedColumnRemoved': (d, { who }) => `${who} removed ${col(d)}`,
    'datasetEditor/calculatedColumnRenamed': (d, { who }) => `${who} renamed ${col(d)} to ${quote(d.name)}`,
    'datasetEditor/columnExpressionEdited': (d, { who }) => `${who} set the SQL of ${col(d)} to ${quote(d.expression)}`,
    'datasetEditor/calculatedColumnTypeChosen': (d, { who }) =>
      `${who} typed ${col(d)} as ${d.typeGeneric === null ? 'unknown' : (TYPE_WORDS[d.typeGeneric] ?? 'unknown')}`,
    'datasetEditor/columnVerboseNameEdited': (d, { who }) => `${who} labelled ${col(d)} ${quote(d.verboseName)}`,
    'datasetEditor/columnFlagged': (d, { who }) => `${who} made ${col(d)} ${FLAG_WORDS[d.flag]}`,
    'datasetEditor/columnUnflagged': (d, { who }) => `${who} made ${col(d)} no longer ${FLAG_WORDS[d.flag]}`,
    'datasetEditor/columnDescriptionEdited': (d, { who }) => `${who} described ${col(d)} as ${quote(d.description)}`,
    'datasetEditor/columnCertifiedByEdited': (d, { who }) =>
      `${who} wrote ${quote(d.certifiedBy)} as who certified ${col(d)}`,
    'datasetEditor/columnCertificationDetailsEdited': (d, { who }) =>
      `${who} wrote the certification details of ${col(d)}: ${quote(d.details)}`,
    'datasetEditor/columnWarningEdited': (d, { who }) => `${who} wrote the warning of ${col(d)}: ${quote(d.warning)}`,
    'datasetEditor/metricAdded': (d, { who }) => `${who} added the metric ${quote(d.metric)}`,
    'datasetEditor/metricRemoved': (d, { who }) => `${who} removed ${met(d)}`,
    'datasetEditor/metricRenamed': (d, { who }) => `${who} renamed ${met(d)} to ${quote(d.name)}`,
    'datasetEditor/metricExpressionEdited': (d, { who }) => `${who} set the SQL of ${met(d)} to ${quote(d.expression)}`,
    'datasetEditor/metricVerboseNameEdited': (d, { who }) => `${who} labelled ${met(d)} ${quote(d.verboseName)}`,
    'datasetEditor/metricD3FormatEdited': (d, { who }) => `${who} formatted ${met(d)} as ${quote(d.d3format)}`,
    'datasetEditor/metricDescriptionEdited': (d, { who }) => `${who} described ${met(d)} as ${quote(d.description)}`,
    'datasetEditor/metricCertifiedByEdited': (d, { who }) =>
      `${who} wrote ${quote(d.certifiedBy)} as who certified ${met(d)}`,
    'datasetEditor/metricCertificationDetailsEdited': (d, { who }) =>
      `${who} wrote the certification details of ${met(d)}: ${quote(d.details)}`,
    'datasetEditor/metricWarningEdited': (d, { who }) => `${who} wrote the warning of ${met(d)}: ${quote(d.warning)}`,
    'datasetEditor/nameEdited': (d, { who }) => `${who} renamed the dataset being edited to ${quote(d.tableName)}`,
    'datasetEditor/sqlEdited': (d, { who }) => `${who} edited the dataset's SQL to ${quote(d.sql)}`,
    'datasetEditor/descriptionEdited': (d, { who }) => `${who} described the dataset as ${quote(d.description)}`,
    'datasetEditor/mainDatetimeColumnChosen': (d, { who }) =>
      d.column === null
        ? `${who} chose no main datetime column`
        : `${who} chose ${quote(d.column)} as the main datetime column`,
    'datasetEditor/defaultTimeGrainChosen': (d, { who }) =>
      d.grain === null ? `${who} chose no default time grain` : `${who} chose the default time grain ${d.grain}`,
    'datasetEditor/cacheTimeoutEdited': (d, { who }) =>
      d.text.trim() === ''
        ? `${who} left the cache timeout to the default`
        : `${who} set the cache timeout to ${quote(d.text)} seconds`,
    'datasetEditor/ownersChosen': (d, { who }) => `${who} chose ${count(d.owners.length, 'owner')} for the dataset`,
    'datasetEditor/draftDiscarded': (d, { who }) => `${who} discarded their unsaved edits of the dataset ${d.id}`,
  },
});

/** The "New dataset" dialog's choices. */
export const datasetCreateSummaries = defineSummaries<DatasetCreateEvent>({
  context: 'new dataset dialog',
  of: {
    'datasetCreate/dialogOpened': (_d, { who }) => `${who} opened the new dataset dialog`,
    'datasetCreate/sourceChosen': (d, { who }) =>
      `${who} chose to make the new dataset ${d.source === 'table' ? 'from a table' : 'from SQL'}`,
    'datasetCreate/databaseChosen': (d, { who }) => `${who} chose the database ${d.databaseId} for the new dataset`,
    'datasetCreate/schemaChosen': (d, { who }) => `${who} chose the schema ${quote(d.schema)} for the new dataset`,
    'datasetCreate/tableChosen': (d, { who }) => `${who} chose the table ${quote(d.table)} for the new dataset`,
    'datasetCreate/nameEdited': (d, { who }) => `${who} named the new dataset ${quote(d.name)}`,
    'datasetCreate/sqlEdited': (d, { who }) => `${who} wrote the new dataset's SQL: ${quote(d.sql)}`,
    'datasetCreate/schemasLoaded': (d) => `the database ${d.databaseId} offered ${count(d.schemas.length, 'schema')}`,
    'datasetCreate/tablesLoaded': (d) => `the schema ${quote(d.schema)} offered ${count(d.tables.length, 'table')}`,
  },
});
