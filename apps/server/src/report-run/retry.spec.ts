import { withRetries, within } from './retry';

const transient = (e: unknown) => (e as Error).message === 'transient';

describe('withRetries', () => {
  it('tries a transient failure again after each wait, until it passes', async () => {
    let calls = 0;
    const out = await withRetries(
      async () => {
        if (++calls < 3) throw new Error('transient');
        return 'ok';
      },
      { delaysMs: [1, 1], deadline: Date.now() + 60_000, transient },
    );
    expect(out).toBe('ok');
    expect(calls).toBe(3);
  });

  it('gives up after the last wait, with the last error', async () => {
    let calls = 0;
    const work = withRetries(
      async () => {
        calls++;
        throw new Error('transient');
      },
      { delaysMs: [1, 1], deadline: Date.now() + 60_000, transient },
    );
    await expect(work).rejects.toThrow('transient');
    expect(calls).toBe(3);
  });

  it('does not retry a permanent failure', async () => {
    let calls = 0;
    const work = withRetries(
      async () => {
        calls++;
        throw new Error('permanent');
      },
      { delaysMs: [1, 1], deadline: Date.now() + 60_000, transient },
    );
    await expect(work).rejects.toThrow('permanent');
    expect(calls).toBe(1);
  });

  it('starts no wait that would end past the deadline', async () => {
    let calls = 0;
    const work = withRetries(
      async () => {
        calls++;
        throw new Error('transient');
      },
      { delaysMs: [60_000], deadline: Date.now() + 1000, transient },
    );
    await expect(work).rejects.toThrow('transient');
    expect(calls).toBe(1);
  });
});

describe('within', () => {
  it('rejects with the given error when the work does not end in time', async () => {
    const never = new Promise<never>(() => undefined);
    await expect(within(5, never, () => new Error('late'))).rejects.toThrow('late');
  });

  it('passes the result through when it is in time', async () => {
    await expect(within(60_000, Promise.resolve(4), () => new Error('late'))).resolves.toBe(4);
  });
});
