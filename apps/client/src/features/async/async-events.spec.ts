import { BehaviorSubject, Subject } from 'rxjs';
import type { AsyncEvent } from '@strata/events';
import { AsyncJobError, createAsyncEvents, type AsyncEvents, type PushTransport } from './async-events';

// The channel's rules with an in-process push channel (the socket path is covered in sqllab/runs/async-runs.spec.ts and async-chart-data.spec.ts).
let channel: AsyncEvents;
const events$ = new Subject<AsyncEvent>();
const connected$ = new BehaviorSubject(true);
const push: PushTransport = { events$, connected$, close: () => undefined };
let warnings: string[];
let polls: (string | null)[];

const event = (id: number, clientId: string, status: 'done' | 'error' = 'done'): AsyncEvent => ({
  id: String(id),
  job_id: `job-${id}`,
  client_id: clientId,
  status,
  result_url: status === 'done' ? `/api/v1/sqllab/results/?q=(key:k${id})` : null,
  errors: status === 'error' ? [{ message: 'boom', error_type: 'GENERIC_DB_ENGINE_ERROR' }] : [],
});

beforeEach(() => {
  warnings = [];
  polls = [];
  channel = createAsyncEvents({
    poll: async (lastId) => {
      polls.push(lastId);
      return [];
    },
    openPush: () => push,
    storage: null,
    retryDelayMs: 10,
    warn: (m) => warnings.push(m),
  });
});
afterEach(() => channel.dispose());

describe('async event channel', () => {
  it('hands an event that came before its listener over once the listener is there (retried with growing delay)', async () => {
    const first = channel.listen('other', async () => 'x'); // opens the push channel
    events$.next(event(1, 'early'));
    await new Promise((r) => setTimeout(r, 25)); // two retries: 10 ms, then 20 ms
    const result = channel.listen('early', async (url) => url);
    await expect(result).resolves.toBe('/api/v1/sqllab/results/?q=(key:k1)');
    expect(warnings).toEqual([]);
    channel.forget('other');
    void first;
  });

  it('drops an event nobody listens to after 6 retries, with a warning', async () => {
    const waiting = channel.listen('mine', async () => 'x');
    events$.next(event(2, 'someone-else'));
    await new Promise((r) => setTimeout(r, 10 * (1 + 2 + 3 + 4 + 5 + 6) + 50));
    expect(warnings).toEqual(['Async event 2 for job someone-else has no listener; dropped.']);
    channel.forget('mine');
    void waiting;
  });

  it('rejects on an error event with the formatted errors, and handles each event id once', async () => {
    const failing = channel.listen('bad', async () => 'never');
    events$.next(event(3, 'bad', 'error'));
    const error = await failing.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AsyncJobError);
    expect(error).toMatchObject({ message: 'boom', errors: [{ message: 'boom', error_type: 'GENERIC_DB_ENGINE_ERROR', level: 'error' }] });
    // The same event again (push and poll overlap) reaches no one, not even a new listener.
    let resolved = false;
    void channel.listen('bad', async () => (resolved = true));
    events$.next(event(3, 'bad', 'done'));
    await new Promise((r) => setTimeout(r, 100));
    expect(resolved).toBe(false);
  });

  it('polls once to catch up when the socket connects, then not while it stays up', async () => {
    const waiting = channel.listen('quiet', async () => 'x');
    await new Promise((r) => setTimeout(r, 700));
    expect(polls).toEqual([null]);
    channel.forget('quiet');
    void waiting;
  });
});
