/**
 * Every context's upcasters in one place (DESIGN.md "Events"): the server's event store reads the log
 * through `upcastEvents`, and so does the client wherever stored events arrive (socket, REST, imported
 * time-travel files). A context that renames an event or reshapes its payload adds its map here.
 */
import { createUpcaster } from '@strata/events';
import { savedQueryUpcasters } from './sqllab/saved-queries/upcasters';
import { tabStateUpcasters } from './sqllab/tab-state/upcasters';
import { chartListUpcasters } from './explore/chart-list/upcasters';
import { exploreUpcasters } from './explore/editor/upcasters';
import { databaseUpcasters } from './databases/upcasters';
import { savedDashboardUpcasters } from './dashboard/record/upcasters';
import { chartUpcasters } from './charts/upcasters';
import { datasetUpcasters } from './datasets/upcasters';
import { dashboardPageUpcasters } from './dashboard/page/upcasters';
import { filterConfigUpcasters } from './dashboard/native-filters/config/upcasters';
import { dashboardListUpcasters } from './dashboard/list/upcasters';
import { userUpcasters } from './platform/users/upcasters';
import { homeUpcasters } from './platform/home/upcasters';
import { draftSessionUpcasters } from './dashboard/session/upcasters';
import { reportPagesUpcasters } from './reports/client/upcasters';

export const upcastEvents = createUpcaster(
  exploreUpcasters,
  chartListUpcasters,
  databaseUpcasters,
  savedQueryUpcasters,
  tabStateUpcasters,
  savedDashboardUpcasters,
  chartUpcasters,
  datasetUpcasters,
  dashboardPageUpcasters,
  filterConfigUpcasters,
  dashboardListUpcasters,
  userUpcasters,
  homeUpcasters,
  draftSessionUpcasters,
  reportPagesUpcasters,
);
