/**
 * RFC 4180 CSV: quoted fields may hold commas, quotes ("") and line breaks. The first row names the
 * columns; an empty field is a missing value (null), as in the vega-datasets files.
 */
export function parseCsv(text: string): Record<string, string | null>[] {
  const records = csvRecords(text.replace(/^\uFEFF/, ''));
  const header = records.shift();
  if (!header) return [];
  return records
    .filter((fields) => !(fields.length === 1 && fields[0] === ''))
    .map((fields) => {
      const row: Record<string, string | null> = {};
      header.forEach((name, i) => {
        const value = fields[i];
        row[name] = value === undefined || value === '' ? null : value;
      });
      return row;
    });
}

export function csvRecords(text: string): string[][] {
  const records: string[][] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else {
          quoted = false;
        }
      } else {
        field += c;
      }
    } else if (c === '"' && field === '') {
      quoted = true;
    } else if (c === ',') {
      fields.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      fields.push(field);
      records.push(fields);
      fields = [];
      field = '';
    } else {
      field += c;
    }
  }
  if (field !== '' || fields.length > 0) {
    fields.push(field);
    records.push(fields);
  }
  return records;
}
