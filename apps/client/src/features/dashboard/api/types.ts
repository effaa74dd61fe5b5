/**
 * The dashboard API as the page reads it (charts-dashboards-reports §3 Dashboard, §7 Dashboards; REFERENCE §3). The records the
 * page's facts carry are the domain's (`libs/domain/src/dashboard/page/records.ts`).
 */
export type {
  DashboardChart,
  DashboardDataset,
  DashboardMetadata,
  DashboardOwner,
  DashboardRecord,
} from '@strata/domain';

/** The state a dashboard permalink stores (charts-dashboards-reports §7: urlParams, dataMask, activeTabs, anchor): the page's facts carry it. */
export type { SharedPageState as DashboardPermalinkState } from '@strata/domain';
