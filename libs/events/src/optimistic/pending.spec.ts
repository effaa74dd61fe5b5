import type { AckMessage } from '../protocol';
import { EventLog } from '../log/event-log';
import { entry, listFold } from '../log/list-domain.fixture';
import {
  acknowledge,
  addPending,
  confirmedVersion,
  optimistic,
  optimisticEntries,
  receiveConfirmed,
  type PendingBatch,
} from './pending';

/** A server event on stream 'd' at a given version. */
const server = (value: string, version: number, batchId: string, actor = 'bob') => ({
  ...entry('list/appended', { value }, { actor, batchId }, 'd'),
  version,
});
/** A local batch decided on the client, numbered after what it had confirmed. */
const local = (value: string, batchId: string, version: number, clientSeq: number): PendingBatch => ({
  batchId,
  commandId: `cmd-${batchId}`,
  clientSeq,
  events: [{ ...entry('list/appended', { value }, { actor: 'ann', batchId }, 'd'), version }],
});
const stateOf = (o: ReturnType<typeof optimistic>) => EventLog.from(listFold, optimisticEntries(o)).state;
const rejected = (batch: PendingBatch): AckMessage => ({
  type: 'ack',
  clientSeq: batch.clientSeq,
  commandId: batch.commandId,
  result: 'rejected',
  reason: 'conflict',
  message: 'The dashboard changed',
});

describe('optimistic shared streams', () => {
  it('shows pending local batches on top of the confirmed events', () => {
    let o = optimistic([server('x', 1, 's1')]);
    o = addPending(o, local('mine', 'p1', 2, 1));
    expect(stateOf(o)).toEqual(['x', 'mine']);
  });

  it('rebases pending batches after events that other users committed first', () => {
    let o = addPending(optimistic([server('x', 1, 's1')]), local('mine', 'p1', 2, 1));
    o = receiveConfirmed(o, [server('theirs', 2, 's2')]);
    expect(stateOf(o)).toEqual(['x', 'theirs', 'mine']);
    expect(o.pending[0]!.events[0]!.version).toBe(3);
  });

  it('moves a committed batch to confirmed, in the server’s order, when its events arrive', () => {
    let o = optimistic([server('x', 1, 's1')]);
    o = addPending(o, local('mine', 'p1', 2, 1));
    o = addPending(o, local('later', 'p2', 3, 2));
    const ack: AckMessage = { type: 'ack', clientSeq: 1, commandId: 'cmd-p1', result: 'committed', version: 3 };
    expect(acknowledge(o, ack)).toEqual({ state: o, dropped: null }); // still shown until its events arrive

    o = receiveConfirmed(o, [server('theirs', 2, 's2'), server('mine', 3, 'p1', 'ann')]);
    expect(o.pending.map((b) => b.batchId)).toEqual(['p2']);
    expect(o.confirmed.map((e) => e.meta.batchId)).toEqual(['s1', 's2', 'p1']);
    expect(stateOf(o)).toEqual(['x', 'theirs', 'mine', 'later']);
  });

  it('drops a rejected batch and hands it back so the user can be told', () => {
    const mine = local('mine', 'p1', 2, 1);
    let o = addPending(addPending(optimistic([server('x', 1, 's1')]), mine), local('later', 'p2', 3, 2));
    const result = acknowledge(o, rejected(mine));
    o = result.state;
    expect(result.dropped?.batchId).toBe('p1');
    expect(stateOf(o)).toEqual(['x', 'later']);
    expect(o.pending[0]!.events[0]!.version).toBe(2);
    expect(acknowledge(o, rejected(mine)).dropped).toBeNull();
  });

  it('ignores events it already has (catch-up after a reconnect overlaps) and reports the version to resume from', () => {
    let o = optimistic([server('x', 1, 's1'), server('y', 2, 's2')]);
    expect(confirmedVersion(o, 'd')).toBe(2);
    expect(confirmedVersion(o, 'other')).toBe(0);
    const same = receiveConfirmed(o, [server('y', 2, 's2')]);
    expect(same).toBe(o);
    o = receiveConfirmed(o, [server('y', 2, 's2'), server('z', 3, 's3')]);
    expect(stateOf(o)).toEqual(['x', 'y', 'z']);
  });

  it('keeps confirmed entries by identity, so a store refolds only the tail', () => {
    let o = addPending(optimistic([server('x', 1, 's1')]), local('mine', 'p1', 2, 1));
    const before = optimisticEntries(o);
    o = receiveConfirmed(o, [server('theirs', 2, 's2')]);
    expect(optimisticEntries(o)[0]).toBe(before[0]);
  });
});
