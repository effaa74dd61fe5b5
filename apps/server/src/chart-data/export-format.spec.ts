import { toCsv, withReadableDates } from './export-format';

describe('readable dates in downloads (the JSON answer holds epoch ms)', () => {
  it("writes a temporal column as pandas' to_csv does: dates only when every value is a midnight", () => {
    const table = {
      colnames: ['day', 'at', 'n'],
      coltypes: [2, 2, 0],
      data: [
        { day: Date.UTC(2001, 0, 2), at: Date.UTC(2001, 0, 2, 3, 4, 5), n: 1 },
        { day: null, at: Date.UTC(2001, 0, 3), n: Date.UTC(2001, 0, 3) },
      ],
    };
    expect(withReadableDates(table).data).toEqual([
      { day: '2001-01-02', at: '2001-01-02 03:04:05', n: 1 },
      { day: null, at: '2001-01-03 00:00:00', n: Date.UTC(2001, 0, 3) },
    ]);
    expect(toCsv(table, { n: 'Count' })).toBe(
      `day,at,Count\r\n2001-01-02,2001-01-02 03:04:05,1\r\n,2001-01-03 00:00:00,${Date.UTC(2001, 0, 3)}\r\n`,
    );
  });

  it('keeps milliseconds when a value has them, and leaves tables without types alone', () => {
    const table = { colnames: ['t'], coltypes: [2], data: [{ t: Date.UTC(2001, 0, 2, 3, 4, 5, 6) }] };
    expect(withReadableDates(table).data).toEqual([{ t: '2001-01-02 03:04:05.006' }]);
    const untyped = { colnames: ['t'], data: [{ t: 5 }] };
    expect(withReadableDates(untyped)).toBe(untyped);
  });
});
