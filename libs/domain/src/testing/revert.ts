import { DomainError } from '@strata/events';
import type { RevertContext } from '../shared/revert';

/** The names a revert's refusals use, by actor (`{ '2': 'alice' }`), as the server looks them up. */
export const revertNames = (names: Readonly<Record<string, string>>): RevertContext => ({
  names: new Map(Object.entries(names)),
});

/** The DomainError `run` refuses with; fails the spec when it is not refused. */
export function refusal(run: () => unknown): DomainError {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('the revert was not refused');
}
