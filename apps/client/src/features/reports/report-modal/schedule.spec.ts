import { cronOf, scheduleOf } from './schedule';

describe('the friendly schedule and its cron', () => {
  it.each([
    ['0 0 * * *', 'day', '00:00'],
    ['30 9 * * 3', 'week', '09:30'],
    ['15 18 1 * *', 'month', '18:15'],
    ['0 9 * * 1-5', 'weekdays', '09:00'],
  ])('reads %s as %s at %s, and writes it back', (cron, kind, time) => {
    const schedule = scheduleOf(cron);
    expect(schedule).toMatchObject({ kind, time });
    expect(cronOf(schedule)).toBe(cron);
  });

  it('reads Sunday written as 7 as day 0', () => {
    expect(scheduleOf('0 8 * * 7')).toMatchObject({ kind: 'week', weekday: 0 });
  });

  it.each(['*/5 * * * *', '0 9 * 1 *', '0 9 1 * 1', '61 * * * *', '0 9 * *', '@daily'])(
    'reads %s as custom, keeping the last friendly time',
    (cron) => {
      const schedule = scheduleOf(cron, { kind: 'week', time: '07:45', weekday: 2, monthDay: 1 });
      expect(schedule).toEqual({ kind: 'custom', time: '07:45', weekday: 2, monthDay: 1 });
      expect(cronOf(schedule)).toBeNull();
    },
  );
});
