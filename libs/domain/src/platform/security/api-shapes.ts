/**
 * Response shapes of the security API, shared by the server that writes them and the client that reads
 * them, so the two cannot drift apart.
 */
import type { PermissionPair } from '../permissions/vocabulary';

/** `GET /api/v1/me/` and `POST /login/`: sqllab-and-platform §3 "User", with the permission map. */
export interface MeResponse {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  is_active: boolean;
  /** Role name to that role's (permission, view) pairs. */
  roles: Record<string, PermissionPair[]>;
  /** Every pair of all the roles, once. */
  permissions: PermissionPair[];
  /**
   * The server's effective feature flags (FEATURE_FLAGS over the defaults). Only `GET /api/v1/me/`
   * sends them: the login answer does not, so the client reads them from /me after signing in.
   */
  feature_flags?: Record<string, boolean>;
}

/** One user of `GET /api/v1/security/users/` (Admin only). */
export interface UserResponse {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  active: boolean;
  roles: string[];
  created_on: string;
  changed_on: string;
  last_login: string | null;
  login_count: number;
}
