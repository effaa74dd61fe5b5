import type { Decider } from '../envelope';
import { firstValueFrom, toArray } from 'rxjs';
import { appended, listFold, type ListEvent, type ListState } from '../log/list-domain.fixture';
import { createStore, type LogChange } from './store';

const add = (value: string): ListEvent => ({ type: 'list/appended', data: { value } });
const reverse: ListEvent = { type: 'list/reversed', data: {} };
const meta = (batchId: string, actor = 'ann', undoable?: boolean) => ({
  actor,
  batchId,
  at: '2024-05-01T10:00:00.000Z',
  ...(undoable === undefined ? {} : { undoable }),
});

function collect<T>(source: { subscribe(fn: (v: T) => void): { unsubscribe(): void } }) {
  const values: T[] = [];
  const subscription = source.subscribe((v) => values.push(v));
  return { values, stop: () => subscription.unsubscribe() };
}

describe('createStore', () => {
  let n = 0;
  const store = () =>
    createStore({ fold: listFold, stream: 'sqllab', stamp: () => ({ batchId: `h${++n}`, at: 'now' }) });

  it('state$ emits the fold after each dispatch; one dispatch is one batch', () => {
    const s = store();
    const seen = collect<ListState>(s.state$);
    const envelopes = s.dispatch([add('a'), add('b')], meta('b1'));
    s.dispatch([reverse], meta('b2'));

    expect(seen.values).toEqual([[], ['a', 'b'], ['b', 'a']]);
    expect(envelopes.map((e) => [e.id, e.stream, e.version, e.meta.batchId])).toEqual([
      ['b1:0', 'sqllab', 1, 'b1'],
      ['b1:1', 'sqllab', 2, 'b1'],
    ]);
    expect(s.log.batches.map((b) => [b.batchId, b.eventCount])).toEqual([
      ['b1', 2],
      ['b2', 1],
    ]);
    s.dispose();
  });

  it('undo and redo append markers for the actor only, and history$ follows', () => {
    const s = store();
    const history = collect(s.history$('ann'));
    s.dispatch([add('mine')], meta('b1'));
    s.dispatch([add('theirs')], meta('b2', 'bob'));

    const marker = s.undo('ann');
    expect(marker).toMatchObject({
      type: 'history/undone',
      data: { batchId: 'b1' },
      meta: { actor: 'ann', undoable: false },
    });
    expect(s.getState()).toEqual(['theirs']);
    expect(s.undo('ann')).toBeNull();

    s.redo('ann', { batchId: 'given', at: 'later' });
    expect(s.getState()).toEqual(['mine', 'theirs']);
    expect(s.log.entries.at(-1)?.meta).toMatchObject({ batchId: 'given', at: 'later' });
    expect(history.values).toEqual([
      { canUndo: false, canRedo: false },
      { canUndo: true, canRedo: false },
      { canUndo: false, canRedo: true },
      { canUndo: true, canRedo: false },
    ]);
    s.dispose();
  });

  it('undo without a stamp source says what is missing', () => {
    const s = createStore({ fold: listFold });
    s.dispatch([add('a')], meta('b1'));
    expect(() => s.undo('ann')).toThrow(/needs a stamp/);
  });

  it('scrubTo shows an earlier state, new events do not move it, resume returns to live', () => {
    const s = store();
    s.dispatch([add('a')], meta('b1'));
    s.dispatch([add('b')], meta('b2'));
    const seen = collect<ListState>(s.state$);

    s.scrubTo(1);
    expect(s.cursor$.value).toBe(1);
    s.dispatch([add('c')], meta('b3'));
    s.scrubTo(0);
    s.resume();

    expect(seen.values).toEqual([['a', 'b'], ['a'], [], ['a', 'b', 'c']]);
    expect(s.cursor$.value).toBeNull();
    expect(() => s.scrubTo(4)).toThrow(RangeError);
    s.dispose();
  });

  it('a time-travel view of an undone batch shows it as it was then', async () => {
    const s = store();
    s.dispatch([add('a')], meta('b1'));
    s.undo('ann');
    s.scrubTo(1);
    expect(await firstValueFrom(s.state$)).toEqual(['a']);
    expect(await firstValueFrom(s.liveState$)).toEqual([]);
    s.dispose();
  });

  it('exports a JSON-able log and imports it back to the same state, returning to live', () => {
    const s = store();
    s.dispatch([add('a'), add('b')], meta('b1'));
    s.dispatch([reverse], meta('b2', 'bob'));
    s.undo('ann');
    const exported = JSON.parse(JSON.stringify(s.exportLog()));

    const other = store();
    other.scrubTo(0);
    other.importLog(exported);
    expect(other.getState()).toEqual(s.getState());
    expect(other.cursor$.value).toBeNull();
    expect(other.exportLog()).toEqual(exported);
    expect(other.log.redoCommand('ann')?.data.batchId).toBe('b1');
    s.dispose();
    other.dispose();
  });

  it('changes$ reports appended entries, and a rebased tail from the position it changed', () => {
    const s = store();
    const changes = collect<LogChange>(s.changes$);
    s.dispatch([add('a')], meta('b1'));
    const pending = s.log$.value;
    const remote = appended('r', 'bob', 'r1');
    s.log$.next([remote, ...pending]);

    expect(changes.values.map((c) => [c.from, c.entries.map((e) => e.meta.batchId)])).toEqual([
      [0, ['b1']],
      [0, ['r1', 'b1']],
    ]);
    expect(s.getState()).toEqual(['r', 'a']);
    s.dispose();
  });

  it('hydrates from initial entries, which are not undo steps when marked so', () => {
    const s = createStore({ fold: listFold, entries: [appended('saved', 'ann', 'load', false)] });
    expect(s.getState()).toEqual(['saved']);
    expect(s.log.canUndo('ann')).toBe(false);
    s.dispose();
  });

  it('takes a Decider as its fold', () => {
    const decider: Decider<ListState, ListEvent, { add: string }> = {
      ...listFold,
      decide: (command) => [add(command.add)],
    };
    const s = createStore({ fold: decider });
    s.dispatch(decider.decide({ add: 'x' }, s.getState()), meta('b1'));
    expect(s.getState()).toEqual(['x']);
    s.dispose();
  });

  it('dispose completes the observables', async () => {
    const s = store();
    const done = firstValueFrom(s.state$.pipe(toArray()));
    s.dispose();
    expect(await done).toEqual([[]]);
  });
});
