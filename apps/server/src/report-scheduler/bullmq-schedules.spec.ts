import { domainRepeatStrategy } from './bullmq-schedules';

const next = (after: string, pattern: string, tz: string) =>
  new Date(domainRepeatStrategy(Date.parse(after), { pattern, tz })!).toISOString();

describe("BullMQ's next instant is the domain's cron", () => {
  it('fires 9:00 New York on weekdays at the right UTC instant across both daylight-saving changes', () => {
    expect(next('2026-03-06T14:00:00.000Z', '0 9 * * 1-5', 'America/New_York')).toBe('2026-03-09T13:00:00.000Z');
    expect(next('2026-10-30T13:00:00.000Z', '0 9 * * 1-5', 'America/New_York')).toBe('2026-11-02T14:00:00.000Z');
  });

  it('runs a time the spring change skips once, at the end of the gap, as the in-process scheduler does', () => {
    expect(next('2026-03-07T12:00:00.000Z', '30 2 * * *', 'America/New_York')).toBe('2026-03-08T07:00:00.000Z');
  });

  it('answers "now" for the first job of a registration that asks for one at once', () => {
    expect(domainRepeatStrategy(1_000, { pattern: '0 9 * * *', tz: 'UTC', immediately: true })).toBe(1_000);
  });
});
