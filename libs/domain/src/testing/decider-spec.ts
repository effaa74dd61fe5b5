import { DomainError, type Decider, type EventLike } from '@strata/events';
import { deepEqual, deepFreeze, show } from './deep-equal';

/** Thrown when a given/when/then expectation does not hold; Jest reports its message. */
export class SpecFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SpecFailure';
  }
}

export interface WhenClause<S, E> {
  /** The command yields exactly these events (one batch), in this order. */
  then(expected: readonly E[]): void;
  /** The command is refused with a DomainError carrying this code. */
  thenThrows(code: string): void;
  /** The command's events, folded onto the given state, give this state. */
  thenState(expected: S): void;
}

export interface GivenClause<S, E, C, Ctx> {
  when(command: C, context?: Ctx): WhenClause<S, E>;
  /** For fold-only contexts: folding the given events gives this state. */
  thenState(expected: S): void;
}

export interface DeciderSpec<S, E, C, Ctx> {
  given(events: readonly E[]): GivenClause<S, E, C, Ctx>;
}

/**
 * given(events).when(command).then(events): the shape of every domain spec (emmett's DeciderSpecification).
 * The given state and the events are deep-frozen, so a decide or evolve that mutates instead of
 * returning a new value fails the spec.
 */
export function deciderSpec<S, E extends EventLike, C, Ctx = void>(
  decider: Decider<S, E, C, Ctx>,
  defaultContext?: Ctx,
): DeciderSpec<S, E, C, Ctx> {
  const fold = (state: S, events: readonly E[]): S =>
    events.reduce((s, e) => deepFreeze(decider.evolve(s, deepFreeze(e))), state);

  return {
    given(givenEvents) {
      const givenState = () => fold(deepFreeze(decider.initialState()), givenEvents);
      return {
        thenState(expected) {
          assertEqual('state after the given events', fold(deepFreeze(decider.initialState()), givenEvents), expected);
        },
        when(command, context) {
          const ctx = (context ?? defaultContext) as Ctx;
          const run = (): { state: S; events: E[] } => {
            const state = givenState();
            return { state, events: decider.decide(deepFreeze(command), state, ctx) };
          };
          return {
            then(expected) {
              assertEqual('events', run().events, expected);
            },
            thenState(expected) {
              const { state, events } = run();
              assertEqual('state after the command', fold(state, events), expected);
            },
            thenThrows(code) {
              let events: E[];
              try {
                events = run().events;
              } catch (error) {
                if (error instanceof DomainError && error.code === code) return;
                const got = error instanceof DomainError ? `DomainError '${error.code}'` : String(error);
                throw new SpecFailure(`expected DomainError '${code}', got ${got}`);
              }
              throw new SpecFailure(`expected DomainError '${code}', but the command gave events:\n${show(events)}`);
            },
          };
        },
      };
    },
  };
}

function assertEqual(what: string, actual: unknown, expected: unknown): void {
  if (!deepEqual(actual, expected)) {
    throw new SpecFailure(`${what} differ.\nexpected:\n${show(expected)}\nactual:\n${show(actual)}`);
  }
}
