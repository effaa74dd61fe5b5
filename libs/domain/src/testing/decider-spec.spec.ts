import { DomainError, type Decider, type EventLike } from '@strata/events';
import { deciderSpec, SpecFailure } from './index';
import { deepEqual } from './deep-equal';

type CounterEvent = EventLike<'test/incremented', { by: number }>;
type CounterCommand = { type: 'Increment'; data: { by: number } };
interface CounterState {
  total: number;
  history: number[];
}

const counter: Decider<CounterState, CounterEvent, CounterCommand, { max: number }> = {
  initialState: () => ({ total: 0, history: [] }),
  decide: (command, state, context) => {
    if (state.total + command.data.by > context.max) throw new DomainError('counter_too_high', 'Too high.');
    return [{ type: 'test/incremented', data: { by: command.data.by } }];
  },
  evolve: (state, event) => ({ total: state.total + event.data.by, history: [...state.history, event.data.by] }),
};
const inc = (by: number): CounterCommand => ({ type: 'Increment', data: { by } });
const incremented = (by: number): CounterEvent => ({ type: 'test/incremented', data: { by } });

describe('deciderSpec (given/when/then for domain specs)', () => {
  const spec = deciderSpec(counter, { max: 10 });

  it('then passes when the command gives exactly the expected events', () => {
    spec
      .given([incremented(2)])
      .when(inc(3))
      .then([incremented(3)]);
  });

  it('then fails, showing both lists, when the events differ', () => {
    expect(() =>
      spec
        .given([])
        .when(inc(3))
        .then([incremented(4)]),
    ).toThrow(SpecFailure);
    expect(() => spec.given([]).when(inc(3)).then([])).toThrow(/expected:[\s\S]*actual:/);
  });

  it('thenThrows passes on the expected DomainError code and fails on another outcome', () => {
    spec
      .given([incremented(9)])
      .when(inc(2))
      .thenThrows('counter_too_high');
    expect(() =>
      spec
        .given([incremented(9)])
        .when(inc(2))
        .thenThrows('other_code'),
    ).toThrow(SpecFailure);
    expect(() => spec.given([]).when(inc(1)).thenThrows('counter_too_high')).toThrow(/gave events/);
  });

  it('the context can be given per command', () => {
    spec
      .given([incremented(9)])
      .when(inc(2), { max: 100 })
      .then([incremented(2)]);
  });

  it('thenState folds the given events, and the command’s events when there is one', () => {
    spec.given([incremented(1), incremented(2)]).thenState({ total: 3, history: [1, 2] });
    spec
      .given([incremented(1)])
      .when(inc(4))
      .thenState({ total: 5, history: [1, 4] });
    expect(() => spec.given([incremented(1)]).thenState({ total: 2, history: [1] })).toThrow(SpecFailure);
  });

  it('a decider that mutates its state instead of returning a new one fails the spec', () => {
    const mutating: typeof counter = {
      ...counter,
      evolve: (state, event) => {
        state.history.push(event.data.by);
        return state;
      },
    };
    expect(() =>
      deciderSpec(mutating, { max: 10 })
        .given([incremented(1)])
        .thenState({ total: 0, history: [1] }),
    ).toThrow(TypeError);
  });

  it('deepEqual treats undefined members as absent and compares arrays by position', () => {
    expect(deepEqual({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(deepEqual([1, 2], [2, 1])).toBe(false);
    expect(deepEqual({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true);
    expect(deepEqual({ a: 1 }, [1])).toBe(false);
  });
});
