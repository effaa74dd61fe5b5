/**
 * A dashboard permalink is a fact written once (charts-dashboards-reports §7 POST .../permalink): the
 * page's state `{dataMask, activeTabs, anchor, urlParams}` under a random key, on `dashboard_permalink:<key>`,
 * projected into `key_value` under the same resource name. Reading it needs the dashboard visible.
 */
import { DomainError, type Decider, type EventLike } from '@strata/events';

export type DashboardPermalinkCreated = EventLike<
  'dashboard/permalinkCreated',
  { key: string; dashboardId: number; state: Record<string, unknown> }
>;
export const DASHBOARD_PERMALINK_EVENTS = [
  'dashboard/permalinkCreated',
] as const satisfies readonly DashboardPermalinkCreated['type'][];
export const DASHBOARD_PERMALINK_RESOURCE = 'dashboard_permalink';
export const dashboardPermalinkStream = (key: string) => `${DASHBOARD_PERMALINK_RESOURCE}:${key}`;

export interface CreateDashboardPermalink {
  type: 'CreateDashboardPermalink';
  data: DashboardPermalinkCreated['data'];
}

/** State: whether the key is taken. A key is written once: a second write under it is refused. */
export const dashboardPermalinkDecider: Decider<boolean, DashboardPermalinkCreated, CreateDashboardPermalink, void> = {
  initialState: () => false,
  evolve: () => true,
  decide(command, taken) {
    if (taken) throw new DomainError('permalink_exists', 'This permalink already exists.');
    return [{ type: 'dashboard/permalinkCreated', data: command.data }];
  },
};
export * from './permalinks.summaries';
