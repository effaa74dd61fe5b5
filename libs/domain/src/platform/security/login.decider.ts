/**
 * The sign-ins of one login stream (login.events.ts), pure. The password check, the throttle and the
 * session rows are the server's; what the log may record is decided here: a stream speaks for one account
 * (its username's; usernames are unique ignoring case and never change), so sign-ins of two accounts never
 * mix in one audit trail.
 */
import { DomainError, type Decider } from '@strata/events';
import { leaveUnchanged, unknownCommand } from '../../shared/exhaustive';
import type { LoggedIn, LoggedOut, LoginEvent, LoginFailed } from './login.events';

export interface LoginState {
  /** The account this stream's sign-ins are for; null until one is recorded (and on the unknown-users stream). */
  userId: number | null;
}

export type LoginCommand =
  | { type: 'RecordLogin'; data: LoggedIn['data'] }
  | { type: 'RecordLoginFailure'; data: LoginFailed['data'] }
  | { type: 'RecordLogout'; data: Required<LoggedOut['data']> };

function checkAccount(state: LoginState, userId: number): void {
  if (state.userId !== null && state.userId !== userId) {
    throw new DomainError('login_account_mismatch', 'These sign-ins belong to another account.');
  }
}

function decideFailure(data: LoginFailed['data'], state: LoginState): LoginEvent[] {
  // A failure for a name nobody has (userId null) says nothing about whose stream this is.
  if (data.userId !== null) checkAccount(state, data.userId);
  return [{ type: 'security/loginFailed', data }];
}

export const loginDecider: Decider<LoginState, LoginEvent, LoginCommand, void> = {
  initialState: () => ({ userId: null }),

  evolve(state, event) {
    switch (event.type) {
      case 'security/loggedIn':
      case 'security/loggedOut':
        return state.userId === event.data.userId ? state : { userId: event.data.userId };
      case 'security/loginFailed':
        return event.data.userId === null || state.userId === event.data.userId ? state : { userId: event.data.userId };
      default:
        return leaveUnchanged(event, state);
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'RecordLogin':
        checkAccount(state, command.data.userId);
        return [{ type: 'security/loggedIn', data: command.data }];
      case 'RecordLoginFailure':
        return decideFailure(command.data, state);
      case 'RecordLogout':
        checkAccount(state, command.data.userId);
        return [{ type: 'security/loggedOut', data: command.data }];
      default:
        return unknownCommand(command);
    }
  },
};
