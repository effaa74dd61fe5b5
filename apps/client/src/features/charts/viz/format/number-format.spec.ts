import { getCurrencyFormatter, getNumberFormatter } from './number-format';

describe('getNumberFormatter', () => {
  it('formats d3-format strings', () => {
    expect(getNumberFormatter(',.2f')(1234567.891)).toBe('1,234,567.89');
    expect(getNumberFormatter('.1%')(0.1234)).toBe('12.3%');
    expect(getNumberFormatter(',d')(1234567)).toBe('1,234,567');
    expect(getNumberFormatter('$,.0f')(1234.5)).toBe('$1,235');
  });

  it('adapts SMART_NUMBER to the size of the value, with B for billions', () => {
    const smart = getNumberFormatter('SMART_NUMBER');
    expect(smart(0)).toBe('0');
    expect(smart(1234)).toBe('1.23k');
    expect(smart(2_500_000_000)).toBe('2.5B');
    expect(smart(12.3456)).toBe('12.35');
    expect(smart(0.012345)).toBe('0.0123');
    expect(smart(0.0000123)).toBe('12.3µ');
    expect(getNumberFormatter(undefined)(1234)).toBe('1.23k');
  });

  it('signs SMART_NUMBER_SIGNED and formats durations', () => {
    expect(getNumberFormatter('SMART_NUMBER_SIGNED')(1500)).toBe('+1.5k');
    expect(getNumberFormatter('SMART_NUMBER_SIGNED')(-3)).toBe('-3');
    expect(getNumberFormatter('DURATION')(3_723_500)).toBe('1h 2m 3.5s');
    expect(getNumberFormatter('DURATION')(250)).toBe('250ms');
  });

  it('shows null as N/A and falls back to SMART_NUMBER for an invalid format', () => {
    expect(getNumberFormatter(',.2f')(null)).toBe('N/A');
    expect(getNumberFormatter('not a format!!')(1234)).toBe('1.23k');
  });

  it('puts a currency symbol before or after the number', () => {
    expect(getCurrencyFormatter({ symbol: 'USD', symbolPosition: 'prefix' }, ',.2f')(1234.5)).toBe('$1,234.50');
    expect(getCurrencyFormatter({ symbol: 'EUR', symbolPosition: 'suffix' }, ',.0f')(1234.5)).toBe('1,235 €');
  });
});
