import { Subject } from 'rxjs';
import { waitFor } from '@testing-library/react';
import { ErrorType } from '@strata/domain';
import { ApiError } from '../../features/api/api-error';
import { keyedStateSync, type KeyedStateSource } from './keyed-state-sync';

/** A page's state and the key store's calls, in memory: the sync's own rules, without a page or server. */
function harness(options: { firstNeedsKey?: boolean; quietMs?: number; createRefused?: number } = {}) {
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
      if (options.createRefused)
        throw new ApiError({
          message: 'Forbidden',
          status: options.createRefused,
          statusText: 'Forbidden',
          errors: [],
          error_type: ErrorType.GENERIC_BACKEND_ERROR,
        });
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

/** The fake store answers within microtasks: one turn of the event loop settles every request sent. */
const settled = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

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

  it('a user refused a key (403) is not asked again on every change: one refused POST, then nothing', async () => {
    const { sync, calls, keys, show } = harness({ createRefused: 403 });
    sync.opened(null);
    show('a');
    await settled();
    expect(calls).toEqual(['POST a']);
    show('b');
    sync.flush();
    await settled();
    sync.opened(null);
    show('c');
    await settled();
    expect(calls).toEqual(['POST a']);
    expect(keys).toEqual([]);
    sync.dispose();
  });

  it('another failure (the server down) is tried again with the next change', async () => {
    const { sync, calls, show } = harness({ createRefused: 503 });
    sync.opened(null);
    show('a');
    await settled();
    expect(calls).toEqual(['POST a']);
    show('b');
    sync.flush();
    await waitFor(() => expect(calls).toEqual(['POST a', 'POST b']));
    sync.dispose();
  });
});
