import { checkCrontab, checkTimezone, nextRuns, runsBetween } from './cron';
import { ReportFieldError } from './report-field-error';

const iso = (dates: Date[]) => dates.map((d) => d.toISOString());

/** The field a refusal names (fails the test when it is no ReportFieldError). */
function refusedField(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof ReportFieldError) return error.field;
    throw error;
  }
  throw new Error('not refused');
}

describe('cron in the schedule’s time zone (issue 14 Done-when)', () => {
  it('0 9 * * 1-5 in America/New_York fires at 9:00 local: 14:00 UTC in winter, 13:00 UTC in summer', () => {
    // DST starts on Sunday 8 March 2026 (02:00 -> 03:00): Friday is still EST, Monday is EDT.
    expect(iso(nextRuns('0 9 * * 1-5', 'America/New_York', new Date('2026-03-05T12:00:00Z'), 4))).toEqual([
      '2026-03-05T14:00:00.000Z',
      '2026-03-06T14:00:00.000Z',
      '2026-03-09T13:00:00.000Z',
      '2026-03-10T13:00:00.000Z',
    ]);
    // DST ends on Sunday 1 November 2026 (02:00 -> 01:00): Friday is EDT, Monday is EST again.
    expect(iso(nextRuns('0 9 * * 1-5', 'America/New_York', new Date('2026-10-29T12:00:00Z'), 4))).toEqual([
      '2026-10-29T13:00:00.000Z',
      '2026-10-30T13:00:00.000Z',
      '2026-11-02T14:00:00.000Z',
      '2026-11-03T14:00:00.000Z',
    ]);
  });

  it('is strictly after the given instant, whatever the machine’s own zone', () => {
    expect(iso(nextRuns('0 9 * * 1-5', 'America/New_York', new Date('2026-03-09T13:00:00Z'), 1))).toEqual([
      '2026-03-10T13:00:00.000Z',
    ]);
    expect(iso(nextRuns('30 8 * * *', 'Asia/Kolkata', new Date('2026-01-01T00:00:00Z'), 1))).toEqual([
      '2026-01-01T03:00:00.000Z',
    ]);
  });

  it('a time the spring change skips runs once, at the end of the gap; a time the autumn change repeats runs once', () => {
    expect(iso(nextRuns('30 2 * * *', 'America/New_York', new Date('2026-03-07T12:00:00Z'), 2))).toEqual([
      '2026-03-08T07:00:00.000Z',
      '2026-03-09T06:30:00.000Z',
    ]);
    expect(iso(nextRuns('30 1 * * *', 'America/New_York', new Date('2026-10-31T12:00:00Z'), 2))).toEqual([
      '2026-11-01T05:30:00.000Z',
      '2026-11-02T06:30:00.000Z',
    ]);
  });

  it('runsBetween gives the fire times a scheduler owes for a window, oldest first', () => {
    expect(
      iso(runsBetween('*/20 * * * *', 'UTC', new Date('2026-05-01T10:00:00Z'), new Date('2026-05-01T11:00:00Z'))),
    ).toEqual(['2026-05-01T10:20:00.000Z', '2026-05-01T10:40:00.000Z', '2026-05-01T11:00:00.000Z']);
  });
});

describe('crontab and time zone checks name the field', () => {
  it.each(['', '0 9 * *', '* * * * * *', '@daily', '61 * * * *', '0 25 * * *', 'every day', '0 9 * * 1-5 2026'])(
    'refuses %j as crontab',
    (crontab) => {
      expect(refusedField(() => checkCrontab(crontab))).toBe('crontab');
    },
  );

  it('accepts five fields, ranges, lists, steps and names', () => {
    expect(checkCrontab(' 0 9 * * 1-5 ')).toBe('0 9 * * 1-5');
    expect(checkCrontab('*/15 8-18 1,15 JAN-JUN MON')).toBe('*/15 8-18 1,15 JAN-JUN MON');
  });

  it.each(['Mars/Olympus', '+01:00', '', 'New York'])('refuses %j as timezone', (timezone) => {
    expect(refusedField(() => checkTimezone(timezone))).toBe('timezone');
  });

  it('accepts IANA names and UTC', () => {
    expect(checkTimezone('America/New_York')).toBe('America/New_York');
    expect(checkTimezone('UTC')).toBe('UTC');
  });

  it('nextRuns refuses a bad crontab or zone rather than guessing', () => {
    expect(refusedField(() => nextRuns('0 9 * *', 'UTC', new Date(0), 1))).toBe('crontab');
    expect(refusedField(() => nextRuns('0 9 * * *', 'Nowhere/City', new Date(0), 1))).toBe('timezone');
  });
});
