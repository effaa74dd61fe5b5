import { AppConfig } from '../config/app-config';
import { ChartDataCache } from './chart-data-cache';

const config = { redisUrl: undefined } as unknown as AppConfig;

describe('ChartDataCache in memory', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('returns what was set, with its time, until it expires', async () => {
    // The clock is Jest's: only Date moves, and only when the test says so.
    jest.useFakeTimers({
      now: new Date('2026-01-01T00:00:00Z'),
      doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate'],
    });
    const cache = new ChartDataCache(config);
    await cache.set('a', { data: [1] }, 60);
    expect(await cache.get('a')).toEqual({ value: { data: [1] }, cachedAt: '2026-01-01T00:00:00.000Z' });
    jest.setSystemTime(new Date('2026-01-01T00:01:00Z'));
    expect((await cache.get('a'))?.value).toEqual({ data: [1] });
    jest.setSystemTime(new Date('2026-01-01T00:01:00.001Z'));
    expect(await cache.get('a')).toBeNull();
  });

  it('keeps at most 500,000 rows: the oldest entries go first, a larger result is not kept', async () => {
    const cache = new ChartDataCache(config);
    await cache.set('old', 1, 60, 300_000);
    await cache.set('new', 2, 60, 300_000);
    expect(await cache.get('old')).toBeNull();
    expect((await cache.get('new'))?.value).toBe(2);
    await cache.set('huge', 3, 60, 600_000);
    expect(await cache.get('huge')).toBeNull();
    expect((await cache.get('new'))?.value).toBe(2);
  });
});
