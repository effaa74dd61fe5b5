import { cronInWords } from './cron-words';

describe('cronInWords', () => {
  it.each([
    ['* * * * *', 'Every minute'],
    ['*/15 * * * *', 'Every 15 minutes'],
    ['5 * * * *', 'Every hour at minute 5'],
    ['0 9 * * *', 'Every day at 09:00'],
    ['30 8 * * 1', 'Every Monday at 08:30'],
    ['0 9 * * 1-5', 'Every weekday at 09:00'],
    ['0 9 * * 1,3,5', 'Every Monday, Wednesday and Friday at 09:00'],
    ['0 6 1 * *', 'Monthly on day 1 at 06:00'],
    ['0 9 1-7 * 1', '0 9 1-7 * 1'],
    ['0 9 * 2 *', '0 9 * 2 *'],
  ])('%s -> %s', (crontab, words) => expect(cronInWords(crontab)).toBe(words));
});
