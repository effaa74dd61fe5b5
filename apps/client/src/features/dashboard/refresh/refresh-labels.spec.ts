import { refreshIntervalLabel } from './refresh-labels';

it('labels the auto-refresh intervals of the picker', () => {
  expect([0, 10, 60, 300, 3600, 21600, 86400, 172800].map(refreshIntervalLabel)).toEqual([
    "Don't refresh",
    '10 seconds',
    '1 minute',
    '5 minutes',
    '1 hour',
    '6 hours',
    '24 hours',
    '2 days',
  ]);
});
