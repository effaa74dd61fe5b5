/**
 * The rules of one custom role, pure: decide(command, state, context) -> events; evolve(state, event).
 * Rules that span roles or users (a unique name, "nobody holds it" before a delete) need the read models:
 * the server hands what it knows in the context and a unique index on lower(name) settles a race.
 */
import { DomainError, type Decider } from '@strata/events';
import { leaveUnchanged, unknownCommand } from '../../shared/exhaustive';
import { BUILT_IN_ROLES } from '../permissions/built-in-roles';
import { Permission, PermissionView } from '../permissions/vocabulary';
import type { RoleEvent, RolePair } from './role.events';

export interface RoleState {
  id: number | null;
  name: string;
  permissions: RolePair[];
  deleted: boolean;
}

export type RoleCommand =
  | { type: 'CreateRole'; data: { id: number; name: string; permissions: RolePair[] } }
  | { type: 'RenameRole'; data: { name: string } }
  | { type: 'ReplaceRolePermissions'; data: { permissions: RolePair[] } }
  | { type: 'DeleteRole'; data: Record<string, never> };

export interface RoleContext {
  /**
   * How many users hold the role now: a held role is neither deleted nor renamed (users hold roles by
   * name; take it from them first).
   */
  holders?: number;
  /**
   * The dashboards and databases whose role settings name the role (their labels, for the reason): such a
   * role is neither deleted nor renamed either, or it would linger there naming nothing (a later role of
   * that name would inherit the access).
   */
  namedBy?: readonly string[];
}

const ROLE_NAME = /^[\p{L}\p{N} ._-]{1,64}$/u;
const PERMISSIONS: ReadonlySet<string> = new Set(Object.values(Permission));
const VIEWS: ReadonlySet<string> = new Set(Object.values(PermissionView));
/** A per-database grant's view, as databaseAccessView writes it: '[examples].(id:1)'. */
const DATABASE_VIEW = /^\[.+\]\.\(id:\d+\)$/;

const key = ([p, v]: RolePair) => `${p}\u0000${v}`;
/** The built-in roles' pairs are in the vocabulary too (menu_access names menus, not views). */
const BUILT_IN_PAIRS: ReadonlySet<string> = new Set(
  Object.values(BUILT_IN_ROLES)
    .flat()
    .map(([p, v]) => key([p, v])),
);
const known = ([p, v]: RolePair) =>
  BUILT_IN_PAIRS.has(key([p, v])) ||
  (PERMISSIONS.has(p) && (VIEWS.has(v) || (p === Permission.DATABASE_ACCESS && DATABASE_VIEW.test(v))));

/** Whether a name is a built-in role's (any case): a custom role may not shadow one. */
export const isBuiltInRoleName = (name: string): boolean =>
  Object.keys(BUILT_IN_ROLES).some((b) => b.toLowerCase() === name.trim().toLowerCase());

function checkName(name: string): void {
  if (!ROLE_NAME.test(name)) {
    throw new DomainError('invalid_role_name', 'A role name is 1 to 64 letters, digits, spaces or . _ -');
  }
  if (isBuiltInRoleName(name)) throw new DomainError('role_name_taken', `${name} is a built-in role.`);
}

/** The pairs without duplicates, each in the vocabulary (vocabulary.ts). */
function checkedPairs(pairs: RolePair[]): RolePair[] {
  const unknown = pairs.filter((pair) => !known(pair));
  if (unknown.length > 0) {
    throw new DomainError(
      'unknown_permission',
      `Unknown permissions: ${unknown.map(([p, v]) => `${p} on ${v}`).join(', ')}.`,
    );
  }
  const seen = new Map(pairs.map((pair) => [key(pair), [pair[0], pair[1]] as RolePair]));
  return [...seen.values()];
}

function live(state: RoleState): void {
  if (state.id === null || state.deleted) throw new DomainError('role_not_found', 'Role not found.');
}

function notHeld(state: RoleState, context: RoleContext | undefined): void {
  const holders = context?.holders ?? 0;
  if (holders > 0) {
    throw new DomainError('role_in_use', `${holders} user(s) hold the role ${state.name}: take it from them first.`);
  }
  const named = context?.namedBy ?? [];
  if (named.length > 0) {
    throw new DomainError(
      'role_in_use',
      `The role ${state.name} is named by ${named.slice(0, 10).join(', ')}${named.length > 10 ? ` and ${named.length - 10} more` : ''}: take it off them first.`,
    );
  }
}

export const roleDecider: Decider<RoleState, RoleEvent, RoleCommand, RoleContext> = {
  initialState: () => ({ id: null, name: '', permissions: [], deleted: false }),

  evolve(state, event) {
    switch (event.type) {
      case 'security/roleCreated':
        return { id: event.data.id, name: event.data.name, permissions: event.data.permissions, deleted: false };
      case 'security/roleRenamed':
        return { ...state, name: event.data.name };
      case 'security/rolePermissionsReplaced':
        return { ...state, permissions: event.data.permissions };
      case 'security/roleDeleted':
        return { ...state, deleted: true };
      default:
        return leaveUnchanged(event, state);
    }
  },

  decide(command, state, context) {
    switch (command.type) {
      case 'CreateRole': {
        if (state.id !== null) throw new DomainError('role_exists', 'A role with this id already exists.');
        const name = command.data.name.trim();
        checkName(name);
        return [
          {
            type: 'security/roleCreated',
            data: { id: command.data.id, name, permissions: checkedPairs(command.data.permissions) },
          },
        ];
      }
      case 'RenameRole': {
        live(state);
        const name = command.data.name.trim();
        if (name === state.name) return [];
        checkName(name);
        notHeld(state, context);
        return [{ type: 'security/roleRenamed', data: { name } }];
      }
      case 'ReplaceRolePermissions': {
        live(state);
        const permissions = checkedPairs(command.data.permissions);
        const before = new Set(state.permissions.map(key));
        const after = new Set(permissions.map(key));
        const granted = permissions.filter((p) => !before.has(key(p)));
        const revoked = state.permissions.filter((p) => !after.has(key(p)));
        if (granted.length === 0 && revoked.length === 0) return [];
        return [{ type: 'security/rolePermissionsReplaced', data: { permissions, granted, revoked } }];
      }
      case 'DeleteRole': {
        live(state);
        notHeld(state, context);
        return [{ type: 'security/roleDeleted', data: {} }];
      }
      default:
        return unknownCommand(command);
    }
  },
};
