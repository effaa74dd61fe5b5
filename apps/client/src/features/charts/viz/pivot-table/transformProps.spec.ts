import { result } from '../testing/fixtures';
import { transformProps } from './transformProps';

// SUM(sales) by region (rows) and year (columns).
const sales = result(
  ['region', 'year', 'SUM(sales)'],
  [1, 1, 0],
  [
    { region: 'West', year: '2023', 'SUM(sales)': 10 },
    { region: 'East', year: '2023', 'SUM(sales)': 30 },
    { region: 'East', year: '2024', 'SUM(sales)': 50 },
    { region: 'West', year: '2024', 'SUM(sales)': 20 },
  ],
);
const texts = (rows: { text: string }[][]) => rows.map((r) => r.map((c) => c.text));
const formData = { groupbyRows: ['region'], groupbyColumns: ['year'], metrics: ['SUM(sales)'], valueFormat: ',d' };

describe('pivot table transformProps', () => {
  it('lays out rows by region and columns by year, keys sorted', () => {
    const model = transformProps(formData, [sales]);
    expect(texts(model.head)).toEqual([
      ['', 'SUM(sales)'],
      ['2023', '2024'],
      ['region', ''],
    ]);
    expect(texts(model.body)).toEqual([
      ['East', '30', '50'],
      ['West', '10', '20'],
    ]);
  });

  it('adds row and column totals of the underlying values', () => {
    const model = transformProps({ ...formData, rowTotals: true, colTotals: true }, [sales]);
    expect(texts(model.head)[1]).toEqual(['2023', '2024', 'Total (Sum)']);
    expect(texts(model.body)).toEqual([
      ['East', '30', '50', '80'],
      ['West', '10', '20', '30'],
      ['Total (Sum)', '40', '70', '110'],
    ]);
    expect(model.body[2]!.every((c) => c.total)).toBe(true);
  });

  it('aggregates totals over the values, not over the cells (Average)', () => {
    const model = transformProps({ ...formData, aggregateFunction: 'Average', rowTotals: true, valueFormat: ',.1f' }, [
      sales,
    ]);
    expect(texts(model.body)[2]).toEqual(['Total (Average)', '20.0', '35.0']);
  });

  it('shows fractions of the total as percentages', () => {
    const model = transformProps({ ...formData, aggregateFunction: 'Sum as Fraction of Total' }, [sales]);
    expect(texts(model.body)).toEqual([
      ['East', '27.3%', '45.5%'],
      ['West', '9.1%', '18.2%'],
    ]);
  });

  it('puts metrics in rows with metricsLayout ROWS and orders rows by value', () => {
    const model = transformProps({ ...formData, metricsLayout: 'ROWS', rowOrder: 'value_a_to_z' }, [sales]);
    expect(texts(model.body)).toEqual([
      ['West', 'SUM(sales)', '10', '20'],
      ['East', 'SUM(sales)', '30', '50'],
    ]);
  });
});
