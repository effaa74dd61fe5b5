/**
 * The first rows of a CSV, read in the browser from the file's first 64 KB: the upload form proposes
 * their columns and types (libs/domain `inferUploadColumns`, the server's rules for an Excel file too).
 */

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
