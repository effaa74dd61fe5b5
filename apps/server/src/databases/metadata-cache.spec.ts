import { MetadataCache } from './metadata-cache';

describe('MetadataCache', () => {
  const db = { id: 1, changed_on: '2026-01-01T00:00:00.000Z', cache_timeout: null };

  it('answers from the cache until force, and never across a change of the database', async () => {
    const cache = new MetadataCache();
    let calls = 0;
    const load = async () => ++calls;
    expect(await cache.get(db, 'schemas', false, load)).toBe(1);
    expect(await cache.get(db, 'schemas', false, load)).toBe(1);
    expect(await cache.get(db, 'schemas', true, load)).toBe(2);
    expect(await cache.get(db, 'schemas', false, load)).toBe(2);
    expect(await cache.get({ ...db, changed_on: '2026-01-02T00:00:00.000Z' }, 'schemas', false, load)).toBe(3);
  });

  it('does not keep errors, and expires after the database cache_timeout', async () => {
    const cache = new MetadataCache();
    await expect(cache.get(db, 'tables', false, async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get(db, 'tables', false, async () => 'fresh')).toBe('fresh');
    const short = { ...db, id: 2, cache_timeout: 1 };
    const now = jest.spyOn(Date, 'now');
    now.mockReturnValue(1_000_000);
    expect(await cache.get(short, 'x', false, async () => 'a')).toBe('a');
    now.mockReturnValue(1_000_500);
    expect(await cache.get(short, 'x', false, async () => 'b')).toBe('a');
    now.mockReturnValue(1_001_001);
    expect(await cache.get(short, 'x', false, async () => 'c')).toBe('c');
    now.mockRestore();
  });
});
