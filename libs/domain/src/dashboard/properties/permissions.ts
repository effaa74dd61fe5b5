/**
 * Dashboard permissions (charts-dashboards-reports §6): editing needs can_write on Dashboard and being an owner or admin
 * (also under role-based access); viewing under role-based access needs one of the dashboard's roles
 * (owners and admins always see it); the other flags are role permissions on the main view.
 */
import { FeatureFlag, isFeatureEnabled, type FeatureFlags } from '../../platform/feature-flags/feature-flags';
import {
  canDownloadCsv,
  canExplore,
  canShareChart,
  canShareDashboard,
  canWriteDashboard,
  isAdmin,
  isOwner,
  roleNames,
  type Owner,
  type PermissionSubject,
} from '../../platform/permissions/permissions';

export interface DashboardAccessInfo {
  readonly owners: readonly Owner[];
  /** Role names given access under DASHBOARD_RBAC (REFERENCE §6.2 dashboard.roles). */
  readonly roles?: readonly string[];
  readonly published?: boolean;
}

/** charts-dashboards-reports §3 Dashboard permission flags. */
export interface DashboardPermissionFlags {
  readonly edit: boolean;
  readonly save: boolean;
  readonly share: boolean;
  readonly explore: boolean;
  readonly shareChart: boolean;
  readonly csv: boolean;
}

/** charts-dashboards-reports §6: can_write on Dashboard, and admin or owner. */
export function canEditDashboardLayout(
  user: PermissionSubject | null | undefined,
  dashboard: DashboardAccessInfo,
): boolean {
  if (!user || !canWriteDashboard(user)) return false;
  return isAdmin(user) || isOwner(user, dashboard.owners);
}

/**
 * Whether the user may open the dashboard at all (data access to its charts is checked per chart).
 * A draft is seen by its owners and admins only; a published one by everyone, except under role-based
 * access with roles set: then only by users with one of those roles (and owners and admins).
 */
export function canViewDashboard(
  user: PermissionSubject | null | undefined,
  dashboard: DashboardAccessInfo,
  flags?: FeatureFlags | null,
): boolean {
  if (isAdmin(user) || (user && isOwner(user, dashboard.owners))) return true;
  // Roles narrow who sees a published dashboard; they never open a draft (REFERENCE §6.2 DashboardAccessFilter).
  if (dashboard.published === false) return false;
  if (isFeatureEnabled(flags, FeatureFlag.DASHBOARD_RBAC) && (dashboard.roles?.length ?? 0) > 0) {
    const mine = new Set((user ? roleNames(user) : []).map((r) => r.toLowerCase()));
    return (dashboard.roles ?? []).some((role) => mine.has(role.toLowerCase()));
  }
  return true;
}

/** The flags the dashboard page uses; `save` (save as a copy) needs only can_write on Dashboard. */
export function dashboardPermissionFlags(
  user: PermissionSubject | null | undefined,
  dashboard: DashboardAccessInfo,
): DashboardPermissionFlags {
  return {
    edit: canEditDashboardLayout(user, dashboard),
    save: canWriteDashboard(user),
    share: canShareDashboard(user),
    explore: canExplore(user),
    shareChart: canShareChart(user),
    csv: canDownloadCsv(user),
  };
}

/** charts-dashboards-reports §2: edit mode is on only with edit permission and the URL's edit=true. */
export function isEditModeOn(
  flags: Pick<DashboardPermissionFlags, 'edit'>,
  editParam: string | null | undefined,
): boolean {
  return flags.edit && editParam === 'true';
}
