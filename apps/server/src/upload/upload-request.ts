/**
 * The form fields of `POST /api/v1/database/{id}/upload/` (Superset's names), checked before a byte of
 * the file is read: each refusal is a 400 naming its field (`extra.field`).
 */
import { StrataHttpException } from '../common/error-body';
import { UPLOAD_TYPES, type UploadType } from './column-types';

export type ExistsMode = 'fail' | 'replace' | 'append';

export interface UploadRequest {
  type: 'csv' | 'excel';
  table_name: string;
  schema: string | null;
  delimiter: string;
  /** Index of the header among the file's rows; null: no header, columns are named column_1, column_2... */
  header_row: number | null;
  already_exists: ExistsMode;
  /** Types the user chose by column name; a column not named is text. */
  column_types: Record<string, UploadType>;
}

export const fieldError = (field: string, message: string, status = 400) =>
  new StrataHttpException(status, 'INVALID_PAYLOAD_SCHEMA_ERROR', message, { field });

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

/*
 * How the file is read (its type, a CSV's delimiter, the header row): the same fields, checked alike, for
 * the upload and for upload_metadata's first columns (upload-metadata.ts).
 */
export function fileTypeOf(fields: Record<string, string>): UploadRequest['type'] {
  const type = fields.type ?? 'csv';
  if (type !== 'csv' && type !== 'excel') throw fieldError('type', 'type must be csv or excel.');
  return type;
}

export function delimiterOf(fields: Record<string, string>, type: UploadRequest['type']): string {
  const delimiter = fields.delimiter ?? ',';
  if (type === 'csv' && (delimiter.length !== 1 || /["\r\n]/.test(delimiter)))
    throw fieldError('delimiter', 'The delimiter must be one character (not a quote or a line break).');
  return delimiter;
}

export function headerRowOf(fields: Record<string, string>): number | null {
  const header = (fields.header_row ?? '0').trim();
  const header_row = header === '' || header.toLowerCase() === 'none' ? null : Number(header);
  if (header_row !== null && !(Number.isInteger(header_row) && header_row >= 0 && header_row < 1000))
    throw fieldError('header_row', 'The header row is a row number from 0, or empty for none.');
  return header_row;
}

export function parseUploadFields(fields: Record<string, string>): UploadRequest {
  const type = fileTypeOf(fields);
  const table = (fields.table_name ?? '').trim();
  if (!IDENTIFIER.test(table))
    throw fieldError('table_name', 'Table name: letters, digits and _ (not first), at most 63 characters.');
  const schema = (fields.schema ?? '').trim() || null;
  if (schema !== null && !IDENTIFIER.test(schema)) throw fieldError('schema', 'Not a valid schema name.');
  const delimiter = delimiterOf(fields, type);
  const header_row = headerRowOf(fields);
  const mode = fields.already_exists ?? 'fail';
  if (mode !== 'fail' && mode !== 'replace' && mode !== 'append')
    throw fieldError('already_exists', 'already_exists must be fail, replace or append.');
  return { type, table_name: table, schema, delimiter, header_row, already_exists: mode, column_types: types(fields) };
}

function types(fields: Record<string, string>): Record<string, UploadType> {
  if (!fields.column_types) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(fields.column_types);
  } catch {
    throw fieldError('column_types', 'column_types must be a JSON object of column name to type.');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw fieldError('column_types', 'column_types must be a JSON object of column name to type.');
  for (const [name, t] of Object.entries(parsed))
    if (!(UPLOAD_TYPES as readonly unknown[]).includes(t))
      throw fieldError(
        'column_types',
        `Column ${name}: unknown type ${JSON.stringify(t)} (${UPLOAD_TYPES.join(', ')}).`,
      );
  return parsed as Record<string, UploadType>;
}

/** UPLOAD_MAX_MB (README configuration): the largest file accepted, default 100 MB. */
export function uploadMaxBytes(): number {
  const mb = Number(process.env.UPLOAD_MAX_MB ?? '100');
  return Math.round((Number.isFinite(mb) && mb > 0 ? mb : 100) * 1024 * 1024);
}

export const tooLarge = (limit: number) =>
  new StrataHttpException(
    413,
    'INVALID_PAYLOAD_FORMAT_ERROR',
    `The file is larger than the upload limit of ${Math.round((limit / 1024 / 1024) * 100) / 100} MB.`,
    { field: 'file' },
  );
