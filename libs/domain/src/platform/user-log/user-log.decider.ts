/**
 * The rule of a user's log (stream `userlog:<userId>`, or `userlog:guest` for embedded guests;
 * sqllab-and-platform §7 Event logging): one request's entries are recorded together, one
 * `platform/userEventLogged` per entry (explode=events), as one batch. A request holds between one and
 * USER_LOG_MAX_EVENTS_PER_REQUEST entries; the entries themselves were validated at the edge
 * (userLogBodySchema). Whether the request came from an embedded guest is the server's to say (however
 * the guest token came), so it arrives on the command.
 */
import { DomainError, type Decider } from '@strata/events';
import { leaveUnchanged, unknownCommand } from '../../shared/exhaustive';
import {
  explodeUserLog,
  USER_LOG_MAX_EVENTS_PER_REQUEST,
  type UserLogBody,
  type UserLogGuest,
  type UserLogQuery,
  type UserLogStoredEvent,
} from './user-log-event';

export interface UserLogState {
  logged: number;
}

export type UserLogCommand = {
  type: 'LogUserEvents';
  body: UserLogBody;
  query: UserLogQuery;
  guest: boolean;
  /** For an embedded guest: who the guest token says it is (the audit view shows it; the token is never kept). */
  guestUser?: UserLogGuest;
};

export const userLogDecider: Decider<UserLogState, UserLogStoredEvent, UserLogCommand, void> = {
  initialState: () => ({ logged: 0 }),

  evolve(state, event) {
    switch (event.type) {
      case 'platform/userEventLogged':
        return { logged: state.logged + 1 };
      default:
        return leaveUnchanged(event as never, state); // an event of another context
    }
  },

  decide(command) {
    switch (command.type) {
      case 'LogUserEvents': {
        const count = command.body.events.length;
        if (count === 0) throw new DomainError('user_log_empty', 'A log request carries at least one event.');
        if (count > USER_LOG_MAX_EVENTS_PER_REQUEST) {
          throw new DomainError(
            'user_log_too_many',
            `Too many events in one request: at most ${USER_LOG_MAX_EVENTS_PER_REQUEST}.`,
          );
        }
        return explodeUserLog(command.body, command.query).map((event) => ({
          ...event,
          data: {
            ...event.data,
            guest: command.guest,
            ...(command.guest && command.guestUser !== undefined ? { guest_user: command.guestUser } : {}),
          },
        }));
      }
      default:
        return unknownCommand(command as never); // a command from an old client
    }
  },
};
