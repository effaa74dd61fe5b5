import { AppConfig } from '../config/app-config';
import { CACHE_DEFAULT_TIMEOUT_SEC, cacheTimeoutOf, ChartDataCache } from './chart-data-cache';

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

describe('cacheTimeoutOf (REFERENCE §2.1 precedence)', () => {
  it('takes the most specific timeout that is set: request, chart, dataset, database, then one day', () => {
    expect(cacheTimeoutOf({ custom: 5, chart: 10, dataset: 20, database: 30 })).toBe(5);
    expect(cacheTimeoutOf({ custom: null, chart: 10, dataset: 20, database: 30 })).toBe(10);
    expect(cacheTimeoutOf({ chart: null, dataset: 20, database: 30 })).toBe(20);
    expect(cacheTimeoutOf({ chart: null, dataset: null, database: 30 })).toBe(30);
    expect(cacheTimeoutOf({})).toBe(CACHE_DEFAULT_TIMEOUT_SEC);
  });

  it('a 0 on the first level set means the server default, not the next level', () => {
    expect(cacheTimeoutOf({ dataset: 0, database: 30 })).toBe(CACHE_DEFAULT_TIMEOUT_SEC);
  });
});
