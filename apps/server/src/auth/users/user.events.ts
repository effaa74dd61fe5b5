/**
 * The facts of a user's life, on stream `user:<id>`. Password hashes are never part of an event (the log is
 * replayed, exported and pushed to sockets); a password change is recorded as a fact without its value
 * and the hash goes to `user_credentials` in the same transaction.
 */
import type { EventLike } from '@strata/events';

export type UserCreated = EventLike<
  'security/userCreated',
  { id: number; username: string; firstName: string; lastName: string; email: string; roles: string[] }
>;
export type UserRolesChanged = EventLike<
  'security/userRolesChanged',
  { roles: string[]; granted: string[]; revoked: string[] }
>;
export type UserProfileChanged = EventLike<
  'security/userProfileChanged',
  { firstName?: string; lastName?: string; email?: string }
>;
export type UserDeactivated = EventLike<'security/userDeactivated', Record<string, never>>;
export type UserReactivated = EventLike<'security/userReactivated', Record<string, never>>;
export type UserPasswordChanged = EventLike<'security/userPasswordChanged', Record<string, never>>;

export type UserEvent =
  UserCreated | UserRolesChanged | UserProfileChanged | UserDeactivated | UserReactivated | UserPasswordChanged;

export const userStream = (id: number) => `user:${id}`;
