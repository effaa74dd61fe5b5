/**
 * A streaming CSV reader (RFC 4180: quoted fields, doubled quotes, CRLF or LF) that yields one row of
 * fields at a time from text chunks, so an upload is never held in memory whole. No dependency: the
 * format is small and the upload needs only rows of strings.
 */
export async function* csvRows(chunks: AsyncIterable<string | Buffer>, delimiter: string): AsyncGenerator<string[]> {
  let field = '';
  let row: string[] = [];
  let quoted = false;
  /** A quote just closed a quoted part: a second quote right after is a literal one. */
  let quoteClosed = false;
  let pendingCr = false;
  for await (const raw of chunks) {
    const chunk = typeof raw === 'string' ? raw : raw.toString('utf8');
    const complete: string[][] = [];
    for (let i = 0; i < chunk.length; i++) {
      const ch = chunk[i];
      if (quoted) {
        if (ch === '"') {
          quoted = false;
          quoteClosed = true;
        } else field += ch;
        continue;
      }
      if (pendingCr && ch !== '\n') pendingCr = false;
      if (ch === '"') {
        if (quoteClosed) field += '"';
        quoted = true;
        quoteClosed = false;
        continue;
      }
      quoteClosed = false;
      if (ch === delimiter) {
        row.push(field);
        field = '';
      } else if (ch === '\r') {
        row.push(field);
        complete.push(row);
        row = [];
        field = '';
        pendingCr = true;
      } else if (ch === '\n') {
        if (pendingCr) {
          pendingCr = false;
          continue;
        }
        row.push(field);
        complete.push(row);
        row = [];
        field = '';
      } else field += ch;
    }
    for (const r of complete) if (!isBlank(r)) yield r;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    if (!isBlank(row)) yield row;
  }
}

const isBlank = (row: string[]) => row.length === 1 && row[0] === '';
