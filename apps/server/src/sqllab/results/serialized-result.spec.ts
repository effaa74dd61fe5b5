import { deflateSync } from 'node:zlib';
import { CHUNK_ROWS, SerializedResult } from './serialized-result';

const column = { column_name: 'id', name: 'id', type: 'integer', type_generic: 0, is_dttm: false };
const rows = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    text: i % 2 ? 'line\nbreak, "quoted"' : 'plain,\r\ncomma',
    nothing: null,
    nested: { a: [i] },
  }));
const result = (n: number) =>
  SerializedResult.fromRows({ data: rows(n), columns: [column], selected_columns: [column], expanded_columns: [] });

describe('SerializedResult', () => {
  it('cuts the data array at any row count into valid JSON with exactly those rows', () => {
    const r = result(25);
    for (const n of [0, 1, 2, 10, 24, 25, 26, 1000]) {
      expect(JSON.parse(r.dataJson(n).toString())).toEqual(rows(25).slice(0, n));
    }
    expect(r.rowCount).toBe(25);
  });

  it('cuts across chunks: at chunk ends, inside the first and inside later chunks', () => {
    const total = CHUNK_ROWS * 3 + 7;
    const r = result(total);
    const all = rows(total);
    for (const n of [
      1,
      CHUNK_ROWS - 1,
      CHUNK_ROWS,
      CHUNK_ROWS + 1,
      2 * CHUNK_ROWS,
      2 * CHUNK_ROWS + 500,
      3 * CHUNK_ROWS,
      total - 1,
      total,
    ]) {
      expect(JSON.parse(r.dataJson(n).toString())).toEqual(all.slice(0, n));
    }
    expect(JSON.parse(r.dataJson().toString())).toEqual(all);
  });

  it('round-trips through its bytes, header included', () => {
    const r = result(CHUNK_ROWS + 3);
    const back = SerializedResult.fromBytes(Buffer.from(r.bytes));
    expect(back.header).toEqual(r.header);
    expect(back.rows()).toEqual(rows(CHUNK_ROWS + 3));
    expect(back.rows(CHUNK_ROWS + 2)).toEqual(rows(CHUNK_ROWS + 2));
  });

  it('an empty result is an empty array', () => {
    const r = SerializedResult.fromRows({ data: [], columns: [], selected_columns: [], expanded_columns: [] });
    expect(JSON.parse(r.dataJson().toString())).toEqual([]);
    expect(JSON.parse(r.dataJson(10).toString())).toEqual([]);
  });

  it('still reads a result stored as plain JSON by the earlier format', () => {
    const legacy = Buffer.from(
      JSON.stringify({ data: rows(4), columns: [column], selected_columns: [column], expanded_columns: [] }),
    );
    const back = SerializedResult.fromBytes(legacy);
    expect(back.rowCount).toBe(4);
    expect(back.rows(3)).toEqual(rows(3));
    expect(back.header.columns).toEqual([column]);
    expect(deflateSync(back.bytes).length).toBeGreaterThan(0);
  });
});
