/**
 * `POST /api/v1/database/upload_metadata/` (Superset's name): the columns of a file's first rows and the
 * type each would be loaded as, for the upload form to propose before the upload (issue 15 item 3:
 * "column types (inferred, editable)"). The browser reads a CSV's first 64 KB itself; an Excel file is a
 * zip whose sheet it cannot reach without the whole archive, so it is sent here and read with the same
 * exceljs streaming reader as the load, the same inference rules as the browser's (libs/domain
 * `upload-columns.ts`). Only the first rows are read; the rest of the request is drained unread.
 */
import { inferUploadColumns, type UploadColumn } from '@strata/domain';
import { fieldError, type UploadRequest } from './upload-request';

/** Rows read past the header to infer the types (as many as the browser sees of a CSV, about). */
export const METADATA_ROWS = 1000;

export interface MetadataRequest {
  type: UploadRequest['type'];
  delimiter: string;
  header_row: number | null;
}

export function parseMetadataFields(fields: Record<string, string>): MetadataRequest {
  const type = fields.type ?? 'csv';
  if (type !== 'csv' && type !== 'excel') throw fieldError('type', 'type must be csv or excel.');
  const delimiter = fields.delimiter ?? ',';
  if (type === 'csv' && (delimiter.length !== 1 || /["\r\n]/.test(delimiter)))
    throw fieldError('delimiter', 'The delimiter must be one character (not a quote or a line break).');
  const header = (fields.header_row ?? '0').trim();
  const header_row = header === '' || header.toLowerCase() === 'none' ? null : Number(header);
  if (header_row !== null && !(Number.isInteger(header_row) && header_row >= 0 && header_row < 1000))
    throw fieldError('header_row', 'The header row is a row number from 0, or empty for none.');
  return { type, delimiter, header_row };
}

/** The columns of the first rows (the header's, then up to METADATA_ROWS more); stops reading there. */
export async function firstColumns(rows: AsyncIterable<string[]>, headerRow: number | null): Promise<UploadColumn[]> {
  const read: string[][] = [];
  const wanted = (headerRow ?? -1) + 1 + METADATA_ROWS;
  for await (const row of rows) {
    read.push(row);
    if (read.length >= wanted) break;
  }
  if (read.length === 0) throw fieldError('file', 'The file has no rows.');
  return inferUploadColumns(read, headerRow);
}
