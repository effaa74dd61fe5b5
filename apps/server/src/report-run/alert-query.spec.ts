import { GenericType, type ResultSet } from '../engines/query-engine';
import { AlertQueryError, alertValueOf } from './alert-query';

const col = (name: string) => ({ name, type: 'bigint', type_generic: GenericType.Numeric, is_dttm: false });
const result = (columns: string[], rows: Record<string, unknown>[]): ResultSet => ({
  columns: columns.map(col),
  rows,
  rowCount: rows.length,
});

describe('alertValueOf', () => {
  it('reads the first column of the one row as a number (bigint counts come as text or numbers)', () => {
    expect(alertValueOf(result(['count'], [{ count: 15 }]))).toBe(15);
    expect(alertValueOf(result(['count'], [{ count: '15' }]))).toBe(15);
    expect(alertValueOf(result(['avg'], [{ avg: '2.5' }]))).toBe(2.5);
  });

  it('is NULL for no row or a NULL value', () => {
    expect(alertValueOf(result(['count'], []))).toBeNull();
    expect(alertValueOf(result(['count'], [{ count: null }]))).toBeNull();
  });

  it('refuses more than one row or column, and values that are not numbers', () => {
    expect(() => alertValueOf(result(['n'], [{ n: 1 }, { n: 2 }]))).toThrow('more than one row');
    expect(() => alertValueOf(result(['a', 'b'], [{ a: 1, b: 2 }]))).toThrow('more than one column');
    expect(() => alertValueOf(result(['s'], [{ s: 'abc' }]))).toThrow(AlertQueryError);
    expect(() => alertValueOf(result(['s'], [{ s: '' }]))).toThrow(AlertQueryError);
  });
});
