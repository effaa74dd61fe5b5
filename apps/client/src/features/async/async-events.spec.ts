import { BehaviorSubject, Subject } from 'rxjs';
import type { AsyncEvent } from '@strata/events';
import {
  ASYNC_POLLING_DELAY_MS,
  AsyncJobError,
  createAsyncEvents,
  type AsyncEvents,
  type PushTransport,
} from './async-events';

// The channel's rules with an in-process push channel (the socket path is covered in sqllab/runs/async-runs.spec.ts and async-chart-data.spec.ts).
// Its retries and polling run on Jest's fake clock: the test moves time, so a busy machine changes nothing.
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
  jest.useFakeTimers();
  connected$.next(true);
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
afterEach(() => {
  channel.dispose();
  jest.useRealTimers();
});

describe('async event channel', () => {
  it('hands an event that came before its listener over once the listener is there (retried with growing delay)', async () => {
    const first = channel.listen('other', async () => 'x'); // opens the push channel
    events$.next(event(1, 'early'));
    await jest.advanceTimersByTimeAsync(25); // one retry at 10 ms; the next is due at 30 ms
    const result = channel.listen('early', async (url) => url);
    await jest.advanceTimersByTimeAsync(5);
    await expect(result).resolves.toBe('/api/v1/sqllab/results/?q=(key:k1)');
    expect(warnings).toEqual([]);
    channel.forget('other');
    void first;
  });

  it('drops an event nobody listens to after 6 retries, with a warning', async () => {
    const waiting = channel.listen('mine', async () => 'x');
    events$.next(event(2, 'someone-else'));
    await jest.advanceTimersByTimeAsync(10 * (1 + 2 + 3 + 4 + 5) + 1);
    expect(warnings).toEqual([]);
    await jest.advanceTimersByTimeAsync(10 * 6);
    expect(warnings).toEqual(['Async event 2 for job someone-else has no listener; dropped.']);
    channel.forget('mine');
    void waiting;
  });

  it('rejects on an error event with the formatted errors, and handles each event id once', async () => {
    const failing = channel.listen('bad', async () => 'never');
    events$.next(event(3, 'bad', 'error'));
    const error = await failing.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AsyncJobError);
    expect(error).toMatchObject({
      message: 'boom',
      errors: [{ message: 'boom', error_type: 'GENERIC_DB_ENGINE_ERROR', level: 'error' }],
    });
    // The same event again (push and poll overlap) reaches no one, not even a new listener.
    let resolved = false;
    void channel.listen('bad', async () => (resolved = true));
    events$.next(event(3, 'bad', 'done'));
    await jest.advanceTimersByTimeAsync(1000);
    expect(resolved).toBe(false);
  });

  it('polls while a job waits and the socket is down, and stops once nothing waits', async () => {
    connected$.next(false);
    const waiting = channel.listen('polled', async () => 'x');
    await jest.advanceTimersByTimeAsync(ASYNC_POLLING_DELAY_MS * 2);
    expect(polls).toEqual([null, null, null]);
    channel.forget('polled');
    await jest.advanceTimersByTimeAsync(ASYNC_POLLING_DELAY_MS * 5);
    expect(polls).toHaveLength(3);
    void waiting;
  });

  it('polls once to catch up when the socket connects, then not while it stays up', async () => {
    const waiting = channel.listen('quiet', async () => 'x');
    await jest.advanceTimersByTimeAsync(ASYNC_POLLING_DELAY_MS * 5);
    expect(polls).toEqual([null]);
    channel.forget('quiet');
    void waiting;
  });
});
