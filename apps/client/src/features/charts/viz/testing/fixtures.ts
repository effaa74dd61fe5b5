import type { ChartDataResult, DataRecord } from '../shared/types';

/** A chart data result as the server sends it (REFERENCE §2.2), with coltypes 0 numeric, 1 string, 2 temporal. */
export function result(colnames: string[], coltypes: number[], data: DataRecord[]): ChartDataResult {
  return {
    colnames,
    coltypes,
    data,
    rowcount: data.length,
    sql_rowcount: data.length,
    status: 'success',
    is_cached: false,
  };
}

export const DAY = 86_400_000;
export const JAN_1_2005 = Date.UTC(2005, 0, 1);

/** AVG(horsepower) by origin on the `cars` example. */
export const carsHorsepowerByOrigin = result(
  ['origin', 'AVG(horsepower)'],
  [1, 0],
  [
    { origin: 'USA', 'AVG(horsepower)': 119.04897959183674 },
    { origin: 'Europe', 'AVG(horsepower)': 80.55882352941177 },
    { origin: 'Japan', 'AVG(horsepower)': 79.83544303797468 },
  ],
);

/** COUNT(*) of flights per day, as the server's long rows (time column + metric). */
export const dailyFlights = result(
  ['date', 'count'],
  [2, 0],
  [
    { date: JAN_1_2005, count: 5623 },
    { date: JAN_1_2005 + DAY, count: 5914 },
    { date: JAN_1_2005 + 2 * DAY, count: 5498 },
    { date: JAN_1_2005 + 3 * DAY, count: 6012 },
  ],
);

/** MAX(price) by month and symbol on `stocks`: long rows (date, symbol, metric), as aggregated by SQL. */
export const stocksBySymbol = result(
  ['date', 'symbol', 'MAX(price)'],
  [2, 1, 0],
  [
    { date: '2009-01-01T00:00:00', symbol: 'AAPL', 'MAX(price)': 90.13 },
    { date: '2009-01-01T00:00:00', symbol: 'MSFT', 'MAX(price)': 19.44 },
    { date: '2009-02-01T00:00:00', symbol: 'AAPL', 'MAX(price)': 89.31 },
    { date: '2009-02-01T00:00:00', symbol: 'MSFT', 'MAX(price)': 16.96 },
    { date: '2009-03-01T00:00:00', symbol: 'MSFT', 'MAX(price)': 18.37 },
    { date: '2009-03-01T00:00:00', symbol: 'AAPL', 'MAX(price)': 105.12 },
  ],
);

/** The same data pivoted and flattened by the server (columns 'metric' per symbol). */
export const stocksPivoted = result(
  ['__timestamp', 'AAPL', 'MSFT'],
  [2, 0, 0],
  [
    { __timestamp: Date.UTC(2009, 0, 1), AAPL: 90.13, MSFT: 19.44 },
    { __timestamp: Date.UTC(2009, 1, 1), AAPL: 89.31, MSFT: 16.96 },
    { __timestamp: Date.UTC(2009, 2, 1), AAPL: 105.12, MSFT: 18.37 },
  ],
);

export const carsDatasource = {
  verbose_map: { origin: 'Origin', 'AVG(horsepower)': 'Average horsepower', count: 'Flights' },
  column_formats: { 'AVG(horsepower)': ',.1f' },
};
