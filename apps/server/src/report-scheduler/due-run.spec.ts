import { dueRun, type ScheduleTimes } from './due-run';

const weekdays9: ScheduleTimes = {
  crontab: '0 9 * * 1-5',
  timezone: 'America/New_York',
  createdOn: '2026-01-01T00:00:00.000Z',
  lastScheduledAt: null,
};
const due = (s: ScheduleTimes, now: string, lookbackMs?: number) =>
  dueRun(s, new Date(now), lookbackMs)?.toISOString() ?? null;

describe('the scheduler owes the last missed time within the look-back (catch-up rule)', () => {
  it('fires 9:00 New York at 14:00 UTC in winter and 13:00 UTC in summer, from the instant itself', () => {
    expect(due(weekdays9, '2026-03-06T13:59:59.999Z')).toBeNull();
    expect(due(weekdays9, '2026-03-06T14:00:00.000Z')).toBe('2026-03-06T14:00:00.000Z');
    // Monday after the spring change: 9:00 EDT.
    const fridayRan = { ...weekdays9, lastScheduledAt: '2026-03-06T14:00:00.000Z' };
    expect(due(fridayRan, '2026-03-09T12:59:00.000Z')).toBeNull();
    expect(due(fridayRan, '2026-03-09T13:00:10.000Z')).toBe('2026-03-09T13:00:00.000Z');
    // Monday after the autumn change: 9:00 EST again.
    const fridayRanInOctober = { ...weekdays9, lastScheduledAt: '2026-10-30T13:00:00.000Z' };
    expect(due(fridayRanInOctober, '2026-11-02T13:30:00.000Z')).toBeNull();
    expect(due(fridayRanInOctober, '2026-11-02T14:00:05.000Z')).toBe('2026-11-02T14:00:00.000Z');
  });

  it('owes nothing once the time has started', () => {
    const ran = { ...weekdays9, lastScheduledAt: '2026-03-06T14:00:00.000Z' };
    expect(due(ran, '2026-03-06T14:00:30.000Z')).toBeNull();
    expect(due(ran, '2026-03-06T23:00:00.000Z')).toBeNull();
  });

  it('after a long stop, only the last missed time, never a flood of the ones before it', () => {
    const everyTen = {
      ...weekdays9,
      crontab: '*/10 * * * *',
      timezone: 'UTC',
      lastScheduledAt: '2026-05-01T10:00:00.000Z',
    };
    // Down from 10:05 to 10:47: 10:10 ... 10:40 were missed, 10:40 is owed alone.
    expect(due(everyTen, '2026-05-01T10:47:00.000Z')).toBe('2026-05-01T10:40:00.000Z');
  });

  it('skips a time missed by more than the look-back, as Superset skips any missed time', () => {
    const ran = { ...weekdays9, lastScheduledAt: '2026-03-05T14:00:00.000Z' };
    // The Friday 9:00 was missed; at 10:30 New York it is 90 minutes old.
    expect(due(ran, '2026-03-06T15:30:00.000Z')).toBeNull();
    expect(due(ran, '2026-03-06T15:30:00.000Z', 2 * 3_600_000)).toBe('2026-03-06T14:00:00.000Z');
  });

  it('owes no time before the schedule was created', () => {
    const created = { ...weekdays9, createdOn: '2026-03-06T14:05:00.000Z' };
    expect(due(created, '2026-03-06T14:06:00.000Z')).toBeNull();
    expect(due(created, '2026-03-09T13:00:00.000Z')).toBe('2026-03-09T13:00:00.000Z');
  });
});
