/**
 * The app-wide rights on the main view (sqllab-and-platform §6: can_explore, can_share_chart,
 * can_share_dashboard, can_csv), checked inside a handler: `@RequirePermission` names one pair per
 * route, and these come on top of the route's own (or only for some bodies, e.g. a samples result type).
 */
import {
  canDownloadCsv,
  canExplore,
  canShareChart,
  canShareDashboard,
  ErrorType,
  Permission,
  PermissionView as View,
  type PermissionSubject,
} from '@strata/domain';
import { StrataHttpException } from './error-body';

const CHECKS = {
  [Permission.EXPLORE]: canExplore,
  [Permission.SHARE_CHART]: canShareChart,
  [Permission.SHARE_DASHBOARD]: canShareDashboard,
  [Permission.CSV]: canDownloadCsv,
} as const;

export type MainRight = keyof typeof CHECKS;

/** 403 in the spec's error shape, worded as the guard's refusals, unless the user has the right. */
export function requireMainRight(user: PermissionSubject, right: MainRight): void {
  if (CHECKS[right](user)) return;
  throw new StrataHttpException(
    403,
    ErrorType.GENERIC_BACKEND_ERROR,
    `You do not have permission to do this (${right} on ${View.MAIN}). Ask an administrator for access.`,
  );
}
