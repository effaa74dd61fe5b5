/**
 * The rules of one user account, pure: decide(command, state, context) -> events; evolve(state, event).
 * Rules that span users (unique username, "keep one active admin") need every user and are checked by the
 * server beside the append (a unique index; `losesActiveAdmin` tells it when to look for another admin).
 */
import { DomainError, type Decider } from '@strata/events';
import { leaveUnchanged, unknownCommand } from '../../shared/exhaustive';
import { isAdmin } from '../permissions/permissions';
import type { UserEvent } from './user.events';

export interface UserState {
  id: number | null;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  roles: string[];
  active: boolean;
  /** Deleted: the stream stays (history), the account does not; nothing more may be decided on it. */
  deleted: boolean;
}

export interface CreateUser {
  type: 'CreateUser';
  data: {
    id: number;
    username: string;
    firstName: string;
    lastName: string;
    email: string;
    roles: string[];
    /** False creates the account deactivated (one intent, one batch). */
    active?: boolean;
  };
}
/** The admin's user form (or the user's own password change): only the fields it sends. */
export interface UpdateUser {
  type: 'UpdateUser';
  data: {
    firstName?: string;
    lastName?: string;
    email?: string;
    roles?: string[];
    active?: boolean;
    /** A new password was given; its hash never reaches the domain. */
    passwordChanged?: boolean;
  };
}
/** The admin deletes the account. */
export interface DeleteUser {
  type: 'DeleteUser';
  data: Record<string, never>;
}
export type UserCommand = CreateUser | UpdateUser | DeleteUser;

export interface UserContext {
  /** Role names that exist (the domain's built-in roles). */
  knownRoles: readonly string[];
  /** The user acting, when a user acts: nobody may deactivate, delete or demote their own account. */
  actorId?: number;
}

/**
 * Why an admin may not switch off, delete or demote their own account (they would lock themselves out of
 * user management): the decider's refusal, and the title of the users page's disabled controls on the
 * admin's own row.
 */
export const SELF_LOCKOUT = {
  deactivate: 'You cannot deactivate your own account.',
  delete: 'You cannot delete your own account.',
  demote: 'You cannot take the Admin role away from yourself.',
} as const;

const USERNAME = /^[\p{L}\p{N}._@+-]{1,64}$/u;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function checkRoles(roles: string[], context: UserContext): void {
  if (roles.length === 0) throw new DomainError('roles_required', 'A user needs at least one role.');
  const unknown = roles.filter((r) => !context.knownRoles.includes(r));
  if (unknown.length > 0) throw new DomainError('unknown_role', `Some roles do not exist: ${unknown.join(', ')}.`);
}

function checkProfile(data: { firstName?: string; lastName?: string; email?: string }): void {
  for (const name of [data.firstName, data.lastName]) {
    if (name !== undefined && name.length > 64)
      throw new DomainError('name_too_long', 'Names can be at most 64 characters long.');
  }
  if (data.email !== undefined && data.email !== '' && !EMAIL.test(data.email)) {
    throw new DomainError('invalid_email', 'Not a valid email address.');
  }
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));
const unique = (xs: string[]) => [...new Set(xs)];

function decideCreate({ data }: CreateUser, state: UserState, context: UserContext): UserEvent[] {
  if (state.id !== null) throw new DomainError('user_exists', 'A user with this id already exists.');
  if (!USERNAME.test(data.username)) {
    throw new DomainError(
      'invalid_username',
      'A username is 1 to 64 letters, digits or the characters . _ @ + - (no spaces).',
    );
  }
  const roles = unique(data.roles);
  checkRoles(roles, context);
  checkProfile(data);
  const { active, ...created } = data;
  const events: UserEvent[] = [{ type: 'security/userCreated', data: { ...created, roles } }];
  if (active === false) events.push({ type: 'security/userDeactivated', data: {} });
  return events;
}

function checkExists(state: UserState): void {
  if (state.id === null || state.deleted) throw new DomainError('user_not_found', 'Not found');
}

function decideUpdate({ data }: UpdateUser, state: UserState, context: UserContext): UserEvent[] {
  checkExists(state);
  if (data.active === false && state.active && context.actorId === state.id) {
    throw new DomainError('cannot_deactivate_self', SELF_LOCKOUT.deactivate);
  }
  if (
    data.roles !== undefined &&
    context.actorId === state.id &&
    isAdmin({ roles: state.roles }) &&
    !isAdmin({ roles: data.roles })
  ) {
    throw new DomainError('cannot_demote_self', SELF_LOCKOUT.demote);
  }
  checkProfile(data);
  const events: UserEvent[] = [];
  if (data.firstName !== undefined && data.firstName !== state.firstName)
    events.push({ type: 'security/userFirstNameChanged', data: { firstName: data.firstName } });
  if (data.lastName !== undefined && data.lastName !== state.lastName)
    events.push({ type: 'security/userLastNameChanged', data: { lastName: data.lastName } });
  if (data.email !== undefined && data.email !== state.email)
    events.push({ type: 'security/userEmailChanged', data: { email: data.email } });
  if (data.roles !== undefined) {
    const roles = unique(data.roles);
    checkRoles(roles, context);
    if (!sameSet(roles, state.roles)) {
      const granted = roles.filter((r) => !state.roles.includes(r));
      const revoked = state.roles.filter((r) => !roles.includes(r));
      events.push({ type: 'security/userRolesChanged', data: { roles, granted, revoked } });
    }
  }
  if (data.active === false && state.active) events.push({ type: 'security/userDeactivated', data: {} });
  if (data.active === true && !state.active) events.push({ type: 'security/userReactivated', data: {} });
  if (data.passwordChanged) events.push({ type: 'security/userPasswordChanged', data: {} });
  return events;
}

function decideDelete(state: UserState, context: UserContext): UserEvent[] {
  checkExists(state);
  if (context.actorId === state.id) throw new DomainError('cannot_delete_self', SELF_LOCKOUT.delete);
  return [{ type: 'security/userDeleted', data: {} }];
}

export const userDecider: Decider<UserState, UserEvent, UserCommand, UserContext> = {
  initialState: () => ({
    id: null,
    username: '',
    firstName: '',
    lastName: '',
    email: '',
    roles: [],
    active: false,
    deleted: false,
  }),

  evolve(state, event) {
    switch (event.type) {
      case 'security/userCreated': {
        const { id, username, firstName, lastName, email, roles } = event.data;
        return { id, username, firstName, lastName, email, roles, active: true, deleted: false };
      }
      case 'security/userRolesChanged':
        return { ...state, roles: event.data.roles };
      case 'security/userFirstNameChanged':
      case 'security/userLastNameChanged':
      case 'security/userEmailChanged':
        return { ...state, ...event.data };
      case 'security/userDeactivated':
        return { ...state, active: false };
      case 'security/userReactivated':
        return { ...state, active: true };
      case 'security/userPasswordChanged':
        return state;
      case 'security/userDeleted':
        return { ...state, active: false, deleted: true };
      default:
        return leaveUnchanged(event, state);
    }
  },

  decide(command, state, context) {
    switch (command.type) {
      case 'CreateUser':
        return decideCreate(command, state, context);
      case 'UpdateUser':
        return decideUpdate(command, state, context);
      case 'DeleteUser':
        return decideDelete(state, context);
      default:
        return unknownCommand(command);
    }
  },
};

/**
 * Whether these events take an active admin away (demoted or deactivated): then another active admin must
 * remain, which only the server can tell (sqllab-and-platform §6: at least one admin manages users).
 */
export function losesActiveAdmin(state: UserState, events: readonly UserEvent[]): boolean {
  const after = events.reduce(userDecider.evolve, state);
  return state.active && isAdmin({ roles: state.roles }) && !(after.active && isAdmin({ roles: after.roles }));
}

/** The events after which the account's sessions must end: a new password, or the account switched off or deleted. */
export const endsSessions = (events: readonly UserEvent[]): boolean =>
  events.some(
    (e) =>
      e.type === 'security/userPasswordChanged' ||
      e.type === 'security/userDeactivated' ||
      e.type === 'security/userDeleted',
  );
