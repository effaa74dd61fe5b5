import { readableRows } from './result-rows';

describe('readableRows: a chart data answer as the results pane and drill to detail show it', () => {
  it('shows temporal values (epoch ms, UTC) as database date-times; other values as they came', () => {
    const rows = readableRows({
      colnames: ['date', 'origin', 'count'],
      coltypes: [2, 1, 0],
      data: [
        { date: Date.UTC(2001, 0, 2, 3, 4, 5), origin: 'SEA', count: 3 },
        { date: null, origin: null, count: null },
      ],
    });
    expect(rows).toEqual([
      { date: '2001-01-02 03:04:05', origin: 'SEA', count: 3 },
      { date: null, origin: null, count: null },
    ]);
  });

  it('leaves text a temporal column may hold (ISO from older answers, a time of day) alone', () => {
    expect(
      readableRows({ colnames: ['t'], coltypes: [2], data: [{ t: '2001-01-02T00:00:00' }, { t: '10:30:00' }] }),
    ).toEqual([{ t: '2001-01-02T00:00:00' }, { t: '10:30:00' }]);
    expect(readableRows({ colnames: ['x'], data: [{ x: 5 }] })).toEqual([{ x: 5 }]);
  });
});
