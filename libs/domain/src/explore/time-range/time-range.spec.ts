import { parseTimeRange, TIME_RANGE_SEPARATOR } from './parse-time-range';
import { TimeRangeError, TimeRangeMessages } from './time-range-error';

// A Friday, mid-morning, so 'today' (midnight) and 'now' differ and weeks start on Monday 2024-03-11.
const NOW = new Date('2024-03-15T10:30:00Z');
const d = (iso: string) => new Date(iso.length === 10 ? `${iso}T00:00:00Z` : `${iso}Z`);
const range = (text: string, options = {}) => {
  const { since, until } = parseTimeRange(text, NOW, options);
  return [since?.toISOString() ?? null, until?.toISOString() ?? null];
};
const expected = (since: string | null, until: string | null) => [
  since && d(since).toISOString(),
  until && d(until).toISOString(),
];

describe('parseTimeRange', () => {
  it('charts-dashboards-reports §9: "No filter" (and an empty range) has no bounds', () => {
    expect(range('No filter')).toEqual([null, null]);
    expect(range('')).toEqual([null, null]);
    expect(parseTimeRange(undefined, NOW)).toEqual({ since: null, until: null });
  });

  it.each([
    ['Last day', '2024-03-14', '2024-03-15'],
    ['Last week', '2024-03-08', '2024-03-15'],
    ['Last month', '2024-02-15', '2024-03-15'],
    ['Last quarter', '2023-12-15', '2024-03-15'],
    ['Last year', '2023-03-15', '2024-03-15'],
    ['Last 7 days', '2024-03-08', '2024-03-15'],
    ['Last 2 weeks', '2024-03-01', '2024-03-15'],
    ['Last 3 months', '2023-12-15', '2024-03-15'],
    ['last 1 year', '2023-03-15', '2024-03-15'],
  ])('%s runs from midnight N units ago up to today (midnight)', (text, since, until) => {
    expect(range(text)).toEqual(expected(since, until));
  });

  it('sub-day units count from now, so "Last 3 hours" ends now rather than at midnight', () => {
    expect(range('Last 3 hours')).toEqual(expected('2024-03-15T07:30:00', '2024-03-15T10:30:00'));
    expect(range('Last 90 minutes')).toEqual(expected('2024-03-15T09:00:00', '2024-03-15T10:30:00'));
  });

  it('"Next N units" starts today (or now for sub-day units)', () => {
    expect(range('Next 3 months')).toEqual(expected('2024-03-15', '2024-06-15'));
    expect(range('Next 10 days')).toEqual(expected('2024-03-15', '2024-03-25'));
    expect(range('Next 2 hours')).toEqual(expected('2024-03-15T10:30:00', '2024-03-15T12:30:00'));
  });

  it.each([
    ['previous calendar week', '2024-03-04', '2024-03-11'],
    ['previous calendar month', '2024-02-01', '2024-03-01'],
    ['previous calendar quarter', '2023-10-01', '2024-01-01'],
    ['previous calendar year', '2023-01-01', '2024-01-01'],
    ['Current day', '2024-03-15', '2024-03-16'],
    ['Current week', '2024-03-11', '2024-03-18'],
    ['Current month', '2024-03-01', '2024-04-01'],
    ['Current quarter', '2024-01-01', '2024-04-01'],
    ['Current year', '2024-01-01', '2025-01-01'],
  ])('%s is the whole calendar period', (text, since, until) => {
    expect(range(text)).toEqual(expected(since, until));
  });

  it('"start : end" with ISO dates and date-times', () => {
    expect(range('2020-01-01 : 2020-02-01')).toEqual(expected('2020-01-01', '2020-02-01'));
    expect(range('2020-01-01T10:15:30 : 2020-01-02 08:00')).toEqual(
      expected('2020-01-01T10:15:30', '2020-01-02T08:00:00'),
    );
    expect(range('2020-01-01T00:00:00+02:00 : 2020-01-01T00:00:00Z')).toEqual(
      expected('2019-12-31T22:00:00', '2020-01-01'),
    );
    expect(range('2020 : 2021-06')).toEqual(expected('2020-01-01', '2021-06-01'));
  });

  it('an empty side is an open end', () => {
    expect(range('2020-01-01 : ')).toEqual(expected('2020-01-01', null));
    expect(range(' : 2020-01-01')).toEqual(expected(null, '2020-01-01'));
  });

  it('relative expressions: now, today, yesterday, N units ago / later', () => {
    expect(range('2024-01-01 : now')).toEqual(expected('2024-01-01', '2024-03-15T10:30:00'));
    expect(range('7 days ago : today')).toEqual(expected('2024-03-08', '2024-03-15'));
    expect(range('yesterday : tomorrow')).toEqual(expected('2024-03-14', '2024-03-16'));
    expect(range('3 hours ago : now')).toEqual(expected('2024-03-15T07:30:00', '2024-03-15T10:30:00'));
    expect(range('1 year ago : 2 weeks later')).toEqual(expected('2023-03-15', '2024-03-29'));
  });

  it('this / last / next / prior N units and start of / end of', () => {
    expect(range('last 2 weeks : this day')).toEqual(expected('2024-03-01', '2024-03-15'));
    expect(range('prior month : next 2 days')).toEqual(expected('2024-02-15', '2024-03-17'));
    expect(range('start of this month : end of next month')).toEqual(expected('2024-03-01', '2024-04-30'));
    expect(range('beginning of last year : start of this year')).toEqual(expected('2023-01-01', '2024-01-01'));
  });

  it('DATEADD / DATETRUNC / LASTDAY / DATETIME expressions', () => {
    expect(range('DATEADD(DATETIME("2020-03-01"), -7, day) : 2020-03-01')).toEqual(
      expected('2020-02-23', '2020-03-01'),
    );
    expect(
      range("DATETRUNC(DATETIME('2020-02-17T10:00:00'), quarter) : LASTDAY(DATETIME('2020-02-10'), month)"),
    ).toEqual(expected('2020-01-01', '2020-02-29'));
    expect(range("DATEADD(DATETIME('2020-01-31'), 1, MONTH) : dateadd(datetime('today'), 1, year)")).toEqual(
      expected('2020-02-29', '2025-03-15'),
    );
    expect(
      range("DATEADD(DATETIME('today'), DATEDIFF(DATETIME('2024-03-20'), DATETIME('2024-03-15')), day) : now"),
    ).toEqual(expected('2024-03-10', '2024-03-15T10:30:00'));
  });

  it('spec: a start after the end is refused with "From date cannot be larger than to date"', () => {
    expect(() => range('2020-02-01 : 2020-01-01')).toThrow(new TimeRangeError(TimeRangeMessages.FROM_AFTER_TO));
    expect(() => range('Next 1 day : Last 1 day')).toThrow('From date cannot be larger than to date');
  });

  it('an ambiguous period and unreadable text get clear messages', () => {
    expect(() => range('7 days : now')).toThrow(
      'Time string is ambiguous. Please specify [7 days ago] or [7 days later].',
    );
    expect(() => range('banana : now')).toThrow('Cannot parse time string [banana]');
    expect(() => range('banana')).toThrow('Cannot parse time string [banana]');
    expect(() => range('2020-02-30 : now')).toThrow('Cannot parse time string [2020-02-30]');
    expect(() => range('DATEADD(DATETIME("2020-01-01"), x, day) : now')).toThrow(TimeRangeError);
    expect(() => range('HOLIDAY("christmas") : now')).toThrow(TimeRangeError);
  });

  it('extras relative_start / relative_end move the anchor to now', () => {
    expect(range('Last day', { relativeEnd: 'now' })).toEqual(expected('2024-03-14', '2024-03-15T10:30:00'));
    expect(range('Last day', { relativeStart: 'now', relativeEnd: 'now' })).toEqual(
      expected('2024-03-14T10:30:00', '2024-03-15T10:30:00'),
    );
  });

  it('the separator is " : " with spaces, so a time of day keeps its colons', () => {
    expect(TIME_RANGE_SEPARATOR).toBe(' : ');
    expect(range('2020-01-01T10:00 : 2020-01-01T11:00')).toEqual(
      expected('2020-01-01T10:00:00', '2020-01-01T11:00:00'),
    );
  });
});
