import { DomainError, type Decider, type EventLike } from '@strata/events';
import { openTestStore } from '../../test/event-store/store-fixture';
import { VersionConflictError } from './event-store.port';
import { DecisionRunner } from './load-decide-append';

/** A counter whose evolve counts its calls: how much folding each command costs. */
type CounterEvent = EventLike<'counter/created', { name: string }> | EventLike<'counter/incremented', { by: number }>;
type CounterCommand = { type: 'Create'; name: string } | { type: 'Increment'; by: number };
interface Counter {
  name: string | null;
  total: number;
}
let evolved = 0;
const counter: Decider<Counter, CounterEvent, CounterCommand, { max: number }> = {
  initialState: () => ({ name: null, total: 0 }),
  evolve: (state, event) => {
    evolved += 1;
    return event.type === 'counter/created'
      ? { ...state, name: event.data.name }
      : { ...state, total: state.total + event.data.by };
  },
  decide: (command, state, ctx) => {
    if (command.type === 'Create') return [{ type: 'counter/created', data: { name: command.name } }];
    if (state.total + command.by > ctx.max) throw new DomainError('too_big', `Value cannot exceed ${ctx.max}`);
    return [{ type: 'counter/incremented', data: { by: command.by } }];
  },
};
const ctx = { max: 10 };
const create = { type: 'Create', name: 'c' } as const;
const add = (by: number) => ({ type: 'Increment', by }) as const;

let s: Awaited<ReturnType<typeof openTestStore>>;
beforeAll(async () => {
  s = await openTestStore('decision_cache');
});
afterAll(async () => s.close());
afterEach(() => jest.restoreAllMocks());

it('decides a command on a stream it knows with one append: no read, and folds only the new events', async () => {
  const runner = new DecisionRunner(s.store, s.dataSource);
  const reads = jest.spyOn(s.store, 'readStream');
  const lookups = jest.spyOn(s.store, 'findCommand');
  evolved = 0;
  await runner.loadDecideAppend('cache:1', counter, create, ctx, { actor: '1', commandId: 'c1' });
  for (const [n, by] of [1, 2, 3].entries())
    await runner.loadDecideAppend('cache:1', counter, add(by), ctx, { actor: '1', commandId: `i${n}` });

  expect(reads).toHaveBeenCalledTimes(1); // the first command read the (empty) stream
  expect(lookups).not.toHaveBeenCalled(); // the append checks the command id itself
  expect(evolved).toBe(4); // each of the four events folded once, as it was appended
  expect((await runner.load('cache:1', counter)).state).toEqual({ name: 'c', total: 6 });
});

it("decides on the latest state after another process's append, reading only what follows the cached version", async () => {
  const one = new DecisionRunner(s.store, s.dataSource);
  const two = new DecisionRunner(s.store, s.dataSource);
  await one.loadDecideAppend('cache:2', counter, create, ctx, { actor: '1' });
  await one.loadDecideAppend('cache:2', counter, add(4), ctx, { actor: '1' });
  await two.loadDecideAppend('cache:2', counter, add(5), ctx, { actor: '2' });

  const reads = jest.spyOn(s.store, 'readStream');
  // `one` holds version 2: its append conflicts, it reads version 3 and decides again.
  const result = await one.loadDecideAppend('cache:2', counter, add(1), ctx, { actor: '1' });
  expect(result.version).toBe(4);
  expect(reads.mock.calls.map(([stream, from]) => [stream, from])).toEqual([['cache:2', 2]]);
  // Its state now counts the other process's 5: 4 + 5 + 1 leaves no room.
  await expect(one.loadDecideAppend('cache:2', counter, add(1), ctx, { actor: '1' })).rejects.toMatchObject({
    code: 'too_big',
  });
});

it('takes a version a client saw from another process as the stream catching up, not as a conflict', async () => {
  const one = new DecisionRunner(s.store, s.dataSource);
  const two = new DecisionRunner(s.store, s.dataSource);
  await one.loadDecideAppend('cache:3', counter, create, ctx, { actor: '1' });
  await two.loadDecideAppend('cache:3', counter, add(2), ctx, { actor: '2' });
  const result = await one.loadDecideAppend('cache:3', counter, add(3), ctx, { actor: '1', expectedVersion: 2 });
  expect(result.version).toBe(3);
  const stale = one.loadDecideAppend('cache:3', counter, add(3), ctx, { actor: '1', expectedVersion: 2 });
  await expect(stale).rejects.toBeInstanceOf(VersionConflictError);
  await expect(stale).rejects.toMatchObject({ expected: 2, actual: 3 });
});

it("never keeps what a caller's transaction appended and then rolled back", async () => {
  const runner = new DecisionRunner(s.store, s.dataSource);
  await runner.loadDecideAppend('cache:4', counter, create, ctx, { actor: '1' });
  await expect(
    s.dataSource.transaction(async (tx) => {
      await runner.loadDecideAppend('cache:4', counter, add(5), ctx, { actor: '1' }, { tx });
      throw new Error('the caller changed its mind');
    }),
  ).rejects.toThrow('the caller changed its mind');
  // With the rolled-back 5 counted, 6 would exceed the maximum.
  const result = await runner.loadDecideAppend('cache:4', counter, add(6), ctx, { actor: '1' });
  expect(result.version).toBe(2);
  expect((await runner.load('cache:4', counter)).state.total).toBe(6);
});
