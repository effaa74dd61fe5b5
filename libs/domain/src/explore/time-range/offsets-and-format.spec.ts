import { applyTimeOffset, isTimeOffset, parseHumanDatetime } from './human-datetime';
import { formatTimeRange, formatTimeRangeBounds, timeRangeFromBounds } from './format-time-range';
import { addUnits, lastDayOf, truncateTo } from './calendar';

const NOW = new Date('2024-03-15T10:30:00Z');

describe('time offsets of time comparison', () => {
  it.each([
    ['1 day ago', '2024-03-14T10:30:00.000Z'],
    ['1 week ago', '2024-03-08T10:30:00.000Z'],
    ['28 days ago', '2024-02-16T10:30:00.000Z'],
    ['52 weeks ago', '2023-03-17T10:30:00.000Z'],
    ['1 year ago', '2023-03-15T10:30:00.000Z'],
    ['104 weeks ago', '2022-03-18T10:30:00.000Z'],
    ['2 years ago', '2022-03-15T10:30:00.000Z'],
    ['3 years later', '2027-03-15T10:30:00.000Z'],
  ])('%s shifts a point and keeps its time of day', (offset, iso) => {
    expect(applyTimeOffset(NOW, offset).toISOString()).toBe(iso);
  });

  it('a year back from 29 February is 28 February', () => {
    expect(applyTimeOffset(new Date('2024-02-29T00:00:00Z'), '1 year ago').toISOString()).toBe(
      '2023-02-28T00:00:00.000Z',
    );
  });

  it('refuses offsets without a direction and nonsense', () => {
    expect(() => applyTimeOffset(NOW, '1 year')).toThrow(
      'Time delta is ambiguous. Please specify [1 year ago] or [1 year later].',
    );
    expect(() => applyTimeOffset(NOW, 'inherit')).toThrow('Cannot parse time string [inherit]');
    expect(isTimeOffset('1 year ago')).toBe(true);
    expect(isTimeOffset('custom')).toBe(false);
  });
});

describe('parseHumanDatetime', () => {
  it('day-or-longer phrases land on midnight, hour phrases keep the time', () => {
    expect(parseHumanDatetime('2 days ago', NOW).toISOString()).toBe('2024-03-13T00:00:00.000Z');
    expect(parseHumanDatetime('in 1 month', NOW).toISOString()).toBe('2024-04-15T00:00:00.000Z');
    expect(parseHumanDatetime('30 minutes later', NOW).toISOString()).toBe('2024-03-15T11:00:00.000Z');
    expect(parseHumanDatetime('1 quarter ago', NOW).toISOString()).toBe('2023-12-15T00:00:00.000Z');
  });

  it('reads fractional seconds and refuses impossible times', () => {
    expect(parseHumanDatetime('2020-01-01T01:02:03.456', NOW).toISOString()).toBe('2020-01-01T01:02:03.456Z');
    expect(() => parseHumanDatetime('2020-13-01', NOW)).toThrow('Cannot parse time string [2020-13-01]');
    expect(() => parseHumanDatetime('2020-01-01T25:00', NOW)).toThrow('Cannot parse time string');
  });
});

describe('calendar', () => {
  it('truncates to Monday weeks, quarters and hours', () => {
    expect(truncateTo(new Date('2024-03-17T23:59:00Z'), 'week').toISOString()).toBe('2024-03-11T00:00:00.000Z');
    expect(truncateTo(new Date('2024-12-31T10:00:00Z'), 'quarter').toISOString()).toBe('2024-10-01T00:00:00.000Z');
    expect(truncateTo(new Date('2024-12-31T10:59:59Z'), 'hour').toISOString()).toBe('2024-12-31T10:00:00.000Z');
  });

  it('last day of week (Sunday), quarter and leap February', () => {
    expect(lastDayOf(new Date('2024-03-13T10:00:00Z'), 'week').toISOString()).toBe('2024-03-17T00:00:00.000Z');
    expect(lastDayOf(new Date('2024-05-02T00:00:00Z'), 'quarter').toISOString()).toBe('2024-06-30T00:00:00.000Z');
    expect(lastDayOf(new Date('2024-02-02T00:00:00Z'), 'month').toISOString()).toBe('2024-02-29T00:00:00.000Z');
  });

  it('adds calendar months with the day clamped to the month end', () => {
    expect(addUnits(new Date('2023-01-31T00:00:00Z'), 1, 'month').toISOString()).toBe('2023-02-28T00:00:00.000Z');
    expect(addUnits(new Date('2023-11-30T00:00:00Z'), 1, 'quarter').toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect(addUnits(new Date('2023-03-31T00:00:00Z'), -1, 'month').toISOString()).toBe('2023-02-28T00:00:00.000Z');
  });
});

describe('formatTimeRange', () => {
  it('shows "start ≤ col < end", dropping midnight and showing open ends as infinity', () => {
    expect(formatTimeRange('2020-01-01T00:00:00 : 2020-02-01T10:00:00')).toBe('2020-01-01 ≤ col < 2020-02-01T10:00:00');
    expect(formatTimeRange(' : 2020-02-01', 'ds')).toBe('-∞ ≤ ds < 2020-02-01');
    expect(formatTimeRange('2020-01-01 : ')).toBe('2020-01-01 ≤ col < ∞');
    expect(formatTimeRange('Last week')).toBe('Last week');
  });

  it('formats evaluated bounds', () => {
    const bounds = { since: new Date('2024-03-08T00:00:00Z'), until: new Date('2024-03-15T10:30:00Z') };
    expect(timeRangeFromBounds(bounds)).toBe('2024-03-08T00:00:00 : 2024-03-15T10:30:00');
    expect(formatTimeRangeBounds(bounds)).toBe('2024-03-08 ≤ col < 2024-03-15T10:30:00');
    expect(formatTimeRangeBounds({ since: null, until: null })).toBe('-∞ ≤ col < ∞');
  });
});
