/**
 * Every TypeORM migration of the metadata database, in order. The schema is only ever created by these
 * (never `synchronize`). Add a module's migrations here, with a timestamped class name.
 */
import type { MixedList } from 'typeorm';
import { AuthSchema1795300000000 } from '../auth/migrations/1795300000000-auth-schema';
import { TokenSessions1796300000100 } from '../auth/migrations/1796300000100-token-sessions';
import { UserRolesColumn1797000100000 } from '../auth/migrations/1797000100000-user-roles-column';
import { CustomRoles1797002460000 } from '../auth/migrations/1797002460000-custom-roles';
import { DatabasesTable1767225600000 } from '../examples/register/databases-table.migration';
import { DatabasesManagement1795400000000 } from '../databases/migrations/1795400000000-databases-management';
import { CreateEventStore1760000000000 } from '../event-store/migrations/1760000000000-create-event-store';
import { EventLogOrder1797000000000 } from '../event-store/migrations/1797000000000-event-log-order';
import { AppendFunction1797000000100 } from '../event-store/migrations/1797000000100-append-function';
import { AppendBatchFunction1797000000200 } from '../event-store/migrations/1797000000200-append-batch-function';
import { DropAppendBatchFunction1797000800000 } from '../event-store/migrations/1797000800000-drop-append-batch-function';
import { EventsStreamPosition1797001300000 } from '../event-store/migrations/1797001300000-events-stream-position';
import { EventsLighterIndexes1797001950000 } from '../event-store/migrations/1797001950000-events-lighter-indexes';
import { AsyncEvents1796000000200 } from '../async-events/migrations/1796000000200-async-events';
import { QueryTable1796000000000 } from '../sqllab/queries/migrations/1796000000000-query-table';
import { KeyValueTable1796100000200 } from '../sqllab/permalink/migrations/1796100000200-key-value-table';
import { TabStateTables1796100000100 } from '../sqllab/tab-state/migrations/1796100000100-tab-state-tables';
import { DatasetsTable1796100000300 } from '../datasets/migrations/1796100000300-datasets-table';
import { DatasetSettings1797002100000 } from '../datasets/migrations/1797002100000-dataset-settings';
import { SavedQueryTable1796100000000 } from '../sqllab/saved-queries/migrations/1796100000000-saved-query-table';
import { SavedQueryFavorites1797002350000 } from '../sqllab/saved-queries/migrations/1797002350000-saved-query-favorites';
import { QueryResults1796000000100 } from '../sqllab/results/migrations/1796000000100-query-results';
import { DashboardsTables1796200000100 } from '../dashboards/migrations/1796200000100-dashboards-tables';
import { ChartsTables1796200000200 } from '../charts/migrations/1796200000200-charts-tables';
import { DashboardFeatures1796200000500 } from '../dashboards/migrations/1796200000500-dashboard-features';
import { DashboardRoleNames1796200000600 } from '../dashboards/migrations/1796200000600-dashboard-role-names';
import { DashboardSliceIds1797000600000 } from '../dashboards/migrations/1797000600000-dashboard-slice-ids';
import { DashboardSliceIdsIndex1797000700000 } from '../dashboards/migrations/1797000700000-dashboard-slice-ids-index';
import { AuditIndexes1797001400000 } from '../audit/migrations/1797001400000-audit-indexes';
import { AuditFilterStateIndex1797002000000 } from '../audit/migrations/1797002000000-audit-filter-state-index';
import { FoldSnapshots1797001500000 } from '../object-history/migrations/1797001500000-fold-snapshots';
import { ReportTables1797001700000 } from '../reports/migrations/1797001700000-report-tables';
import { ReportMailOutbox1797001850000 } from '../mail/migrations/1797001850000-report-mail-outbox';

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export const migrations: MixedList<Function> = [
  CreateEventStore1760000000000,
  DatabasesTable1767225600000,
  AuthSchema1795300000000,
  DatabasesManagement1795400000000,
  QueryTable1796000000000,
  QueryResults1796000000100,
  AsyncEvents1796000000200,
  SavedQueryTable1796100000000,
  TabStateTables1796100000100,
  KeyValueTable1796100000200,
  DatasetsTable1796100000300,
  DashboardsTables1796200000100,
  ChartsTables1796200000200,
  DashboardFeatures1796200000500,
  DashboardRoleNames1796200000600,
  TokenSessions1796300000100,
  EventLogOrder1797000000000,
  AppendFunction1797000000100,
  AppendBatchFunction1797000000200,
  UserRolesColumn1797000100000,
  DashboardSliceIds1797000600000,
  DashboardSliceIdsIndex1797000700000,
  DropAppendBatchFunction1797000800000,
  EventsStreamPosition1797001300000,
  AuditIndexes1797001400000,
  FoldSnapshots1797001500000,
  ReportTables1797001700000,
  ReportMailOutbox1797001850000,
  EventsLighterIndexes1797001950000,
  AuditFilterStateIndex1797002000000,
  DatasetSettings1797002100000,
  SavedQueryFavorites1797002350000,
  CustomRoles1797002460000,
];
