/**
 * CSV and XLSX downloads of chart data (result_format csv / xlsx): the first query's rows, headers
 * through the dataset's verbose map. CSV quotes what needs quoting (RFC 4180); XLSX keeps numbers as
 * numbers and writes one sheet per query.
 */
import ExcelJS from 'exceljs';

export interface Table {
  colnames: string[];
  data: Record<string, unknown>[];
}

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(table: Table, verboseMap: Record<string, string>): string {
  const lines = [table.colnames.map((c) => cell(verboseMap[c] ?? c)).join(',')];
  for (const row of table.data) lines.push(table.colnames.map((c) => cell(row[c])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

export async function toXlsx(tables: Table[], verboseMap: Record<string, string>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  tables.forEach((table, i) => {
    const sheet = workbook.addWorksheet(tables.length === 1 ? 'Sheet1' : `Query ${i + 1}`);
    sheet.addRow(table.colnames.map((c) => verboseMap[c] ?? c));
    for (const row of table.data) {
      sheet.addRow(
        table.colnames.map((c) => {
          const v = row[c];
          return v === null || v === undefined
            ? null
            : typeof v === 'object'
              ? JSON.stringify(v)
              : (v as string | number | boolean);
        }),
      );
    }
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
