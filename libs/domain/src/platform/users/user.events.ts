/**
 * The facts of a user's life, on stream `user:<id>`. Password hashes are never part of an event (the log is
 * replayed, exported and pushed to sockets); a password change is recorded as a fact without its value
 * and the hash is written beside the append, in its transaction, by the server.
 */
import type { EventLike } from '@strata/events';

export type UserCreated = EventLike<
  'security/userCreated',
  { id: number; username: string; firstName: string; lastName: string; email: string; roles: string[] }
>;
/** `roles`: the whole set afterwards; `granted` / `revoked`: what the intent changed (audit, sockets). */
export type UserRolesChanged = EventLike<
  'security/userRolesChanged',
  { roles: string[]; granted: string[]; revoked: string[] }
>;
/** The admin changed one field of the user's profile; one save of the form gives one event per field it changed. */
export type UserFirstNameChanged = EventLike<'security/userFirstNameChanged', { firstName: string }>;
export type UserLastNameChanged = EventLike<'security/userLastNameChanged', { lastName: string }>;
export type UserEmailChanged = EventLike<'security/userEmailChanged', { email: string }>;
export type UserDeactivated = EventLike<'security/userDeactivated', Record<string, never>>;
export type UserReactivated = EventLike<'security/userReactivated', Record<string, never>>;
export type UserPasswordChanged = EventLike<'security/userPasswordChanged', Record<string, never>>;
/** The account is gone: its row leaves the read model and its sessions end; the log keeps its history. */
export type UserDeleted = EventLike<'security/userDeleted', Record<string, never>>;

export type UserEvent =
  | UserCreated
  | UserRolesChanged
  | UserFirstNameChanged
  | UserLastNameChanged
  | UserEmailChanged
  | UserDeactivated
  | UserReactivated
  | UserPasswordChanged
  | UserDeleted;

export const USER_EVENT_TYPES: readonly UserEvent['type'][] = [
  'security/userCreated',
  'security/userRolesChanged',
  'security/userFirstNameChanged',
  'security/userLastNameChanged',
  'security/userEmailChanged',
  'security/userDeactivated',
  'security/userReactivated',
  'security/userPasswordChanged',
  'security/userDeleted',
];

export const userStream = (id: number) => `user:${id}`;
