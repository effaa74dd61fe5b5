import { DomainError } from '@strata/events';

/**
 * Exhaustiveness checks for the `default:` of a switch over a union. The `never` parameter makes the
 * compiler fail when a member of the union has no case; at run time they say what to do with a value
 * from outside the union (an event of another context in a mixed log, a command from an old client).
 */

/** evolve is total: an event it does not know leaves the state unchanged. */
export function leaveUnchanged<S>(_event: never, state: S): S {
  return state;
}

/** decide refuses a command it does not know, with a code programs can rely on. */
export function unknownCommand(command: never): never {
  const type = (command as { type?: unknown } | null)?.type;
  throw new DomainError('command_unknown', `Unknown command '${String(type)}'.`);
}
