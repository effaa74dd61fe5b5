import fc from 'fast-check';
import { HISTORY_REDONE, HISTORY_UNDONE, type Envelope } from '../envelope';
import { EventLog } from './event-log';
import { foldEntries } from './history';
import { entry, listFold, type ListEvent, type ListState } from './list-domain.fixture';

/**
 * The rule of DESIGN.md written as plainly as possible, independent of EventLog's indexes and
 * snapshots: a marker counts when its actor owns the batch; a batch is undone if its latest counting
 * marker is `history/undone`; the state folds every other event in log order.
 */
function reference(entries: readonly Envelope[], position = entries.length): ListState {
  const considered = entries.slice(0, position);
  const owner = new Map<string, string>();
  const undoneBatches = new Set<string>();
  for (const e of considered) {
    if (e.type === HISTORY_UNDONE || e.type === HISTORY_REDONE) {
      const target = (e.data as { batchId: string }).batchId;
      if (owner.get(target) !== e.meta.actor) continue;
      if (e.type === HISTORY_UNDONE) undoneBatches.add(target);
      else undoneBatches.delete(target);
    } else if (!owner.has(e.meta.batchId)) {
      owner.set(e.meta.batchId, e.meta.actor);
    }
  }
  return considered
    .filter((e) => e.type !== HISTORY_UNDONE && e.type !== HISTORY_REDONE && !undoneBatches.has(e.meta.batchId))
    .reduce<ListState>((state, e) => listFold.evolve(state, e as unknown as ListEvent), listFold.initialState());
}

const actors = ['ann', 'bob', 'cy'] as const;
const actorArb = fc.constantFrom(...actors);
const eventArb: fc.Arbitrary<ListEvent> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .constantFrom('a', 'b', 'c', 'd')
      .map((value) => ({ type: 'list/appended' as const, data: { value } })),
  },
  { weight: 1, arbitrary: fc.constant({ type: 'list/shifted' as const, data: {} }) },
  { weight: 1, arbitrary: fc.constant({ type: 'list/reversed' as const, data: {} }) },
);
type Op =
  | { kind: 'batch'; actor: string; events: ListEvent[]; undoable: boolean }
  | { kind: 'undo' | 'redo'; actor: string }
  /** A marker nobody validated (an import, a bad client): it may target anyone's batch. */
  | { kind: 'stray'; actor: string; target: number; undo: boolean };
const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('batch' as const),
      actor: actorArb,
      events: fc.array(eventArb, { minLength: 1, maxLength: 3 }),
      undoable: fc.boolean(), // false: loading or view-only, never an undo step
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constantFrom('undo' as const, 'redo' as const), actor: actorArb }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('stray' as const),
      actor: actorArb,
      target: fc.nat(),
      undo: fc.boolean(),
    }),
  },
);
const opsArb = fc.array(opArb, { maxLength: 40 });

/** Plays the operations the way a client does: undo/redo append what the log proposes. */
function play(ops: readonly Op[], snapshotEvery: number): EventLog<ListState, ListEvent> {
  const log = new EventLog(listFold, { snapshotEvery });
  let n = 0;
  for (const op of ops) {
    n += 1;
    const batchId = `batch-${n}`;
    switch (op.kind) {
      case 'batch':
        log.append(op.events.map((e) => entry(e.type, e.data, { actor: op.actor, batchId, undoable: op.undoable })));
        break;
      case 'undo':
      case 'redo': {
        const marker = op.kind === 'undo' ? log.undoCommand(op.actor) : log.redoCommand(op.actor);
        if (marker) log.append([entry(marker.type, marker.data, { actor: op.actor, batchId, undoable: false })]);
        break;
      }
      case 'stray': {
        const batches = log.batches;
        if (batches.length === 0) break;
        const target = batches[op.target % batches.length]!.batchId;
        const type = op.undo ? HISTORY_UNDONE : HISTORY_REDONE;
        log.append([entry(type, { batchId: target }, { actor: op.actor, batchId, undoable: false })]);
        break;
      }
      default: {
        const unreachable: never = op;
        throw new Error(`unknown op ${JSON.stringify(unreachable)}`);
      }
    }
  }
  return log;
}

const marker = (type: string, target: string, actor: string) =>
  entry(type, { batchId: target }, { actor, batchId: `m-${target}-${actor}-${type}`, undoable: false });

describe('event log properties', () => {
  it('folding with snapshots equals folding from scratch, at every position, for any snapshot interval', () => {
    fc.assert(
      fc.property(opsArb, fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 12 }), (ops, built, rebuilt) => {
        const live = play(ops, built);
        const entries = live.entries;
        const hydrated = EventLog.from(listFold, entries, { snapshotEvery: rebuilt });
        // Jump backwards, so no position benefits from the one before it.
        for (let p = entries.length; p >= 0; p -= 1) {
          const expected = reference(entries, p);
          expect(live.stateAt(p)).toEqual(expected);
          expect(hydrated.stateAt(p)).toEqual(expected);
          expect(foldEntries(listFold, entries, p)).toEqual(expected);
        }
        expect(live.state).toEqual(reference(entries));
      }),
      { numRuns: 200 },
    );
  });

  it('undo then redo restores the state and the undo stack', () => {
    fc.assert(
      fc.property(opsArb, actorArb, fc.integer({ min: 1, max: 8 }), (ops, actor, every) => {
        const log = play(ops, every);
        const undo = log.undoCommand(actor);
        fc.pre(undo !== null);
        const before = log.state;
        const stacks = [[...log.undoStack(actor)], [...log.redoStack(actor)]];
        log.append([marker(undo!.type, undo!.data.batchId, actor)]);
        const redo = log.redoCommand(actor);
        expect(redo).toEqual({ type: HISTORY_REDONE, data: { batchId: undo!.data.batchId } });
        log.append([marker(redo!.type, redo!.data.batchId, actor)]);
        expect(log.state).toEqual(before);
        expect([log.undoStack(actor), log.redoStack(actor)]).toEqual(stacks);
      }),
      { numRuns: 200 },
    );
  });

  it('undoing a batch equals folding the log without it', () => {
    fc.assert(
      fc.property(opsArb, actorArb, fc.integer({ min: 1, max: 8 }), (ops, actor, every) => {
        const log = play(ops, every);
        const undo = log.undoCommand(actor);
        fc.pre(undo !== null);
        const target = undo!.data.batchId;
        const without = log.entries.filter((e) => e.meta.batchId !== target);
        log.append([marker(HISTORY_UNDONE, target, actor)]);
        expect(log.state).toEqual(reference(without));
        expect(log.state).toEqual(EventLog.from(listFold, without, { snapshotEvery: every }).state);
        expect(log.isUndone(target)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it("an actor's undo never touches another actor's batches or stacks", () => {
    fc.assert(
      fc.property(opsArb, actorArb, fc.integer({ min: 1, max: 8 }), (ops, actor, every) => {
        const log = play(ops, every);
        const others = log.batches.filter((b) => b.actor !== actor);
        const statusOf = () => others.map((b) => log.isUndone(b.batchId));
        const stacksOf = () =>
          actors.filter((a) => a !== actor).map((a) => [log.undoStack(a).join(), log.redoStack(a).join()]);
        const [status, stacks] = [statusOf(), stacksOf()];

        const undo = log.undoCommand(actor);
        if (undo) {
          expect(log.batch(undo.data.batchId)?.actor).toBe(actor);
          log.append([marker(undo.type, undo.data.batchId, actor)]);
        }
        // Even a marker nobody validated cannot undo someone else's batch.
        const before = log.state;
        for (const b of others) log.append([marker(HISTORY_UNDONE, b.batchId, actor)]);
        expect(log.state).toEqual(before);
        expect(statusOf()).toEqual(status);
        expect(stacksOf()).toEqual(stacks);
      }),
      { numRuns: 200 },
    );
  });
});
