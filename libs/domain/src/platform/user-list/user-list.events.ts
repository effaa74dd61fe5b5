import type { UserResponse } from '../security/api-shapes';
import type { EventLike } from '@strata/events';
import { leaveUnchanged as unchanged } from '../../shared/exhaustive';

/** A user as the security API lists it. */
export type UserRow = UserResponse;

export const USER_LIST_LOADED = 'users/listLoaded' as const;
export const USER_LIST_LOAD_FAILED = 'users/listLoadFailed' as const;
export const USER_LIST_ROLES_LOADED = 'users/rolesLoaded' as const;
export const USER_LIST_USER_CREATED = 'users/userCreated' as const;
export const USER_LIST_USER_ROLES_CHANGED = 'users/userRolesChanged' as const;
/** The admin saved a user's details, (de|re)activated them or reset their password: the row as the server answered. */
export const USER_LIST_USER_CHANGED = 'users/userChanged' as const;
export const USER_LIST_USER_DELETED = 'users/userDeleted' as const;

/** A role's (permission, view) pairs, as the roles API lists them. */
export type RolePermissions = Record<string, readonly (readonly [string, string])[]>;

export type UsersEvent =
  | EventLike<typeof USER_LIST_LOADED, { users: UserRow[] }>
  | EventLike<typeof USER_LIST_LOAD_FAILED, { message: string }>
  | EventLike<typeof USER_LIST_ROLES_LOADED, { roles: string[]; permissions?: RolePermissions }>
  | EventLike<typeof USER_LIST_USER_CREATED, { user: UserRow }>
  | EventLike<typeof USER_LIST_USER_ROLES_CHANGED, { user: UserRow }>
  | EventLike<typeof USER_LIST_USER_CHANGED, { user: UserRow; what: string }>
  | EventLike<typeof USER_LIST_USER_DELETED, { id: number; username: string }>;

export interface UsersState {
  /** null until the first list arrives. */
  users: readonly UserRow[] | null;
  roles: readonly string[];
  /** Each role's permissions (the roles list); empty until loaded. */
  rolePermissions: RolePermissions;
  loadError: string | null;
}

const byUsername = (a: UserRow, b: UserRow) => a.username.localeCompare(b.username);

export const usersFold = {
  initialState: (): UsersState => ({ users: null, roles: [], rolePermissions: {}, loadError: null }),
  evolve(state: UsersState, event: UsersEvent): UsersState {
    switch (event.type) {
      case USER_LIST_LOADED:
        return { ...state, users: [...event.data.users].sort(byUsername), loadError: null };
      case USER_LIST_LOAD_FAILED:
        return { ...state, loadError: event.data.message };
      case USER_LIST_ROLES_LOADED:
        return { ...state, roles: event.data.roles, rolePermissions: event.data.permissions ?? {} };
      case USER_LIST_USER_CREATED: {
        const others = (state.users ?? []).filter((u) => u.id !== event.data.user.id);
        return { ...state, users: [...others, event.data.user].sort(byUsername) };
      }
      case USER_LIST_USER_DELETED:
        return { ...state, users: (state.users ?? []).filter((u) => u.id !== event.data.id) };
      case USER_LIST_USER_ROLES_CHANGED:
      case USER_LIST_USER_CHANGED:
        return {
          ...state,
          users: (state.users ?? []).map((u) => (u.id === event.data.user.id ? event.data.user : u)),
        };
      default:
        return unchanged(event, state);
    }
  },
};
