import { ConnectionQueue, EngineBusyError } from './connection-queue';
import { EngineTimeoutError } from './query-engine';

describe('ConnectionQueue: slots first come, first served', () => {
  it('gives free slots at once, then hands each released slot to the longest waiter', async () => {
    const queue = new ConnectionQueue(2, 10);
    const first = await queue.acquire();
    await queue.acquire();
    const order: string[] = [];
    const waiters = ['a', 'b', 'c'].map((name) => queue.acquire(60_000).then((release) => (order.push(name), release)));
    expect(queue.stats).toEqual({ inUse: 2, waiting: 3 });
    first();
    first(); // a second call frees nothing more
    const a = await waiters[0]!;
    expect(order).toEqual(['a']);
    expect(queue.stats).toEqual({ inUse: 2, waiting: 2 });
    a();
    (await waiters[1]!)();
    (await waiters[2]!)();
    expect(order).toEqual(['a', 'b', 'c']);
    expect(queue.stats).toEqual({ inUse: 1, waiting: 0 });
  });

  it("a waiter gives up after its own wait with the query's timeout error, and leaves the line", async () => {
    const queue = new ConnectionQueue(1, 10);
    const held = await queue.acquire();
    await expect(queue.acquire(0)).rejects.toBeInstanceOf(EngineTimeoutError);
    expect(queue.stats).toEqual({ inUse: 1, waiting: 0 });
    held();
    expect(queue.stats).toEqual({ inUse: 0, waiting: 0 });
  });

  it('refuses at once with EngineBusyError (503) when the line is full', async () => {
    const queue = new ConnectionQueue(1, 2);
    const held = await queue.acquire();
    const waiting = [queue.acquire(60_000), queue.acquire(60_000)];
    await expect(queue.acquire(60_000)).rejects.toMatchObject({ name: 'EngineBusyError', status: 503 });
    await expect(queue.acquire(60_000)).rejects.toBeInstanceOf(EngineBusyError);
    held();
    (await waiting[0]!)();
    (await waiting[1]!)();
  });
});
