/**
 * The column names and types the upload form proposes, from the first rows of a CSV (read from the
 * file's first 64 KB in the browser; the user edits the types before the upload).
 */
import type { ColumnType } from './upload-request';

export const PREVIEW_BYTES = 64 * 1024;

/** Rows of a CSV text; the last line is dropped when the text was cut (it may be incomplete). */
export function previewRows(text: string, delimiter: string, cut: boolean): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === delimiter) {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (!cut && (field !== '' || row.length > 0)) rows.push([...row, field]);
  return rows.filter((r) => !(r.length === 1 && r[0] === ''));
}

const CHECKS: [ColumnType, RegExp][] = [
  ['integer', /^[-+]?\d+$/],
  ['float', /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/],
  ['boolean', /^(true|false)$/i],
  ['date', /^\d{4}-\d{2}-\d{2}$/],
  ['timestamp', /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/],
];

/** The narrowest type every non-empty value fits (an integer column with one decimal is float). */
export function inferType(values: string[]): ColumnType {
  const present = values.map((v) => v.trim()).filter((v) => v !== '');
  if (present.length === 0) return 'text';
  for (const [type, pattern] of CHECKS) if (present.every((v) => pattern.test(v))) return type;
  if (present.every((v) => CHECKS[0][1].test(v) || CHECKS[1][1].test(v))) return 'float';
  return 'text';
}

export interface PreviewColumn {
  name: string;
  type: ColumnType;
}

export function inferColumns(rows: string[][], headerRow: number | null): PreviewColumn[] {
  const header = headerRow === null ? null : rows[headerRow];
  const body = rows.slice(headerRow === null ? 0 : headerRow + 1);
  const width = header?.length ?? body[0]?.length ?? 0;
  return Array.from({ length: width }, (_, i) => ({
    name: header ? header[i].trim() || `column_${i + 1}` : `column_${i + 1}`,
    type: inferType(body.map((r) => r[i] ?? '')),
  }));
}
