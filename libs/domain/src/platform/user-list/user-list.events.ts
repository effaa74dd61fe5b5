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
/** The admin created a custom role, replaced its permissions, deleted it: the role as the server answered. */
export const USER_LIST_ROLE_CREATED = 'users/roleCreated' as const;
export const USER_LIST_ROLE_PERMISSIONS_REPLACED = 'users/rolePermissionsReplaced' as const;
export const USER_LIST_ROLE_DELETED = 'users/roleDeleted' as const;

/** A role's (permission, view) pairs, as the roles API lists them. */
export type RolePermissions = Record<string, readonly (readonly [string, string])[]>;

/** A custom role as the roles API answers it (built-in roles have no id and are not edited). */
export interface CustomRole {
  id: number;
  name: string;
  permissions: [string, string][];
}

export type UsersEvent =
  | EventLike<typeof USER_LIST_LOADED, { users: UserRow[] }>
  | EventLike<typeof USER_LIST_LOAD_FAILED, { message: string }>
  | EventLike<
      typeof USER_LIST_ROLES_LOADED,
      {
        roles: string[];
        permissions?: RolePermissions;
        /** name -> id of the custom ones */ custom?: Record<string, number>;
      }
    >
  | EventLike<typeof USER_LIST_USER_CREATED, { user: UserRow }>
  | EventLike<typeof USER_LIST_USER_ROLES_CHANGED, { user: UserRow }>
  | EventLike<typeof USER_LIST_USER_CHANGED, { user: UserRow; what: string }>
  | EventLike<typeof USER_LIST_USER_DELETED, { id: number; username: string }>
  | EventLike<typeof USER_LIST_ROLE_CREATED, { role: CustomRole }>
  | EventLike<typeof USER_LIST_ROLE_PERMISSIONS_REPLACED, { role: CustomRole }>
  | EventLike<typeof USER_LIST_ROLE_DELETED, { id: number; name: string }>;

export interface UsersState {
  /** null until the first list arrives. */
  users: readonly UserRow[] | null;
  roles: readonly string[];
  /** Each role's permissions (the roles list); empty until loaded. */
  rolePermissions: RolePermissions;
  /** The custom roles' ids by name: only these can be edited or deleted. */
  customRoles: Record<string, number>;
  loadError: string | null;
}

const byUsername = (a: UserRow, b: UserRow) => a.username.localeCompare(b.username);

export const usersFold = {
  initialState: (): UsersState => ({ users: null, roles: [], rolePermissions: {}, customRoles: {}, loadError: null }),
  evolve(state: UsersState, event: UsersEvent): UsersState {
    switch (event.type) {
      case USER_LIST_LOADED:
        return { ...state, users: [...event.data.users].sort(byUsername), loadError: null };
      case USER_LIST_LOAD_FAILED:
        return { ...state, loadError: event.data.message };
      case USER_LIST_ROLES_LOADED:
        return {
          ...state,
          roles: event.data.roles,
          rolePermissions: event.data.permissions ?? {},
          customRoles: event.data.custom ?? {},
        };
      case USER_LIST_ROLE_CREATED: {
        const { id, name, permissions } = event.data.role;
        return {
          ...state,
          roles: [...state.roles.filter((r) => r !== name), name],
          rolePermissions: { ...state.rolePermissions, [name]: permissions },
          customRoles: { ...state.customRoles, [name]: id },
        };
      }
      case USER_LIST_ROLE_PERMISSIONS_REPLACED:
        return {
          ...state,
          rolePermissions: { ...state.rolePermissions, [event.data.role.name]: event.data.role.permissions },
        };
      case USER_LIST_ROLE_DELETED: {
        const { [event.data.name]: _gone, ...rolePermissions } = state.rolePermissions;
        const { [event.data.name]: _id, ...customRoles } = state.customRoles;
        return { ...state, roles: state.roles.filter((r) => r !== event.data.name), rolePermissions, customRoles };
      }
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
