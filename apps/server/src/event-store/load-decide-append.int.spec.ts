import { DomainError, HISTORY_UNDONE, type Decider, type EventLike } from '@strata/events';
import type { EntityManager } from 'typeorm';
import { openTestStore } from '../../test/event-store/store-fixture';
import { CommandRetryPolicy } from './command-retry';
import { VersionConflictError } from './event-store.port';
import { DecisionRunner } from './load-decide-append';

/** A tiny bounded context for the test: a named counter. */
type CounterEvent = EventLike<'counter/created', { name: string }> | EventLike<'counter/incremented', { by: number }>;
type CounterCommand = { type: 'Create'; name: string } | { type: 'Increment'; by: number };
interface Counter {
  name: string | null;
  total: number;
}
const counter: Decider<Counter, CounterEvent, CounterCommand, { max: number }> = {
  initialState: () => ({ name: null, total: 0 }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'counter/created':
        return { ...state, name: event.data.name };
      case 'counter/incremented':
        return { ...state, total: state.total + event.data.by };
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
  decide: (command, state, ctx) => {
    switch (command.type) {
      case 'Create':
        if (state.name !== null) throw new DomainError('exists', 'This counter already exists.');
        return [{ type: 'counter/created', data: { name: command.name } }];
      case 'Increment':
        if (state.name === null) throw new DomainError('missing', 'Create the counter first.');
        if (state.total + command.by > ctx.max) throw new DomainError('too_big', `Value cannot exceed ${ctx.max}`);
        return [{ type: 'counter/incremented', data: { by: command.by } }];
      default: {
        const unknown: never = command;
        return unknown;
      }
    }
  },
};

let s: Awaited<ReturnType<typeof openTestStore>>;
let runner: DecisionRunner;
beforeAll(async () => {
  s = await openTestStore('decide');
  runner = new DecisionRunner(s.store, s.dataSource);
});
afterAll(async () => s.close());

const ctx = { max: 10 };

it('loads, decides against the folded state and appends at the loaded version', async () => {
  await runner.loadDecideAppend('counter:1', counter, { type: 'Create', name: 'clicks' }, ctx, { actor: '1' });
  const result = await runner.loadDecideAppend('counter:1', counter, { type: 'Increment', by: 4 }, ctx, { actor: '1' });
  expect(result.version).toBe(2);
  expect((await runner.load('counter:1', counter)).state).toEqual({ name: 'clicks', total: 4 });
  await expect(
    runner.loadDecideAppend('counter:1', counter, { type: 'Increment', by: 7 }, ctx, { actor: '1' }),
  ).rejects.toThrow('Value cannot exceed 10');
  await expect(
    runner.loadDecideAppend('counter:1', counter, { type: 'Create', name: 'x' }, ctx, { actor: '1' }),
  ).rejects.toBeInstanceOf(DomainError);
});

it('answers a retried command with its first result instead of deciding again', async () => {
  const first = await runner.loadDecideAppend('counter:2', counter, { type: 'Create', name: 'a' }, ctx, {
    actor: '1',
    commandId: 'create-2',
  });
  // Deciding again would fail ("already exists"); the retry must succeed as a duplicate.
  const retry = await runner.loadDecideAppend('counter:2', counter, { type: 'Create', name: 'a' }, ctx, {
    actor: '1',
    commandId: 'create-2',
  });
  expect(retry).toEqual({ ...first, duplicate: true });
});

it("conflicts when the client decided against an older version than the stream's", async () => {
  await runner.loadDecideAppend('counter:3', counter, { type: 'Create', name: 'a' }, ctx, { actor: '1' });
  await runner.loadDecideAppend('counter:3', counter, { type: 'Increment', by: 1 }, ctx, { actor: '2' });
  const stale = runner.loadDecideAppend('counter:3', counter, { type: 'Increment', by: 1 }, ctx, {
    actor: '1',
    expectedVersion: 1,
  });
  await expect(stale).rejects.toBeInstanceOf(VersionConflictError);
  await expect(stale).rejects.toMatchObject({ expected: 1, actual: 2 });
});

it('folds with undone batches skipped and lets an actor undo only their own batch', async () => {
  await runner.loadDecideAppend('counter:4', counter, { type: 'Create', name: 'a' }, ctx, {
    actor: '1',
    undoable: false,
  });
  const mine = await runner.loadDecideAppend('counter:4', counter, { type: 'Increment', by: 5 }, ctx, { actor: '1' });
  await runner.loadDecideAppend('counter:4', counter, { type: 'Increment', by: 2 }, ctx, { actor: '2' });
  const batchId = mine.events[0]!.meta.batchId;

  await expect(
    runner.appendHistory('counter:4', { type: HISTORY_UNDONE, data: { batchId } }, { actor: '2' }),
  ).rejects.toMatchObject({
    code: 'history_not_owner',
  });
  const undo = await runner.appendHistory('counter:4', { type: HISTORY_UNDONE, data: { batchId } }, { actor: '1' });
  expect(undo.events[0]!.meta.undoable).toBe(false);
  expect((await runner.load('counter:4', counter)).state.total).toBe(2);
  // The undone 5 no longer counts against the limit.
  await runner.loadDecideAppend('counter:4', counter, { type: 'Increment', by: 8 }, ctx, { actor: '1' });
  expect((await runner.load('counter:4', counter)).state.total).toBe(10);
});

it('appends a second stream alongside in one transaction: a failure there writes neither', async () => {
  await runner.loadDecideAppend('counter:5', counter, { type: 'Create', name: 'a' }, ctx, { actor: '1' });
  const mirror = (tx: EntityManager) =>
    s.store.append('mirror:5', [{ type: 'counter/incremented', data: { by: 1 } }], {
      tx,
      expectedVersion: 'any',
      meta: { actor: '1' },
    });
  await runner.loadDecideAppend(
    'counter:5',
    counter,
    { type: 'Increment', by: 1 },
    ctx,
    { actor: '1' },
    { alongside: async (tx) => void (await mirror(tx)) },
  );
  expect(await s.store.streamVersion('mirror:5')).toBe(1);

  const failing = runner.loadDecideAppend(
    'counter:5',
    counter,
    { type: 'Increment', by: 1 },
    ctx,
    { actor: '1' },
    {
      alongside: async (tx) => {
        await mirror(tx);
        throw new Error('the second write failed');
      },
    },
  );
  await expect(failing).rejects.toThrow('the second write failed');
  expect(await s.store.streamVersion('counter:5')).toBe(2);
  expect(await s.store.streamVersion('mirror:5')).toBe(1);
});

it('decides again after a conflict, but never for a client that named its version', async () => {
  await runner.loadDecideAppend('counter:6', counter, { type: 'Create', name: 'a' }, ctx, { actor: '1' });
  let attempts = 0;
  // The first attempt loses a race on the second stream (a stale expected version there): both roll back.
  const racedOnce = async (tx: EntityManager) => {
    attempts += 1;
    await s.store.append('mirror:6', [{ type: 'counter/incremented', data: { by: 1 } }], {
      tx,
      expectedVersion: attempts === 1 ? 7 : 'any',
      meta: { actor: '1' },
    });
  };
  const result = await runner.loadDecideAppend(
    'counter:6',
    counter,
    { type: 'Increment', by: 2 },
    ctx,
    { actor: '1' },
    { alongside: racedOnce },
  );
  expect(attempts).toBe(2);
  expect(result.version).toBe(2);
  expect((await runner.load('counter:6', counter)).state.total).toBe(2);
  expect(await s.store.streamVersion('mirror:6')).toBe(1);

  attempts = 0;
  const named = runner.loadDecideAppend(
    'counter:6',
    counter,
    { type: 'Increment', by: 1 },
    ctx,
    { actor: '1', expectedVersion: 2 },
    { alongside: racedOnce },
  );
  await expect(named).rejects.toBeInstanceOf(VersionConflictError);
  expect(attempts).toBe(1);
  expect(await s.store.streamVersion('counter:6')).toBe(2);
});

describe('the retry budget is time, not a count', () => {
  /** A clock whose pauses only move its hands: the budget is spent without the test waiting for it. */
  const clock = () => {
    let now = 0;
    return { now: () => now, pause: async (ms: number) => void (now += ms) };
  };
  /** An alongside write that loses its race the first `times` attempts, then lands. */
  const losing = (stream: string, times: number) => {
    const seen = { attempts: 0 };
    const write = async (tx: EntityManager) => {
      seen.attempts += 1;
      await s.store.append(stream, [{ type: 'counter/incremented', data: { by: 1 } }], {
        tx,
        expectedVersion: seen.attempts <= times ? 999 : 'any',
        meta: { actor: '1' },
      });
    };
    return { seen, write };
  };

  it('keeps deciding again for as long as the budget lasts, far past any small count', async () => {
    const patient = new DecisionRunner(s.store, s.dataSource, new CommandRetryPolicy(60_000, clock()));
    await patient.loadDecideAppend('counter:7', counter, { type: 'Create', name: 'a' }, ctx, { actor: '1' });
    const race = losing('mirror:7', 100);
    const result = await patient.loadDecideAppend(
      'counter:7',
      counter,
      { type: 'Increment', by: 1 },
      ctx,
      { actor: '1' },
      { alongside: race.write },
    );
    expect(race.seen.attempts).toBe(101);
    expect(result.version).toBe(2);
    expect(await s.store.streamVersion('mirror:7')).toBe(1);
  });

  it('answers the conflict once the budget is spent, and at once with no budget', async () => {
    const time = clock();
    const spent = new DecisionRunner(s.store, s.dataSource, new CommandRetryPolicy(5_000, time));
    await spent.loadDecideAppend('counter:8', counter, { type: 'Create', name: 'a' }, ctx, { actor: '1' });
    const endless = losing('mirror:8', Infinity);
    await expect(
      spent.loadDecideAppend(
        'counter:8',
        counter,
        { type: 'Increment', by: 1 },
        ctx,
        { actor: '1' },
        { alongside: endless.write },
      ),
    ).rejects.toBeInstanceOf(VersionConflictError);
    expect(endless.seen.attempts).toBeGreaterThan(1);
    expect(time.now()).toBeLessThanOrEqual(5_000);
    expect(await s.store.streamVersion('counter:8')).toBe(1);

    const impatient = new DecisionRunner(s.store, s.dataSource, new CommandRetryPolicy(0, clock()));
    const once = losing('mirror:8', Infinity);
    await expect(
      impatient.loadDecideAppend(
        'counter:8',
        counter,
        { type: 'Increment', by: 1 },
        ctx,
        { actor: '1' },
        { alongside: once.write },
      ),
    ).rejects.toBeInstanceOf(VersionConflictError);
    expect(once.seen.attempts).toBe(1);
  });
});

describe('a refusal is decided on the stream now, not on a cached fold', () => {
  afterEach(() => jest.restoreAllMocks());

  it("decides again on another process's appends instead of refusing on its stale fold", async () => {
    // Two server processes on one database: each runner's cache is its own process's.
    const a = new DecisionRunner(s.store, s.dataSource);
    const b = new DecisionRunner(s.store, s.dataSource);
    expect((await a.load('counter:9', counter)).version).toBe(0); // A now holds the stream before it exists
    await b.loadDecideAppend('counter:9', counter, { type: 'Create', name: 'a' }, ctx, { actor: '2' });

    // On A's cached fold the counter is missing; on the stream now it exists.
    const reads = jest.spyOn(s.store, 'readStream');
    const result = await a.loadDecideAppend('counter:9', counter, { type: 'Increment', by: 4 }, ctx, { actor: '1' });
    expect(result.version).toBe(2);
    expect(reads.mock.calls.map(([stream, from]) => [stream, from])).toEqual([['counter:9', 0]]);
    expect((await b.load('counter:9', counter)).state).toEqual({ name: 'a', total: 4 });
  });

  it('refuses on the current state, with one read of what followed the cached version', async () => {
    const a = new DecisionRunner(s.store, s.dataSource);
    const b = new DecisionRunner(s.store, s.dataSource);
    await a.loadDecideAppend('counter:10', counter, { type: 'Create', name: 'a' }, ctx, { actor: '1' });
    await b.loadDecideAppend('counter:10', counter, { type: 'Increment', by: 6 }, ctx, { actor: '2' });

    const reads = jest.spyOn(s.store, 'readStream');
    // A's fold (0) would allow 5; the stream now (6) does not.
    await expect(
      a.loadDecideAppend('counter:10', counter, { type: 'Increment', by: 5 }, ctx, { actor: '1' }),
    ).rejects.toMatchObject({ code: 'too_big' });
    expect(reads.mock.calls.map(([stream, from]) => [stream, from])).toEqual([['counter:10', 1]]);
    // Refused on a fold that is current: one read finds nothing newer, and the refusal stands.
    reads.mockClear();
    await expect(
      a.loadDecideAppend('counter:10', counter, { type: 'Increment', by: 5 }, ctx, { actor: '1' }),
    ).rejects.toMatchObject({ code: 'too_big' });
    expect(reads.mock.calls.map(([stream, from]) => [stream, from])).toEqual([['counter:10', 2]]);
    expect(await s.store.streamVersion('counter:10')).toBe(2);
  });
});
