/**
 * The server's view of the built-in roles (custom roles: roles/roles.service.ts). The role -> (permission, view) data and the checks live in ONE
 * place, the domain library (libs/domain/src/platform/permissions), shared with the client; this file only
 * adapts them to CurrentUser and picks the error type of a refusal.
 */
import {
  BUILT_IN_ROLES,
  BuiltInRole,
  ErrorType,
  GUEST_ROLE as DOMAIN_GUEST_ROLE,
  hasPermission as domainHasPermission,
  isAdmin as domainIsAdmin,
  PermissionView as View,
  type PermissionPair,
} from '@strata/domain';
import type { CurrentUser } from './current-user';

export const ROLE_NAMES: readonly string[] = Object.keys(BUILT_IN_ROLES);
export const ADMIN_ROLE: string = BuiltInRole.ADMIN;
export const GUEST_ROLE: string = DOMAIN_GUEST_ROLE;

const isBuiltIn = (role: string): role is BuiltInRole => Object.hasOwn(BUILT_IN_ROLES, role);

/** A role's (permission, view) pairs; an unknown role grants nothing. */
export function rolePermissions(role: string): [string, string][] {
  return isBuiltIn(role) ? BUILT_IN_ROLES[role].map(([p, v]) => [p, v]) : [];
}

/**
 * The union of the pairs of all the roles, without duplicates, in role order; `custom` are the pairs of
 * the user's custom roles (RolesService.customPairs reads them from the `roles` read model).
 */
export function permissionsOf(roles: readonly string[], custom: readonly PermissionPair[] = []): [string, string][] {
  const seen = new Set<string>();
  const result: [string, string][] = [];
  for (const pair of [...roles.flatMap(rolePermissions), ...custom]) {
    const key = `${pair[0]}\u0000${pair[1]}`;
    if (!seen.has(key)) {
      seen.add(key);
      result.push([pair[0], pair[1]]);
    }
  }
  return result;
}

export const isAdmin = (roles: readonly string[]): boolean => domainIsAdmin({ roles });

export const hasPermission = (
  user: Pick<CurrentUser, 'roles' | 'permissions'>,
  permission: string,
  view: string,
): boolean => domainHasPermission(user, permission, view);

/** The error type a 403 carries, so the client can show the matching message (sqllab-and-platform §8 security access errors). */
export function accessErrorType(view: string): ErrorType {
  switch (view) {
    case View.DASHBOARD:
    case View.DASHBOARD_PERMALINK:
      return ErrorType.DASHBOARD_SECURITY_ACCESS_ERROR;
    case View.CHART:
    case View.EXPLORE_PERMALINK:
      return ErrorType.CHART_SECURITY_ACCESS_ERROR;
    case View.DATABASE:
    case View.ALL_DATABASE_ACCESS:
      return ErrorType.DATABASE_SECURITY_ACCESS_ERROR;
    case View.DATASET:
    case View.ALL_DATASOURCE_ACCESS:
      return ErrorType.DATASOURCE_SECURITY_ACCESS_ERROR;
    case View.SQL_LAB:
    case View.QUERY:
    case View.SAVED_QUERY:
    case View.ALL_QUERY_ACCESS:
      return ErrorType.QUERY_SECURITY_ACCESS_ERROR;
    case View.USER:
    case View.ROLE:
    case View.LOG:
      return ErrorType.USER_ACTIVITY_SECURITY_ACCESS_ERROR;
    default:
      return ErrorType.GENERIC_BACKEND_ERROR;
  }
}
