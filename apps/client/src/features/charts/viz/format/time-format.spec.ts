import { getTimeFormatter, toEpochMs } from './time-format';

describe('getTimeFormatter', () => {
  it('formats strftime patterns in UTC', () => {
    expect(getTimeFormatter('%Y-%m-%d')(Date.UTC(2024, 1, 29, 23, 30))).toBe('2024-02-29');
    expect(getTimeFormatter('%d/%m/%Y %H:%M')(Date.UTC(2024, 1, 29, 23, 30))).toBe('29/02/2024 23:30');
  });

  it('picks the coarsest unit that tells the value apart with smart_date', () => {
    const smart = getTimeFormatter('smart_date');
    expect(smart(Date.UTC(2024, 0, 1))).toBe('2024');
    expect(smart(Date.UTC(2024, 2, 1))).toBe('March');
    expect(smart(Date.UTC(2024, 2, 12))).toBe('Tue 12');
    expect(smart(Date.UTC(2024, 2, 10))).toBe('Mar 10');
    expect(smart(Date.UTC(2024, 2, 12, 14))).toBe('14:00');
    expect(smart(Date.UTC(2024, 2, 12, 14, 0, 5))).toBe(':05s');
    expect(getTimeFormatter(undefined)(Date.UTC(2024, 0, 1))).toBe('2024');
  });

  it('shows null as N/A', () => {
    expect(getTimeFormatter('%Y')(null)).toBe('N/A');
  });
});

describe('toEpochMs', () => {
  it('reads epoch ms and ISO strings, naive ones as UTC', () => {
    expect(toEpochMs(1_700_000_000_000)).toBe(1_700_000_000_000);
    expect(toEpochMs('2009-01-01T00:00:00')).toBe(Date.UTC(2009, 0, 1));
    expect(toEpochMs('2009-01-01 12:00:00')).toBe(Date.UTC(2009, 0, 1, 12));
    expect(toEpochMs('2009-01-01')).toBe(Date.UTC(2009, 0, 1));
    expect(toEpochMs('2009-01-01T00:00:00+02:00')).toBe(Date.UTC(2008, 11, 31, 22));
    expect(toEpochMs('not a date')).toBeNull();
    expect(toEpochMs(null)).toBeNull();
  });
});
