import { carsDatasource, carsHorsepowerByOrigin, result } from '../testing/fixtures';
import { searchRows, sortRows, transformProps } from './transformProps';

describe('table transformProps', () => {
  it('labels columns with verbose names and formats metrics with the dataset format', () => {
    const model = transformProps(
      { query_mode: 'aggregate', groupby: ['origin'], metrics: ['AVG(horsepower)'] },
      [carsHorsepowerByOrigin],
      carsDatasource,
    );
    expect(model.columns.map((c) => [c.key, c.label, c.kind, c.isMetric])).toEqual([
      ['origin', 'Origin', 'string', false],
      ['AVG(horsepower)', 'Average horsepower', 'number', true],
    ]);
    expect(model.columns[1]!.format(119.04897959183674)).toBe('119.0');
    expect(model.columns[1]!.showBar).toBe(true);
    expect(model.filterColumns).toEqual(['origin']);
  });

  it('lets column_config override the number format and formats times and percent metrics', () => {
    const data = result(
      ['day', 'SUM(sales)', '%SUM(sales)'],
      [2, 0, 0],
      [{ day: Date.UTC(2024, 0, 2), 'SUM(sales)': 1234.5, '%SUM(sales)': 0.25 }],
    );
    const model = transformProps(
      {
        groupby: ['day'],
        metrics: ['SUM(sales)'],
        percent_metrics: ['SUM(sales)'],
        table_timestamp_format: '%Y-%m-%d',
        column_config: { 'SUM(sales)': { d3NumberFormat: '$,.2f' } },
      },
      [data],
    );
    const [day, sales, percent] = model.columns;
    expect(day!.format(Date.UTC(2024, 0, 2))).toBe('2024-01-02');
    expect(sales!.format(1234.5)).toBe('$1,234.50');
    expect([percent!.label, percent!.format(0.25)]).toEqual(['%SUM(sales)', '25.00%']);
    expect(sales!.format(null)).toBe('N/A');
  });

  it('reads the row count of a server-paged table from the second query and the totals otherwise', () => {
    const page = result(['origin', 'count'], [1, 0], [{ origin: 'USA', count: 1 }]);
    const paged = transformProps(
      { groupby: ['origin'], metrics: ['count'], server_pagination: true, server_page_length: 20 },
      [page, result(['rowcount'], [0], [{ rowcount: 406 }])],
    );
    expect(paged).toMatchObject({ serverPagination: true, pageSize: 20, totalRows: 406, totals: null });
    const totals = transformProps({ groupby: ['origin'], metrics: ['count'], show_totals: true }, [
      page,
      result(['count'], [0], [{ count: 406 }]),
    ]);
    expect(totals.totals).toEqual({ count: 406 });
    const both = transformProps(
      { groupby: ['origin'], metrics: ['count'], server_pagination: true, show_totals: true },
      [page, result(['rowcount'], [0], [{ rowcount: 3 }]), result(['count'], [0], [{ count: 406 }])],
    );
    expect([both.totalRows, both.totals]).toEqual([3, { count: 406 }]);
  });

  it('shows raw mode columns in the order of all_columns', () => {
    const data = result(['name', 'mpg', 'origin'], [1, 0, 1], [{ name: 'vw', mpg: 30, origin: 'Europe' }]);
    const model = transformProps({ query_mode: 'raw', all_columns: ['origin', 'name', 'mpg'] }, [data]);
    expect(model.columns.map((c) => c.key)).toEqual(['origin', 'name', 'mpg']);
    expect(model.filterColumns).toEqual([]);
  });
});

describe('table sorting and search', () => {
  const model = transformProps({ groupby: ['origin'], metrics: ['AVG(horsepower)'] }, [carsHorsepowerByOrigin]);
  const [origin, hp] = model.columns;

  it('sorts numbers by value and text by locale, nulls last', () => {
    const rows = [...carsHorsepowerByOrigin.data, { origin: null, 'AVG(horsepower)': null }];
    expect(sortRows(rows, hp!, false).map((r) => r.origin)).toEqual(['Japan', 'Europe', 'USA', null]);
    expect(sortRows(rows, hp!, true).map((r) => r.origin)).toEqual(['USA', 'Europe', 'Japan', null]);
    expect(sortRows(rows, origin!, false).map((r) => r.origin)).toEqual(['Europe', 'Japan', 'USA', null]);
  });

  it('finds rows by any shown value', () => {
    expect(searchRows(carsHorsepowerByOrigin.data, model.columns, 'jap').map((r) => r.origin)).toEqual(['Japan']);
    expect(searchRows(carsHorsepowerByOrigin.data, model.columns, '')).toHaveLength(3);
  });
});
