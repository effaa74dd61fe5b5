/**
 * `POST /api/v1/database/upload_metadata/` (Superset's name): the columns of a file's first rows and the
 * type each would be loaded as, for the upload form to propose before the upload (issue 15 item 3:
 * "column types (inferred, editable)"). The browser reads a CSV's first 64 KB itself; an Excel file is a
 * zip whose sheet it cannot reach without the whole archive, so it is sent here and read with the same
 * exceljs streaming reader as the load, the same inference rules as the browser's (libs/domain
 * `upload-columns.ts`). Only the first rows are read; the rest of the request is drained unread.
 */
import { inferUploadColumns, type UploadColumn } from '@strata/domain';
import { delimiterOf, fieldError, fileTypeOf, headerRowOf, type UploadRequest } from './upload-request';

/** Rows read past the header to infer the types (as many as the browser sees of a CSV, about). */
export const METADATA_ROWS = 1000;

export interface MetadataRequest {
  type: UploadRequest['type'];
  delimiter: string;
  header_row: number | null;
}

/** The fields that say how to read the file, checked as the upload checks them (upload-request.ts). */
export function parseMetadataFields(fields: Record<string, string>): MetadataRequest {
  const type = fileTypeOf(fields);
  return { type, delimiter: delimiterOf(fields, type), header_row: headerRowOf(fields) };
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
