/**
 * A tiny context for the tests of this package: a list of strings. Its events do not commute (append
 * then reverse differs from reverse then append), so a fold that skips, repeats or reorders an event
 * shows up as a different list.
 */
import type { Envelope, EventLike } from '../envelope';
import type { Fold } from './fold';

export type ListEvent =
  | EventLike<'list/appended', { value: string }>
  | EventLike<'list/shifted', Record<string, never>>
  | EventLike<'list/reversed', Record<string, never>>;

export type ListState = readonly string[];

export const listFold: Fold<ListState, ListEvent> = {
  initialState: () => [],
  evolve(state, event) {
    switch (event.type) {
      case 'list/appended':
        return [...state, event.data.value];
      case 'list/shifted':
        return state.slice(1);
      case 'list/reversed':
        return [...state].reverse();
      default: {
        const unreachable: never = event;
        void unreachable;
        return state;
      }
    }
  },
};

/** Counts evolve calls, to assert how much work a jump costs. */
export function countingFold(): { fold: Fold<ListState, ListEvent>; calls: () => number; reset: () => void } {
  let calls = 0;
  return {
    fold: {
      initialState: listFold.initialState,
      evolve: (state, event) => {
        calls += 1;
        return listFold.evolve(state, event);
      },
    },
    calls: () => calls,
    reset: () => {
      calls = 0;
    },
  };
}

let seq = 0;

/** An envelope as a client or the server would write it; ids come from a counter, times are fixed. */
export function entry(
  type: string,
  data: unknown,
  meta: { actor: string; batchId: string; undoable?: boolean },
  stream = 'test',
): Envelope {
  seq += 1;
  return {
    id: `e${seq}`,
    stream,
    version: seq,
    type,
    data,
    meta: { at: '2024-01-01T00:00:00.000Z', ...meta },
  };
}

export const appended = (value: string, actor: string, batchId: string, undoable?: boolean): Envelope =>
  entry('list/appended', { value }, { actor, batchId, ...(undoable === undefined ? {} : { undoable }) });

export const undone = (target: string, actor: string): Envelope =>
  entry('history/undone', { batchId: target }, { actor, batchId: `u-${target}-${seq}`, undoable: false });

export const redone = (target: string, actor: string): Envelope =>
  entry('history/redone', { batchId: target }, { actor, batchId: `r-${target}-${seq}`, undoable: false });
