/**
 * The rule of one SQL Lab permalink (stream `sqllab_permalink:<key>`): it is created once, under a key
 * that cannot be guessed, and never changes. What it reopens is validated at the edge (zod); the domain
 * checks what makes it a link at all.
 */
import { DomainError, type Decider } from '@strata/events';
import { leaveUnchanged, unknownCommand } from '../../shared/exhaustive';
import { SQLLAB_PERMALINK_KEY, type SqlLabPermalinkEvent, type SqlLabPermalinkState } from './permalink.events';

export interface SqlLabPermalinkDecision {
  created: boolean;
}

export type SqlLabPermalinkCommand = { type: 'CreateSqlLabPermalink'; key: string; state: SqlLabPermalinkState };

export const sqlLabPermalinkDecider: Decider<
  SqlLabPermalinkDecision,
  SqlLabPermalinkEvent,
  SqlLabPermalinkCommand,
  void
> = {
  initialState: () => ({ created: false }),

  evolve(state, event) {
    switch (event.type) {
      case 'sqllab/permalinkCreated':
        return { created: true };
      default:
        return leaveUnchanged(event as never, state); // an event of another context
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'CreateSqlLabPermalink': {
        if (state.created) throw new DomainError('permalink_exists', 'This permalink already exists.');
        if (!SQLLAB_PERMALINK_KEY.test(command.key))
          throw new DomainError('permalink_key_invalid', 'A permalink key is 16 to 64 url-safe characters.');
        if (!Number.isSafeInteger(command.state.dbId) || command.state.dbId < 1)
          throw new DomainError('permalink_database_required', 'A SQL Lab permalink names the database it runs on.');
        return [{ type: 'sqllab/permalinkCreated', data: { key: command.key, state: command.state } }];
      }
      default:
        return unknownCommand(command as never); // a command from an old client
    }
  },
};
