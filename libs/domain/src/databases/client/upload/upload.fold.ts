/**
 * The upload page's state: the fold of its log (upload.events.ts). Pure and total; the table name a
 * file proposes is derived here from the file's name, never from a clock or the file's content.
 */
import { leaveUnchanged as unchanged } from '../../../shared/exhaustive';
import type { UploadColumn } from '../../upload-columns';
import {
  NO_FILE_UPLOAD,
  tableNameOf,
  type ChosenFile,
  type IfTableExists,
  type InferenceKey,
  type UploadedTable,
  type UploadEvent,
  type UploadTarget,
} from './upload.events';

export type UploadPhase =
  | { kind: 'editing' }
  | { kind: 'sending'; fraction: number }
  | { kind: 'done'; result: UploadedTable }
  | { kind: 'failed'; message: string };

export interface UploadState {
  /** null until the list arrives. */
  databases: readonly UploadTarget[] | null;
  loadError: string | null;
  databaseId: number | null;
  /** The chosen database's schemas the upload may go into (its allowed ones, when it names some). */
  schemas: readonly string[];
  schema: string;
  file: ChosenFile | null;
  tableName: string;
  /** The user typed the table name: a new file no longer proposes its own. */
  tableNameTyped: boolean;
  delimiter: string;
  headerRow: number | null;
  ifExists: IfTableExists;
  /** The file's columns and their types (inferred, then as the user chose them). */
  columns: readonly UploadColumn[];
  inference: { status: 'idle' | 'reading' | 'read' } | { status: 'failed'; message: string };
  phase: UploadPhase;
}

export const initialUploadState = (): UploadState => ({
  databases: null,
  loadError: null,
  databaseId: null,
  schemas: [],
  schema: '',
  file: null,
  tableName: '',
  tableNameTyped: false,
  delimiter: ',',
  headerRow: 0,
  ifExists: 'fail',
  columns: [],
  inference: { status: 'idle' },
  phase: { kind: 'editing' },
});

/** The chosen database as offered, if the list knows it. */
export const chosenTarget = (state: UploadState): UploadTarget | null =>
  state.databases?.find((d) => d.id === state.databaseId) ?? null;

/** Why no file may be uploaded into the chosen database (said before the form is filled), or null. */
export function uploadRefusal(state: UploadState): string | null {
  const target = chosenTarget(state);
  return target && !target.allowsUpload ? NO_FILE_UPLOAD : null;
}

/** The reading of the file whose columns the form waits for, or null when there is no file. */
export const inferenceKey = (state: UploadState): InferenceKey | null =>
  state.file ? { fileName: state.file.name, delimiter: state.delimiter, headerRow: state.headerRow } : null;

const sameKey = (a: InferenceKey | null, b: InferenceKey) =>
  a !== null && a.fileName === b.fileName && a.delimiter === b.delimiter && a.headerRow === b.headerRow;

/** The form can be sent: a file, a database that takes uploads, a table name, and nothing in flight. */
export const mayUpload = (state: UploadState): boolean =>
  state.file !== null &&
  chosenTarget(state)?.allowsUpload === true &&
  state.tableName.trim() !== '' &&
  state.phase.kind !== 'sending';

/** A new reading of the file starts: the old columns are dropped until it answers. */
const rereading = (state: UploadState): UploadState =>
  state.file ? { ...state, columns: [], inference: { status: 'reading' } } : state;

function schemaFor(list: readonly string[], current: string): string {
  if (list.includes(current)) return current;
  return list.includes('public') ? 'public' : (list[0] ?? '');
}

export function evolveUpload(state: UploadState, event: UploadEvent): UploadState {
  switch (event.type) {
    case 'upload/databasesLoaded': {
      const list = event.data.databases;
      // A database chosen before the list came (a link's) stays; else the first that takes uploads.
      const kept = list.some((d) => d.id === state.databaseId);
      const databaseId = kept ? state.databaseId : (list.find((d) => d.allowsUpload)?.id ?? null);
      return { ...state, databases: list, loadError: null, databaseId };
    }
    case 'upload/databasesLoadFailed':
      return { ...state, loadError: event.data.message };
    case 'upload/databaseChosen':
      return state.databaseId === event.data.databaseId
        ? state
        : { ...state, databaseId: event.data.databaseId, schemas: [], schema: '' };
    case 'upload/schemasLoaded': {
      if (event.data.databaseId !== state.databaseId) return state;
      const allowed = chosenTarget(state)?.uploadSchemas ?? [];
      const schemas = allowed.length > 0 ? event.data.schemas.filter((s) => allowed.includes(s)) : event.data.schemas;
      return { ...state, schemas, schema: schemaFor(schemas, state.schema) };
    }
    case 'upload/schemaChosen':
      return { ...state, schema: event.data.schema };
    case 'upload/fileChosen': {
      const { file } = event.data;
      const tableName = state.tableNameTyped && state.tableName ? state.tableName : tableNameOf(file.name);
      return rereading({ ...state, file, tableName, phase: { kind: 'editing' } });
    }
    case 'upload/fileRemoved':
      return { ...state, file: null, columns: [], inference: { status: 'idle' } };
    case 'upload/tableNameTyped':
      return { ...state, tableName: event.data.tableName, tableNameTyped: event.data.tableName !== '' };
    case 'upload/delimiterChosen':
      return rereading({ ...state, delimiter: event.data.delimiter });
    case 'upload/headerRowChosen':
      return rereading({ ...state, headerRow: event.data.headerRow });
    case 'upload/ifExistsChosen':
      return { ...state, ifExists: event.data.mode };
    case 'upload/columnsInferred':
      return sameKey(inferenceKey(state), event.data)
        ? { ...state, columns: event.data.columns, inference: { status: 'read' } }
        : state;
    case 'upload/columnsInferenceFailed':
      return sameKey(inferenceKey(state), event.data)
        ? { ...state, columns: [], inference: { status: 'failed', message: event.data.message } }
        : state;
    case 'upload/columnTypeChosen': {
      const { index, name, columnType } = event.data;
      if (state.columns[index]?.name !== name) return state;
      return { ...state, columns: state.columns.map((c, i) => (i === index ? { ...c, type: columnType } : c)) };
    }
    case 'upload/uploadStarted':
      return { ...state, phase: { kind: 'sending', fraction: 0 } };
    case 'upload/uploadProgressed':
      return state.phase.kind === 'sending'
        ? { ...state, phase: { kind: 'sending', fraction: Math.max(0, Math.min(1, event.data.fraction)) } }
        : state;
    case 'upload/uploadFinished':
      return { ...state, phase: { kind: 'done', result: event.data.result } };
    case 'upload/uploadFailed':
      return { ...state, phase: { kind: 'failed', message: event.data.message } };
    case 'upload/anotherUploadBegun':
      // The database, schema and reading options stay; the file and what came of it go.
      return {
        ...state,
        file: null,
        tableName: '',
        tableNameTyped: false,
        columns: [],
        inference: { status: 'idle' },
        phase: { kind: 'editing' },
      };
    default:
      return unchanged(event, state);
  }
}

export const uploadFold = { initialState: initialUploadState, evolve: evolveUpload };
