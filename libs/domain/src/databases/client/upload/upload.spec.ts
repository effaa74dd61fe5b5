import { unreadableSummaries, type SummarySamples } from '../../../audit/testing/readable';
import { inferColumnType, inferUploadColumns } from '../../upload-columns';
import { NO_FILE_UPLOAD, type UploadEvent, type UploadTarget } from './upload.events';
import {
  inferenceKey,
  initialUploadState,
  mayUpload,
  uploadFold,
  uploadRefusal,
  type UploadState,
} from './upload.fold';
import { uploadSummaries } from './upload.summaries';

const fold = (events: UploadEvent[], state: UploadState = initialUploadState()) =>
  events.reduce(uploadFold.evolve, state);

const examples: UploadTarget = { id: 1, database_name: 'examples', allowsUpload: false, uploadSchemas: [] };
const warehouse: UploadTarget = { id: 3, database_name: 'warehouse', allowsUpload: true, uploadSchemas: ['uploads'] };
const csv = { name: 'Sales 2024.csv', size: 120, mediaType: 'text/csv', fileType: 'csv' as const };

describe('the upload page fold', () => {
  it('given the databases, chooses the first that takes uploads and offers only its allowed schemas', () => {
    const state = fold([
      { type: 'upload/databasesLoaded', data: { databases: [examples, warehouse] } },
      { type: 'upload/schemasLoaded', data: { databaseId: 3, schemas: ['public', 'uploads', 'private'] } },
    ]);
    expect([state.databaseId, state.schemas, state.schema]).toEqual([3, ['uploads'], 'uploads']);
    expect(uploadRefusal(state)).toBeNull();
  });

  it('says before the form is filled that a database refuses uploads (a link chose it), and never lets it be sent', () => {
    const state = fold([
      { type: 'upload/databaseChosen', data: { databaseId: 1 } },
      { type: 'upload/databasesLoaded', data: { databases: [examples, warehouse] } },
      { type: 'upload/fileChosen', data: { file: csv } },
    ]);
    expect(state.databaseId).toBe(1);
    expect(uploadRefusal(state)).toBe(NO_FILE_UPLOAD);
    expect(mayUpload(state)).toBe(false);
    expect(mayUpload(fold([{ type: 'upload/databaseChosen', data: { databaseId: 3 } }], state))).toBe(true);
  });

  it('proposes the table name from the file until the user types one; applies columns of the current reading only', () => {
    const chosen = fold([
      { type: 'upload/databasesLoaded', data: { databases: [warehouse] } },
      { type: 'upload/fileChosen', data: { file: csv } },
    ]);
    expect(chosen.tableName).toBe('sales_2024');
    expect(chosen.inference.status).toBe('reading');
    const key = inferenceKey(chosen)!;
    const stale = fold(
      [
        { type: 'upload/delimiterChosen', data: { delimiter: ';' } },
        { type: 'upload/columnsInferred', data: { ...key, columns: [{ name: 'a;b', type: 'text' }] } },
      ],
      chosen,
    );
    expect(stale.columns).toEqual([]);
    const read = fold(
      [
        {
          type: 'upload/columnsInferred',
          data: {
            ...inferenceKey(stale)!,
            columns: [
              { name: 'city', type: 'text' },
              { name: 'qty', type: 'integer' },
            ],
          },
        },
        { type: 'upload/columnTypeChosen', data: { index: 1, name: 'qty', columnType: 'float' } },
        { type: 'upload/tableNameTyped', data: { tableName: 'sales' } },
        { type: 'upload/fileChosen', data: { file: { ...csv, name: 'other.csv' } } },
      ],
      stale,
    );
    expect(read.tableName).toBe('sales');
    expect(read.columns).toEqual([]); // the other file is being read
    const typed = fold(
      [
        {
          type: 'upload/columnsInferred',
          data: { ...inferenceKey(read)!, columns: [{ name: 'qty', type: 'integer' }] },
        },
        { type: 'upload/columnTypeChosen', data: { index: 0, name: 'qty', columnType: 'float' } },
      ],
      read,
    );
    expect(typed.columns).toEqual([{ name: 'qty', type: 'float' }]);
  });

  it('shows the progress, then the result; another upload keeps the database and drops the file', () => {
    const result = { database_id: 3, schema: 'uploads', table_name: 'sales', rows: 2, dataset_id: 17 };
    const sending = fold([
      { type: 'upload/databasesLoaded', data: { databases: [warehouse] } },
      { type: 'upload/fileChosen', data: { file: csv } },
      {
        type: 'upload/uploadStarted',
        data: { databaseId: 3, schema: 'uploads', tableName: 'sales', fileName: csv.name, fileType: 'csv' },
      },
      { type: 'upload/uploadProgressed', data: { fraction: 0.42 } },
    ]);
    expect(sending.phase).toEqual({ kind: 'sending', fraction: 0.42 });
    expect(mayUpload(sending)).toBe(false);
    const again = fold(
      [
        { type: 'upload/uploadFinished', data: { result } },
        { type: 'upload/anotherUploadBegun', data: {} },
      ],
      sending,
    );
    expect([again.databaseId, again.file, again.tableName, again.phase]).toEqual([3, null, '', { kind: 'editing' }]);
  });
});

describe('the columns an upload proposes', () => {
  it('types each column by the narrowest type of its values, named as the server names them', () => {
    expect(inferColumnType(['1', '-2', ''])).toBe('integer');
    expect(inferColumnType(['1', '2.5'])).toBe('float');
    expect(inferColumnType(['2024-01-02', '2024-01-02 10:00'])).toBe('timestamp');
    expect(inferColumnType(['TRUE', 'false'])).toBe('boolean');
    expect(inferColumnType(['x', '1'])).toBe('text');
    expect(
      inferUploadColumns(
        [
          ['id', '', 'id'],
          ['1', '2024-01-02', 'a'],
        ],
        0,
      ),
    ).toEqual([
      { name: 'id', type: 'integer' },
      { name: 'column_2', type: 'date' },
      { name: 'id_', type: 'text' },
    ]);
    expect(inferUploadColumns([['1', 'x']], null).map((c) => c.name)).toEqual(['column_1', 'column_2']);
  });
});

describe('the upload page summaries', () => {
  it('reads every event type', () => {
    const key = { fileName: 'sales.xlsx', delimiter: ',', headerRow: 0 };
    const samples: SummarySamples<UploadEvent> = {
      'upload/databasesLoaded': { databases: [examples, warehouse] },
      'upload/databasesLoadFailed': { message: 'Forbidden' },
      'upload/databaseChosen': { databaseId: 3 },
      'upload/schemasLoaded': { databaseId: 3, schemas: ['public'] },
      'upload/schemaChosen': { schema: 'public' },
      'upload/fileChosen': { file: csv },
      'upload/fileRemoved': {},
      'upload/tableNameTyped': { tableName: 'sales' },
      'upload/delimiterChosen': { delimiter: ';' },
      'upload/headerRowChosen': { headerRow: null },
      'upload/ifExistsChosen': { mode: 'append' },
      'upload/columnsInferred': { ...key, columns: [{ name: 'qty', type: 'integer' }] },
      'upload/columnsInferenceFailed': { ...key, message: 'Not an Excel file.' },
      'upload/columnTypeChosen': { index: 0, name: 'qty', columnType: 'float' },
      'upload/uploadStarted': {
        databaseId: 3,
        schema: 'public',
        tableName: 'sales',
        fileName: 'sales.csv',
        fileType: 'csv',
      },
      'upload/uploadProgressed': { fraction: 0.5 },
      'upload/uploadFinished': {
        result: { database_id: 3, schema: 'public', table_name: 'sales', rows: 2, dataset_id: 7 },
      },
      'upload/uploadFailed': { message: 'Table public.sales already exists.' },
      'upload/anotherUploadBegun': {},
    };
    expect(unreadableSummaries(uploadSummaries, samples)).toEqual([]);
  });
});
