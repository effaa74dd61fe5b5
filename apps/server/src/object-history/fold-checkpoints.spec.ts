import { FoldCheckpoints } from './fold-checkpoints';

describe('FoldCheckpoints', () => {
  const at = (second: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, second)).toISOString();

  it('given checkpoints at 500 and 1000, a point picks the latest wholly before it', () => {
    const cache = new FoldCheckpoints();
    cache.add('chart:1', { position: 500, count: 500, maxAt: at(5), row: { n: 500 } });
    cache.add('chart:1', { position: 1000, count: 1000, maxAt: at(10), row: { n: 1000 } });
    expect(cache.best('chart:1', { position: 499 })).toBeNull();
    expect(cache.best('chart:1', { position: 500 })?.row).toEqual({ n: 500 });
    expect(cache.best('chart:1', { position: 999 })?.row).toEqual({ n: 500 });
    expect(cache.best('chart:1', { position: 5000 })?.row).toEqual({ n: 1000 });
    expect(cache.best('chart:1', { at: at(9) })?.row).toEqual({ n: 500 });
    expect(cache.best('chart:1', { at: at(10) })?.row).toEqual({ n: 1000 });
    expect(cache.best('chart:2', { position: 5000 })).toBeNull();
  });

  it('when told a checkpoint is not whole, forgets every checkpoint of that object only', () => {
    const cache = new FoldCheckpoints();
    cache.add('chart:1', { position: 500, count: 500, maxAt: at(5), row: null });
    cache.add('chart:2', { position: 500, count: 500, maxAt: at(5), row: null });
    cache.forget('chart:1');
    expect(cache.best('chart:1', { position: 600 })).toBeNull();
    expect(cache.best('chart:2', { position: 600 })).not.toBeNull();
  });

  it('past its bound, the least recently used object goes first', () => {
    const cache = new FoldCheckpoints();
    for (let id = 0; id < 4000; id++) cache.add(`chart:${id}`, { position: 1, count: 1, maxAt: at(1), row: null });
    cache.best('chart:0', { position: 1 });
    cache.add('chart:new', { position: 1, count: 1, maxAt: at(1), row: null });
    expect(cache.best('chart:0', { position: 1 })).not.toBeNull();
    expect(cache.best('chart:1', { position: 1 })).toBeNull();
    expect(cache.best('chart:new', { position: 1 })).not.toBeNull();
  });
});
