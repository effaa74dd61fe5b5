import { count, defineSummaries, quote } from '../../../audit/summary';
import type { UploadEvent } from './upload.events';

const MODE_WORDS = { fail: 'fail', replace: 'replace it', append: 'append to it' } as const;
const headerWords = (row: number | null) => (row === null ? 'no header row' : `the header on row ${row}`);

/** The upload page in the audit log's words (issue 15 item 3); the load itself is the server's `database/fileUploaded`. */
export const uploadSummaries = defineSummaries<UploadEvent>({
  context: 'upload page',
  of: {
    'upload/databasesLoaded': (d, { who }) =>
      `${who} was offered ${count(d.databases.filter((t) => t.allowsUpload).length, 'database')} to upload into`,
    'upload/databasesLoadFailed': (d, { who }) => `loading the databases failed for ${who}: ${quote(d.message)}`,
    'upload/databaseChosen': (d, { who }) => `${who} chose the database ${d.databaseId} to upload into`,
    'upload/schemasLoaded': (d, { who }) => `${who} was offered ${count(d.schemas.length, 'schema')}`,
    'upload/schemaChosen': (d, { who }) => `${who} chose the schema ${quote(d.schema)}`,
    'upload/fileChosen': (d, { who }) =>
      `${who} chose the ${d.file.fileType === 'excel' ? 'Excel' : 'CSV'} file ${quote(d.file.name)} (${count(d.file.size, 'byte')})`,
    'upload/fileRemoved': (_d, { who }) => `${who} removed the chosen file`,
    'upload/tableNameTyped': (d, { who }) => `${who} named the table ${quote(d.tableName)}`,
    'upload/delimiterChosen': (d, { who }) => `${who} chose the delimiter ${quote(d.delimiter)}`,
    'upload/headerRowChosen': (d, { who }) => `${who} chose ${headerWords(d.headerRow)}`,
    'upload/ifExistsChosen': (d, { who }) => `${who} chose to ${MODE_WORDS[d.mode]} if the table exists`,
    'upload/columnsInferred': (d, { who }) =>
      `${count(d.columns.length, 'column')} were proposed to ${who} from ${quote(d.fileName)}`,
    'upload/columnsInferenceFailed': (d, { who }) =>
      `reading the columns of ${quote(d.fileName)} failed for ${who}: ${quote(d.message)}`,
    'upload/columnTypeChosen': (d, { who }) => `${who} made the column ${quote(d.name)} ${d.columnType}`,
    'upload/uploadStarted': (d, { who }) =>
      `${who} started uploading ${quote(d.fileName)} into ${quote(`${d.schema}.${d.tableName}`)}`,
    'upload/uploadProgressed': (d, { who }) => `${Math.round(d.fraction * 100)}% of ${who}'s file was sent`,
    'upload/uploadFinished': (d, { who }) =>
      `${count(d.result.rows, 'row')} of ${who}'s file were loaded into ${quote(d.result.table_name)}`,
    'upload/uploadFailed': (d, { who }) => `${who}'s upload failed: ${quote(d.message)}`,
    'upload/anotherUploadBegun': (_d, { who }) => `${who} began another upload`,
  },
});
