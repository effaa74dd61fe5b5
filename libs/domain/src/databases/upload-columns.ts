/**
 * The columns an upload proposes (issue 15 item 3: "column types (inferred, editable)"): their names as
 * the server's load names them, and the narrowest type every value of the first rows fits. One rule for
 * both file types: the browser reads a CSV's first 64 KB itself; an Excel file is a zip it cannot cut,
 * so the server reads its first rows (`POST /api/v1/database/upload_metadata/`) with the same rules.
 */

export const UPLOAD_COLUMN_TYPES = ['text', 'integer', 'float', 'boolean', 'date', 'timestamp'] as const;
export type UploadColumnType = (typeof UPLOAD_COLUMN_TYPES)[number];

export interface UploadColumn {
  name: string;
  type: UploadColumnType;
}

const CHECKS: [UploadColumnType, RegExp][] = [
  ['integer', /^[-+]?\d+$/],
  ['float', /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/],
  ['boolean', /^(true|false)$/i],
  ['date', /^\d{4}-\d{2}-\d{2}$/],
  ['timestamp', /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/],
];

/** The narrowest type every non-empty value fits (an integer column with one decimal is float). */
export function inferColumnType(values: readonly string[]): UploadColumnType {
  const present = values.map((v) => v.trim()).filter((v) => v !== '');
  if (present.length === 0) return 'text';
  for (const [type, pattern] of CHECKS) if (present.every((v) => pattern.test(v))) return type;
  if (present.every((v) => CHECKS[0][1].test(v) || CHECKS[1][1].test(v))) return 'float';
  if (present.every((v) => CHECKS[3][1].test(v) || CHECKS[4][1].test(v))) return 'timestamp';
  return 'text';
}

/** The table's column names from a header row, as the server's load makes them: blank and repeated ones renamed. */
export function uploadColumnNames(header: readonly string[]): string[] {
  const seen = new Set<string>();
  return header.map((raw, i) => {
    let name = raw.trim() || `column_${i + 1}`;
    while (seen.has(name)) name = `${name}_`;
    seen.add(name);
    return name;
  });
}

/** The columns of the first rows of a file: named by the header row (from 0; null: none), typed by the rest. */
export function inferUploadColumns(rows: readonly (readonly string[])[], headerRow: number | null): UploadColumn[] {
  const header = headerRow === null ? null : rows[headerRow];
  const body = rows.slice(headerRow === null ? 0 : headerRow + 1);
  const width = header?.length ?? body[0]?.length ?? 0;
  const names = uploadColumnNames(header ? [...header] : Array.from({ length: width }, () => ''));
  return names.map((name, i) => ({ name, type: inferColumnType(body.map((r) => r[i] ?? '')) }));
}
