import { Subject } from 'rxjs';
import { waitFor } from '@testing-library/react';
import { keyedStateSync, type KeyedStateSource } from './keyed-state-sync';

/** A page's state and the key store's calls, in memory: the sync's own rules, without a page or server. */
function harness(options: { firstNeedsKey?: boolean; quietMs?: number } = {}) {
  const changes$ = new Subject<void>();
  const calls: string[] = [];
  const keys: string[] = [];
  let state: string | null = null;
  const source: KeyedStateSource<string> = {
    changes$,
    body: () => state,
    text: (body) => body,
    opening: () => false,
    ...(options.firstNeedsKey !== undefined ? { firstNeedsKey: () => options.firstNeedsKey! } : {}),
    create: async (body) => {
      calls.push(`POST ${body}`);
      return `key${calls.length}`;
    },
    update: async (key, body, keepalive) => {
      calls.push(`PUT ${key} ${body}${keepalive ? ' keepalive' : ''}`);
    },
  };
  // An hour's quiet: nothing in a test waits that long, so only a flush sends a waiting change.
  const sync = keyedStateSync(source, (key) => keys.push(key), options.quietMs ?? 3_600_000);
  const show = (next: string) => {
    state = next;
    changes$.next();
  };
  return { sync, calls, keys, show };
}

describe('keyedStateSync (a page state under a key in its address)', () => {
  it('the first change gets a key at once; later ones wait for quiet, and leaving sends the last at once, keepalive', async () => {
    const { sync, calls, keys, show } = harness();
    sync.opened(null);
    show('a');
    await waitFor(() => expect(keys).toEqual(['key1']));
    expect(calls).toEqual(['POST a']);
    show('b');
    show('c');
    await Promise.resolve();
    expect(calls).toEqual(['POST a']);
    sync.flush();
    await waitFor(() => expect(calls).toEqual(['POST a', 'PUT key1 c keepalive']));
    sync.dispose();
  });

  it("an open's first state needs a key only when the page says so (a dashboard's filter defaults)", async () => {
    const quiet = harness({ firstNeedsKey: false });
    quiet.sync.opened(null);
    quiet.show('empty bar');
    quiet.sync.dispose();
    const defaults = harness({ firstNeedsKey: true });
    defaults.sync.opened(null);
    defaults.show('defaults');
    await waitFor(() => expect(defaults.calls).toEqual(['POST defaults']));
    expect(quiet.calls).toEqual([]);
    defaults.sync.dispose();
  });
});
