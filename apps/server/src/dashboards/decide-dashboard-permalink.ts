/** A dashboard permalink (`dashboard_permalink:<key>`, written once) as a command on the Nest CommandBus. */
import { dashboardPermalinkDecider, dashboardPermalinkStream, type CreateDashboardPermalink } from '@strata/domain';
import { decisionHandler, DecideOn } from '../event-store/decide-command';

export class DecideDashboardPermalink extends DecideOn<string, CreateDashboardPermalink> {}

export const DecideDashboardPermalinkHandler = decisionHandler(
  DecideDashboardPermalink,
  dashboardPermalinkStream,
  dashboardPermalinkDecider,
);
