/**
 * The facts of a custom role's life, on stream `role:<id>` (Superset/FAB roles: a name and a set of
 * (permission, view) pairs an admin defines). The built-in roles are code (permissions/built-in-roles.ts)
 * and have no stream.
 */
import type { EventLike } from '@strata/events';

export type RolePair = [permission: string, view: string];

export type RoleCreated = EventLike<'security/roleCreated', { id: number; name: string; permissions: RolePair[] }>;
export type RoleRenamed = EventLike<'security/roleRenamed', { name: string }>;
/**
 * Superset's `POST /roles/{id}/permissions` replaces the role's set: `permissions` is the whole set after,
 * `granted` / `revoked` what this intent changed (audit).
 */
export type RolePermissionsReplaced = EventLike<
  'security/rolePermissionsReplaced',
  { permissions: RolePair[]; granted: RolePair[]; revoked: RolePair[] }
>;
export type RoleDeleted = EventLike<'security/roleDeleted', Record<string, never>>;

export type RoleEvent = RoleCreated | RoleRenamed | RolePermissionsReplaced | RoleDeleted;

export const ROLE_EVENT_TYPES: readonly RoleEvent['type'][] = [
  'security/roleCreated',
  'security/roleRenamed',
  'security/rolePermissionsReplaced',
  'security/roleDeleted',
];

export const roleStream = (id: number) => `role:${id}`;
