/** The user as `GET /api/v1/me/` and the browser login answer it: sqllab-and-platform §3 "User", with the permission map. */
import type { MeResponse } from '@strata/domain';
import type { CurrentUser } from './current-user';
import { permissionsOf, rolePermissions } from './roles';
import type { UserRow } from './users/user-row';

export type { MeResponse };

/** `custom`: the pairs of the user's custom roles by name (RolesService.pairsByRole); built-in ones need none. */
export function meOf(
  user: UserRow | CurrentUser,
  custom: Readonly<Record<string, [string, string][]>> = {},
): MeResponse {
  return {
    id: user.id,
    username: user.username,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    is_active: 'active' in user ? user.active : true,
    roles: Object.fromEntries(user.roles.map((role) => [role, custom[role] ?? rolePermissions(role)])),
    permissions: 'permissions' in user ? user.permissions : permissionsOf(user.roles, Object.values(custom).flat()),
  };
}
