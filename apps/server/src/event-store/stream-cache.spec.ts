import type { Envelope } from '@strata/events';
import { StreamCache, StreamState } from './stream-cache';

const envelope = (stream: string, version: number): Envelope => ({
  id: `${stream}-${version}`,
  stream,
  version,
  type: 'test/counted',
  data: { n: version },
  meta: { actor: '1', at: '2026-01-01T00:00:00.000Z', batchId: `${stream}-${version}` },
});
const stateOf = (stream: string, versions: number) =>
  new StreamState(Array.from({ length: versions }, (_, i) => envelope(stream, i + 1)));
const count = { initialState: () => 0, evolve: (n: number) => n + 1 };

describe('StreamCache', () => {
  it('drops the least recently used stream past its stream bound', () => {
    const cache = new StreamCache(2, 1000);
    cache.set('a', stateOf('a', 1));
    cache.set('b', stateOf('b', 1));
    cache.get('a');
    cache.set('c', stateOf('c', 1));
    expect([cache.get('a') !== undefined, cache.get('b') !== undefined, cache.get('c') !== undefined]).toEqual([
      true,
      false,
      true,
    ]);
  });

  it('drops streams past its event bound, and never holds a stream longer than the bound', () => {
    const cache = new StreamCache(100, 10);
    cache.set('a', stateOf('a', 6));
    cache.set('b', stateOf('b', 6));
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')?.state.version).toBe(6);
    cache.set('huge', stateOf('huge', 11));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.size).toBe(1);
  });

  it('keeps a later version over an earlier one unless the later one is stale', () => {
    const cache = new StreamCache();
    cache.set('a', stateOf('a', 3));
    cache.set('a', stateOf('a', 2));
    expect(cache.get('a')?.state.version).toBe(3);
    cache.markStale('a');
    expect(cache.get('a')?.stale).toBe(true);
    cache.set('a', stateOf('a', 4));
    expect(cache.get('a')).toMatchObject({ stale: false, state: { version: 4 } });
  });
});

describe('StreamState', () => {
  it('continues its folds when extended, and the earlier state still answers for its own version', () => {
    const two = stateOf('a', 2);
    expect(two.stateOf(count)).toBe(2);
    const three = two.extend([envelope('a', 3)]);
    expect(three.version).toBe(3);
    expect(three.stateOf(count)).toBe(3);
    expect(two.stateOf(count)).toBe(2);
  });
});
