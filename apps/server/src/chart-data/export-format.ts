/**
 * CSV and XLSX downloads of chart data (result_format csv / xlsx): the first query's rows, headers
 * through the dataset's verbose map, dates as readable text (not the JSON answer's epoch ms). CSV quotes what needs quoting (RFC 4180); XLSX keeps numbers as
 * numbers and writes one sheet per query.
 */
import ExcelJS from 'exceljs';

export interface Table {
  colnames: string[];
  /** GenericDataType per column; temporal (2) values are epoch ms in JSON answers. */
  coltypes?: number[];
  data: Record<string, unknown>[];
}

const TEMPORAL = 2;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * The table with its temporal columns (epoch ms in JSON) as the text pandas' to_csv writes for a datetime
 * column, which Superset's CSV and reports show: 'YYYY-MM-DD' when every value of the column is a UTC
 * midnight, else 'YYYY-MM-DD HH:MM:SS' (with '.mmm' when a value has milliseconds).
 */
export function withReadableDates(table: Table): Table {
  const temporal = table.colnames.filter((_, i) => table.coltypes?.[i] === TEMPORAL);
  if (temporal.length === 0) return table;
  const formats = new Map(
    temporal.map((c) => {
      const values = table.data.map((r) => r[c]).filter((v): v is number => typeof v === 'number');
      const datesOnly = values.every((v) => v % 86_400_000 === 0);
      const millis = values.some((v) => v % 1000 !== 0);
      return [c, (ms: number) => readableDate(ms, datesOnly, millis)] as const;
    }),
  );
  const data = table.data.map((row) => {
    const out = { ...row };
    for (const [c, format] of formats) if (typeof row[c] === 'number') out[c] = format(row[c]);
    return out;
  });
  return { ...table, data };
}

function readableDate(ms: number, datesOnly: boolean, millis: boolean): string {
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) return String(ms);
  const date = `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  if (datesOnly) return date;
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  return `${date} ${time}${millis ? `.${pad(d.getUTCMilliseconds(), 3)}` : ''}`;
}

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(given: Table, verboseMap: Record<string, string>): string {
  const table = withReadableDates(given);
  const lines = [table.colnames.map((c) => cell(verboseMap[c] ?? c)).join(',')];
  for (const row of table.data) lines.push(table.colnames.map((c) => cell(row[c])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

export async function toXlsx(tables: Table[], verboseMap: Record<string, string>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  tables.forEach((given, i) => {
    const table = withReadableDates(given);
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
