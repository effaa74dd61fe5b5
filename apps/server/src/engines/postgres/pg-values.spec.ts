import { parseInt8, parseNumeric } from '../numbers';
import { parseTimestamp, parseTimestampTz } from './pg-values';

describe('PostgreSQL value parsing', () => {
  it('int8 is a number while safe, else exact digits', () => {
    expect(parseInt8('42')).toBe(42);
    expect(parseInt8('-9007199254740991')).toBe(-9007199254740991);
    expect(parseInt8('9007199254740993')).toBe('9007199254740993');
  });

  it('numeric keeps precision that a double would lose', () => {
    expect(parseNumeric('12.50')).toBe(12.5);
    expect(parseNumeric('0.000123')).toBe(0.000123);
    expect(parseNumeric('0.10000000000000000000')).toBe(0.1);
    expect(parseNumeric('-1200')).toBe(-1200);
    expect(parseNumeric('123456789012345.678')).toBe('123456789012345.678');
    expect(parseNumeric('NaN')).toBe('NaN');
  });

  it('timestamps become ISO 8601; timestamptz in UTC', () => {
    expect(parseTimestamp('2024-03-01 10:20:30.5')).toBe('2024-03-01T10:20:30.5');
    expect(parseTimestamp('infinity')).toBe('infinity');
    expect(parseTimestampTz('2024-03-01 10:20:30+02')).toBe('2024-03-01T08:20:30.000Z');
    expect(parseTimestampTz('2024-03-01 10:20:30.123456+05:30')).toBe('2024-03-01T04:50:30.123Z');
  });
});
