/**
 * The "Upload file to database" page (`/upload/`, issue 15 item 3) as the facts of its log: what the
 * server answered (the databases, their schemas, the columns of an Excel file, the load's end) and
 * each gesture of the form, one past-tense intent each (no setter, no bag of changes).
 *
 * The chosen File itself is not in the log: a File is a handle on the user's disk, not a value that can
 * be serialised, exported or replayed. The log records its name, size and media type; the page's
 * feature holds the handle aside to read its first rows and to send it.
 */
import type { EventLike } from '@strata/events';
import type { UploadColumn, UploadColumnType } from '../../upload-columns';

/** A database as the page offers it: every one the user may read, those refusing uploads disabled. */
export interface UploadTarget {
  id: number;
  database_name: string;
  /** `allow_file_upload` as `/api/v1/database/` answers it (the server refuses an upload without it). */
  allowsUpload: boolean;
  /** `extra.schemas_allowed_for_file_upload`: empty means any schema. */
  uploadSchemas: string[];
}

export type UploadFileType = 'csv' | 'excel';
export type IfTableExists = 'fail' | 'replace' | 'append';

/** What the log keeps of the chosen file (never its content or handle). */
export interface ChosenFile {
  name: string;
  size: number;
  mediaType: string;
  fileType: UploadFileType;
}

/** `POST /api/v1/database/{id}/upload/`'s answer. */
export interface UploadedTable {
  database_id: number;
  schema: string | null;
  table_name: string;
  rows: number;
  dataset_id: number;
}

export const UPLOAD_DATABASES_LOADED = 'upload/databasesLoaded' as const;
export const UPLOAD_DATABASES_LOAD_FAILED = 'upload/databasesLoadFailed' as const;
export const UPLOAD_DATABASE_CHOSEN = 'upload/databaseChosen' as const;
export const UPLOAD_SCHEMAS_LOADED = 'upload/schemasLoaded' as const;
export const UPLOAD_SCHEMA_CHOSEN = 'upload/schemaChosen' as const;
export const UPLOAD_FILE_CHOSEN = 'upload/fileChosen' as const;
export const UPLOAD_FILE_REMOVED = 'upload/fileRemoved' as const;
export const UPLOAD_TABLE_NAME_TYPED = 'upload/tableNameTyped' as const;
export const UPLOAD_DELIMITER_CHOSEN = 'upload/delimiterChosen' as const;
export const UPLOAD_HEADER_ROW_CHOSEN = 'upload/headerRowChosen' as const;
export const UPLOAD_IF_EXISTS_CHOSEN = 'upload/ifExistsChosen' as const;
export const UPLOAD_COLUMNS_INFERRED = 'upload/columnsInferred' as const;
export const UPLOAD_COLUMNS_INFERENCE_FAILED = 'upload/columnsInferenceFailed' as const;
export const UPLOAD_COLUMN_TYPE_CHOSEN = 'upload/columnTypeChosen' as const;
export const UPLOAD_STARTED = 'upload/uploadStarted' as const;
export const UPLOAD_PROGRESSED = 'upload/uploadProgressed' as const;
export const UPLOAD_FINISHED = 'upload/uploadFinished' as const;
export const UPLOAD_FAILED = 'upload/uploadFailed' as const;
export const UPLOAD_ANOTHER_BEGUN = 'upload/anotherUploadBegun' as const;

/** Which reading of the file the columns belong to: an answer for an older reading is not applied. */
export interface InferenceKey {
  fileName: string;
  delimiter: string;
  headerRow: number | null;
}

export type UploadEvent =
  | EventLike<typeof UPLOAD_DATABASES_LOADED, { databases: UploadTarget[] }>
  | EventLike<typeof UPLOAD_DATABASES_LOAD_FAILED, { message: string }>
  | EventLike<typeof UPLOAD_DATABASE_CHOSEN, { databaseId: number }>
  | EventLike<typeof UPLOAD_SCHEMAS_LOADED, { databaseId: number; schemas: string[] }>
  | EventLike<typeof UPLOAD_SCHEMA_CHOSEN, { schema: string }>
  | EventLike<typeof UPLOAD_FILE_CHOSEN, { file: ChosenFile }>
  | EventLike<typeof UPLOAD_FILE_REMOVED, Record<string, never>>
  | EventLike<typeof UPLOAD_TABLE_NAME_TYPED, { tableName: string }>
  | EventLike<typeof UPLOAD_DELIMITER_CHOSEN, { delimiter: string }>
  /** The header's row number from 0, or null: the file has no header. */
  | EventLike<typeof UPLOAD_HEADER_ROW_CHOSEN, { headerRow: number | null }>
  | EventLike<typeof UPLOAD_IF_EXISTS_CHOSEN, { mode: IfTableExists }>
  | EventLike<typeof UPLOAD_COLUMNS_INFERRED, InferenceKey & { columns: UploadColumn[] }>
  | EventLike<typeof UPLOAD_COLUMNS_INFERENCE_FAILED, InferenceKey & { message: string }>
  | EventLike<typeof UPLOAD_COLUMN_TYPE_CHOSEN, { index: number; name: string; columnType: UploadColumnType }>
  | EventLike<
      typeof UPLOAD_STARTED,
      { databaseId: number; schema: string; tableName: string; fileName: string; fileType: UploadFileType }
    >
  /** The fraction of the file sent (0..1). */
  | EventLike<typeof UPLOAD_PROGRESSED, { fraction: number }>
  | EventLike<typeof UPLOAD_FINISHED, { result: UploadedTable }>
  | EventLike<typeof UPLOAD_FAILED, { message: string }>
  | EventLike<typeof UPLOAD_ANOTHER_BEGUN, Record<string, never>>;

/** The file's type by its name: .xlsx (and .xls) are Excel, anything else is read as CSV. */
export const uploadFileTypeOf = (name: string): UploadFileType => (/\.xlsx?$/i.test(name) ? 'excel' : 'csv');

/** The table name proposed for a file: its name without extension, as an identifier. */
export const tableNameOf = (fileName: string): string =>
  fileName
    .replace(/\.[^.]*$/, '')
    .replace(/\W+/g, '_')
    .replace(/^(\d)/, '_$1') // the server's table names start with a letter or _
    .slice(0, 63)
    .toLowerCase();

/** Why the server would refuse an upload into this database, said before the form is filled. */
export const NO_FILE_UPLOAD = 'This database does not allow file uploads.';
