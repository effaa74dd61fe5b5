/** The rows of an uploaded file as text cells, read as the file streams in: CSV or the first Excel sheet. */
import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { csvRows } from './csv-rows';
import type { UploadRequest } from './upload-request';

export function fileRows(file: Readable, request: Pick<UploadRequest, 'type' | 'delimiter'>): AsyncIterable<string[]> {
  return request.type === 'excel' ? excelRows(file) : csvRows(file, request.delimiter);
}

async function* excelRows(file: Readable): AsyncGenerator<string[]> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache', // date cells are known by their number format
    entries: 'ignore',
  });
  for await (const sheet of reader) {
    let width = 0;
    for await (const row of sheet) {
      const values = (row as ExcelJS.Row).values as unknown[];
      // Array.from, not map: exceljs leaves empty cells as holes, which map keeps and flat() later drops.
      const cells = Array.from(values.slice(1), cellText);
      width = Math.max(width, cells.length);
      while (cells.length < width) cells.push('');
      yield cells;
    }
    // Only the first sheet; the rest of the file is still read through so the request ends.
    break;
  }
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  // A date without a time of day (Excel stores dates as midnight) reads as a date, so it infers as one.
  if (value instanceof Date && value.getTime() % 86_400_000 === 0) return value.toISOString().slice(0, 10);
  if (value instanceof Date)
    return value
      .toISOString()
      .replace('T', ' ')
      .replace(/\.000Z$|Z$/, '');
  if (typeof value === 'object') {
    const v = value as { result?: unknown; text?: unknown; richText?: { text: string }[] };
    if (v.richText) return v.richText.map((r) => r.text).join('');
    if (v.text !== undefined) return String(v.text);
    if (v.result !== undefined) return cellText(v.result);
    return '';
  }
  return String(value);
}
