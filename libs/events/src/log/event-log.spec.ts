import { asHydration } from './envelopes';
import { EventLog } from './event-log';
import { checkHistory, foldEntries, redoCommand, undoCommand } from './history';
import type { Fold } from './fold';
import { appended, countingFold, entry, listFold, redone, undone, type ListEvent } from './list-domain.fixture';

const logOf = (...entries: ReturnType<typeof appended>[]) => EventLog.from(listFold, entries);

describe('undo and redo stacks', () => {
  it('undoes the actor’s latest batch first, and redoes the most recently undone', () => {
    const log = logOf(appended('x', 'ann', 'b1'), appended('y', 'ann', 'b2'));
    expect(log.undoCommand('ann')).toEqual({ type: 'history/undone', data: { batchId: 'b2' } });

    log.append([undone('b2', 'ann')]);
    expect(log.state).toEqual(['x']);
    expect(log.undoCommand('ann')?.data.batchId).toBe('b1');

    log.append([undone('b1', 'ann')]);
    expect(log.state).toEqual([]);
    expect(log.redoCommand('ann')).toEqual({ type: 'history/redone', data: { batchId: 'b1' } });

    log.append([redone('b1', 'ann')]);
    expect(log.state).toEqual(['x']);
    expect(log.redoCommand('ann')?.data.batchId).toBe('b2');
  });

  it('a new undoable batch by the actor clears their redo stack, and the undone batch stays undone', () => {
    const log = logOf(appended('x', 'ann', 'b1'), undone('b1', 'ann'));
    expect(log.canRedo('ann')).toBe(true);

    log.append([appended('y', 'ann', 'b2')]);
    expect(log.canRedo('ann')).toBe(false);
    expect(log.state).toEqual(['y']);
    expect(log.checkHistory('ann', { type: 'history/redone', data: { batchId: 'b1' } })).toBe('redo_cleared');
  });

  it('another actor’s batch, or a view-only batch of the same actor, leaves the redo stack alone', () => {
    const log = logOf(appended('x', 'ann', 'b1'), undone('b1', 'ann'));
    log.append([appended('y', 'bob', 'b2'), appended('z', 'ann', 'hover', false)]);
    expect(log.redoCommand('ann')?.data.batchId).toBe('b1');
  });

  it('skips batches that are not undo steps (loading, remote hydration, view-only)', () => {
    const log = logOf(appended('x', 'ann', 'b1'), appended('loaded', 'ann', 'load', false));
    expect(log.undoCommand('ann')?.data.batchId).toBe('b1');
    log.append([undone('b1', 'ann')]);
    expect(log.state).toEqual(['loaded']);
    expect(log.canUndo('ann')).toBe(false);
  });

  it('returns null when there is nothing to undo or redo', () => {
    expect(logOf().undoCommand('ann')).toBeNull();
    expect(logOf().redoCommand('ann')).toBeNull();
    const onlyOthers = logOf(appended('x', 'bob', 'b1'), appended('y', 'ann', 'load', false));
    expect(onlyOthers.undoCommand('ann')).toBeNull();
    expect(onlyOthers.canUndo('ann')).toBe(false);
    expect(onlyOthers.canUndo('bob')).toBe(true);
  });

  it('applies an owner’s undo of a hydrated batch, so every copy of the log agrees with the server', () => {
    // On the server bob's batch is an undo step; on ann's client it arrived as hydration.
    const log = logOf(appended('x', 'bob', 'b1', false), appended('y', 'ann', 'b2'));
    log.append([undone('b1', 'bob')]);
    expect(log.state).toEqual(['y']);
    expect(log.canRedo('bob')).toBe(false);
  });

  it('hydrated entries are no undo steps, yet their owner’s later undo applies', () => {
    const saved = [appended('x', 'ann', 'b1'), appended('y', 'ann', 'b2')];
    const log = EventLog.from(listFold, asHydration(saved));
    expect(log.canUndo('ann')).toBe(false);
    expect(saved[0]!.meta.undoable).toBeUndefined(); // the originals are left as they were
    log.append([undone('b2', 'ann')]); // ann undid it in another tab; the server accepted it
    expect(log.state).toEqual(['x']);
  });

  it('keeps markers that change nothing as audit only', () => {
    const log = logOf(appended('x', 'ann', 'b1'), appended('y', 'bob', 'b2'));
    log.append([
      undone('nope', 'ann'), // unknown batch
      undone('b2', 'ann'), // not ann's
      redone('b1', 'ann'), // not undone
    ]);
    expect(log.state).toEqual(['x', 'y']);
    log.append([undone('b1', 'ann'), undone('b1', 'ann'), redone('b1', 'ann')]);
    expect(log.state).toEqual(['x', 'y']);
    expect(log.length).toBe(8);
  });
});

describe('the server’s check of a history event', () => {
  const entries = [appended('x', 'ann', 'b1'), appended('y', 'bob', 'b2'), appended('z', 'ann', 'load', false)];
  const undo = (batchId: unknown) => ({ type: 'history/undone', data: { batchId } });

  it('accepts exactly what undoCommand and redoCommand propose', () => {
    expect(checkHistory(entries, 'ann', undoCommand(entries, 'ann')!)).toBeNull();
    const after = [...entries, undone('b1', 'ann')];
    expect(checkHistory(after, 'ann', redoCommand(after, 'ann')!)).toBeNull();
  });

  it('names why it refuses', () => {
    expect(checkHistory(entries, 'ann', undo('b9'))).toBe('unknown_batch');
    expect(checkHistory(entries, 'ann', undo('b2'))).toBe('not_owner');
    expect(checkHistory(entries, 'ann', undo('load'))).toBe('not_undoable');
    expect(checkHistory(entries, 'ann', undo(42))).toBe('malformed');
    expect(checkHistory(entries, 'ann', { type: 'dashboard/moved', data: {} })).toBe('malformed');
    expect(checkHistory(entries, 'ann', { type: 'history/redone', data: { batchId: 'b1' } })).toBe('not_undone');
    expect(checkHistory([...entries, undone('b1', 'ann')], 'ann', undo('b1'))).toBe('already_undone');
  });
});

describe('positions, snapshots and time travel', () => {
  it('stateAt(p) is the state after the first p entries, with batches undone at p skipped', () => {
    const log = logOf(appended('x', 'ann', 'b1'), appended('y', 'ann', 'b2'), undone('b1', 'ann'));
    expect(log.stateAt(0)).toEqual([]);
    expect(log.stateAt(2)).toEqual(['x', 'y']);
    expect(log.stateAt(3)).toEqual(['y']);
    expect(log.isUndone('b1', 2)).toBe(false);
    expect(log.isUndone('b1')).toBe(true);
    expect(() => log.stateAt(4)).toThrow(RangeError);
    expect(() => log.stateAt(-1)).toThrow(RangeError);
  });

  it('takes a snapshot every N entries', () => {
    const log = new EventLog(listFold, { snapshotEvery: 3 });
    log.append(Array.from({ length: 7 }, (_, i) => appended(`v${i}`, 'ann', `b${i}`)));
    expect(log.snapshotPositions).toEqual([0, 3, 6]);
    expect(() => new EventLog(listFold, { snapshotEvery: 0 })).toThrow(RangeError);
  });

  it('jumps in a 100,000-entry log evolve one snapshot interval at most, even after an old batch is undone', () => {
    // A sum keeps each evolve O(1), so the test measures the log's work, not the list copies.
    let calls = 0;
    const sum: Fold<number, ListEvent> = {
      initialState: () => 0,
      evolve: (total, event) => {
        calls += 1;
        return event.type === 'list/appended' ? total + Number(event.data.value) : total;
      },
    };
    const entries = Array.from({ length: 100_000 }, (_, i) => appended(String(i), i % 2 ? 'ann' : 'bob', `b${i}`));
    const log = EventLog.from(sum, entries, { snapshotEvery: 100 });
    // bob undoes his batch at index 2: it sits before every snapshot, so they no longer apply after here.
    log.append([undone('b2', 'bob'), appended('1', 'ann', 'b-last')]);
    const sumTo = (p: number) => (p * (p - 1)) / 2; // 0 + 1 + ... + (p - 1)
    expect(log.state).toBe(sumTo(100_000) - 2 + 1);

    let seed = 7;
    for (let jump = 0; jump < 500; jump += 1) {
      seed = (seed * 48271) % 2147483647;
      const position = seed % (log.length + 1);
      calls = 0;
      const state = log.stateAt(position);
      expect(calls).toBeLessThanOrEqual(100);
      expect(state).toBe(position <= 100_000 ? sumTo(position) : sumTo(100_000) - 2 + (position - 100_001));
    }
  });

  it('hydrates from JSON and exports what it holds', () => {
    const log = logOf(appended('x', 'ann', 'b1'), appended('y', 'bob', 'b2'), undone('b1', 'ann'));
    const copy = EventLog.from(listFold, JSON.parse(JSON.stringify(log)));
    expect(copy.state).toEqual(['y']);
    expect(copy.export()).toEqual(log.export());
    expect(copy.batches.map((b) => [b.batchId, b.actor, b.undoable, b.firstIndex, b.eventCount])).toEqual([
      ['b1', 'ann', true, 0, 1],
      ['b2', 'bob', true, 1, 1],
    ]);
  });

  it('sync keeps the common prefix: appending refolds one entry, replacing a tail refolds only the tail', () => {
    const counting = countingFold();
    const base = Array.from({ length: 1000 }, (_, i) => appended(`v${i}`, 'ann', `b${i}`));
    const log = EventLog.from(counting.fold, base, { snapshotEvery: 50 });
    const pending = appended('pending', 'ann', 'p1');

    counting.reset();
    expect(log.sync([...base, pending])).toBe(1000);
    expect(counting.calls()).toBe(1);

    const confirmed = appended('from-server', 'bob', 's1');
    counting.reset();
    expect(log.sync([...base, confirmed, pending])).toBe(1000);
    expect(counting.calls()).toBeLessThanOrEqual(50 + 2);
    expect(log.state.slice(-2)).toEqual(['from-server', 'pending']);
    expect(log.state).toEqual(foldEntries(listFold, [...base, confirmed, pending]));
  });

  it('truncate rebuilds the stacks of the kept entries', () => {
    const log = logOf(appended('x', 'ann', 'b1'), undone('b1', 'ann'), appended('y', 'ann', 'b2'));
    expect(log.canRedo('ann')).toBe(false);
    log.truncate(2);
    expect(log.state).toEqual([]);
    expect(log.redoCommand('ann')?.data.batchId).toBe('b1');
    expect(() => log.truncate(3)).toThrow(RangeError);
  });

  it('folds events of other types as the context decides (unknown types leave the state unchanged)', () => {
    const log = logOf(appended('x', 'ann', 'b1'), entry('other/thing', {}, { actor: 'ann', batchId: 'b2' }));
    expect(log.state).toEqual(['x']);
  });
});
