/**
 * The upload page's store (libs/domain `databases/client/upload`: events and fold) and its effects: the
 * databases and their schemas, the columns of the chosen file (a CSV read here, an Excel file by the
 * server), and the upload with its progress. Effects react to `recorded$`, never to a replayed log.
 */
import { catchError, defer, distinctUntilChanged, EMPTY, filter, map, switchMap, type Subscription } from 'rxjs';
import {
  inferenceKey,
  inferUploadColumns,
  mayUpload,
  uploadFileTypeOf,
  uploadFold,
  type IfTableExists,
  type UploadColumn,
  type UploadColumnType,
  type UploadEvent,
  type UploadState,
  type UploadTarget,
} from '@strata/domain';
import {
  createFeatureStore,
  MAY_LAND_IN_PAST,
  type ClientContext,
  type FeatureStore,
} from '../../shared/feature-store';
import { PREVIEW_BYTES, previewRows } from './csv-preview';
import type { UploadFile } from './upload-request';

export interface UploadApi {
  /** Every database the user may read, with whether it takes uploads. */
  databases(): Promise<UploadTarget[]>;
  schemas(databaseId: number): Promise<string[]>;
  /** The columns of an Excel file's first sheet, typed by the server. */
  excelColumns(file: Blob, headerRow: number | null): Promise<UploadColumn[]>;
  upload: UploadFile;
}

export interface UploadFeature {
  readonly store: FeatureStore<UploadState, UploadEvent>;
  load(): void;
  chooseDatabase(databaseId: number): void;
  chooseSchema(schema: string): void;
  chooseFile(file: File | null): void;
  typeTableName(tableName: string): void;
  chooseDelimiter(delimiter: string): void;
  chooseHeaderRow(headerRow: number | null): void;
  chooseIfExists(mode: IfTableExists): void;
  chooseColumnType(index: number, columnType: UploadColumnType): void;
  start(): void;
  again(): void;
  dispose(): void;
}

const message = (thrown: unknown) => (thrown instanceof Error ? thrown.message : String(thrown));

export function createUpload(context: ClientContext, api: UploadApi): UploadFeature {
  const store = createFeatureStore<UploadState, UploadEvent>('upload', uploadFold, context);
  // The chosen File is a handle on the user's disk, not a value: it cannot be serialised into the log,
  // exported or replayed. The log records its name, size and type (`upload/fileChosen`); the handle is
  // kept here, beside the store, to read its first rows and to send it.
  let file: File | null = null;
  const state = () => store.getState();
  const record = (event: UploadEvent) => store.record([event]);
  const answer = (event: UploadEvent) => store.record([event], MAY_LAND_IN_PAST);
  const recorded = (...types: UploadEvent['type'][]) => store.recorded$.pipe(filter((e) => types.includes(e.type)));

  const readColumns = (chosen: File) => {
    const key = inferenceKey(state());
    if (!key) return EMPTY;
    return defer(async () =>
      uploadFileTypeOf(chosen.name) === 'excel'
        ? api.excelColumns(chosen, key.headerRow)
        : inferUploadColumns(
            previewRows(await readText(chosen.slice(0, PREVIEW_BYTES)), key.delimiter, chosen.size > PREVIEW_BYTES),
            key.headerRow,
          ),
    ).pipe(
      map((columns) => answer({ type: 'upload/columnsInferred', data: { ...key, columns } })),
      catchError((thrown: unknown) => {
        answer({ type: 'upload/columnsInferenceFailed', data: { ...key, message: message(thrown) } });
        return EMPTY;
      }),
    );
  };

  const subscriptions: Subscription[] = [
    // The chosen database's schemas (none asked of a database that refuses uploads).
    recorded('upload/databasesLoaded', 'upload/databaseChosen')
      .pipe(
        map(() => state()),
        map((s) => (s.databases?.find((d) => d.id === s.databaseId)?.allowsUpload ? s.databaseId : null)),
        distinctUntilChanged(),
        switchMap((id) =>
          id === null
            ? EMPTY
            : defer(() => api.schemas(id)).pipe(
                map((schemas) => answer({ type: 'upload/schemasLoaded', data: { databaseId: id, schemas } })),
                catchError(() => EMPTY),
              ),
        ),
      )
      .subscribe(),
    // The columns follow the file, its delimiter and header row; a newer reading wins.
    recorded('upload/fileChosen', 'upload/fileRemoved', 'upload/delimiterChosen', 'upload/headerRowChosen')
      .pipe(switchMap(() => (file ? readColumns(file) : EMPTY)))
      .subscribe(),
    recorded('upload/uploadStarted')
      .pipe(
        switchMap(() => {
          const s = state();
          if (!file || s.databaseId === null) return EMPTY;
          const sent = file;
          let percent = 0;
          const form = {
            databaseId: s.databaseId,
            type: uploadFileTypeOf(sent.name),
            tableName: s.tableName.trim(),
            schema: s.schema,
            delimiter: s.delimiter,
            headerRow: s.headerRow,
            alreadyExists: s.ifExists,
            columnTypes: Object.fromEntries(s.columns.map((c) => [c.name, c.type])),
          };
          return defer(() =>
            api.upload(form, sent, (fraction) => {
              // One fact per percent sent, not one per browser progress tick.
              const now = Math.floor(fraction * 100);
              if (now > percent) {
                percent = now;
                answer({ type: 'upload/uploadProgressed', data: { fraction: now / 100 } });
              }
            }),
          ).pipe(
            map((result) => answer({ type: 'upload/uploadFinished', data: { result } })),
            catchError((thrown: unknown) => {
              answer({ type: 'upload/uploadFailed', data: { message: message(thrown) } });
              return EMPTY;
            }),
          );
        }),
      )
      .subscribe(),
  ];

  return {
    store,
    load: () =>
      void api.databases().then(
        (databases) => answer({ type: 'upload/databasesLoaded', data: { databases } }),
        (thrown: unknown) => answer({ type: 'upload/databasesLoadFailed', data: { message: message(thrown) } }),
      ),
    chooseDatabase: (databaseId) => {
      if (state().databaseId !== databaseId) record({ type: 'upload/databaseChosen', data: { databaseId } });
    },
    chooseSchema: (schema) => record({ type: 'upload/schemaChosen', data: { schema } }),
    chooseFile: (chosen) => {
      file = chosen;
      if (!chosen) return void record({ type: 'upload/fileRemoved', data: {} });
      record({
        type: 'upload/fileChosen',
        data: {
          file: {
            name: chosen.name,
            size: chosen.size,
            mediaType: chosen.type,
            fileType: uploadFileTypeOf(chosen.name),
          },
        },
      });
    },
    typeTableName: (tableName) => record({ type: 'upload/tableNameTyped', data: { tableName } }),
    chooseDelimiter: (delimiter) => record({ type: 'upload/delimiterChosen', data: { delimiter } }),
    chooseHeaderRow: (headerRow) => record({ type: 'upload/headerRowChosen', data: { headerRow } }),
    chooseIfExists: (mode) => record({ type: 'upload/ifExistsChosen', data: { mode } }),
    chooseColumnType: (index, columnType) => {
      const column = state().columns[index];
      if (column && column.type !== columnType)
        record({ type: 'upload/columnTypeChosen', data: { index, name: column.name, columnType } });
    },
    start: () => {
      const s = state();
      if (!mayUpload(s) || !file || s.databaseId === null) return;
      record({
        type: 'upload/uploadStarted',
        data: {
          databaseId: s.databaseId,
          schema: s.schema,
          tableName: s.tableName.trim(),
          fileName: file.name,
          fileType: uploadFileTypeOf(file.name),
        },
      });
    },
    again: () => {
      file = null;
      record({ type: 'upload/anotherUploadBegun', data: {} });
    },
    dispose: () => subscriptions.forEach((s) => s.unsubscribe()),
  };
}

/** FileReader rather than Blob.text(): the same in every browser and in the tests' jsdom. */
function readText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsText(blob);
  });
}
