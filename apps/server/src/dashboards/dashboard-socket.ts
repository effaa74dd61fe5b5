/**
 * Who may follow a saved dashboard's stream (`dashboard:<id>`) over the socket: whoever may read the
 * dashboard over REST (can_read on Dashboard, and admin, owner or published per `DashboardsService.get`,
 * with DASHBOARD_RBAC's roles), so a page in view mode learns at once that a new version was published
 * (issue 12 "Save keeps everyone working"). A guest only for a dashboard their token names. Anything that
 * can take the dashboard away from a viewer (owners, roles, unpublished, deleted) makes the gateway judge
 * its subscribers again, and the feed holds that batch back from those who lost it.
 */
import { Permission, PermissionView as View, type SavedDashboardEvent } from '@strata/domain';
import type { CurrentUser } from '../auth/current-user';
import { hasPermission } from '../auth/roles';
import type { StreamAccessPolicy } from '../realtime/stream-access.policy';
import type { DashboardsService } from './dashboards.service';

const STREAM = /^dashboard:(\d{1,9})$/;

/** The dashboard facts that can change who may see it. */
const VISIBILITY_EVENTS: ReadonlySet<string> = new Set<SavedDashboardEvent['type']>([
  'dashboard/ownersChanged',
  'dashboard/rolesChanged',
  'dashboard/dashboardPublished',
  'dashboard/dashboardUnpublished',
  'dashboard/dashboardDeleted',
]);

async function canReadDashboard(dashboards: DashboardsService, user: CurrentUser, stream: string): Promise<boolean> {
  const id = STREAM.exec(stream)?.[1];
  if (id === undefined || !hasPermission(user, Permission.READ, View.DASHBOARD)) return false;
  // An embedding host's token grants the dashboards it names, and nothing else.
  if (user.via === 'guest' && !user.guest?.resources.some((r) => r.type === 'dashboard' && r.id === id)) return false;
  return (await dashboards.get(id, user)) !== null;
}

export function registerDashboardReadRule(policy: StreamAccessPolicy, dashboards: DashboardsService): void {
  policy.register({
    prefix: 'dashboard',
    canRead: (user, stream) => canReadDashboard(dashboards, user, stream),
    affectedBy: ({ stream, events }) =>
      STREAM.test(stream) && events.some((e) => VISIBILITY_EVENTS.has(e.type)) ? [stream] : [],
  });
}
