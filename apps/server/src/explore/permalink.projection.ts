/**
 * The permalink read models (charts-dashboards-reports §7 permalinks): one key-value fold, of which the
 * Explore and dashboard modules each register an instance under its resource name, so each is rebuilt
 * by that name. A permalink is written once under its key (common/key-value.projection.ts).
 */
import {
  DASHBOARD_PERMALINK_EVENTS,
  DASHBOARD_PERMALINK_RESOURCE,
  EXPLORE_PERMALINK_EVENTS,
  EXPLORE_PERMALINK_RESOURCE,
  type DashboardPermalinkCreated,
  type ExplorePermalinkCreated,
} from '@strata/domain';
import { keyValueFold } from '../common/key-value.projection';
import { foldProjection } from '../projections/fold-projection';

export const dashboardPermalinkFold = keyValueFold<
  DashboardPermalinkCreated,
  Pick<DashboardPermalinkCreated['data'], 'dashboardId' | 'state'>
>({
  name: DASHBOARD_PERMALINK_RESOURCE,
  resource: DASHBOARD_PERMALINK_RESOURCE,
  handles: DASHBOARD_PERMALINK_EVENTS,
  value: ({ dashboardId, state }) => ({ dashboardId, state }),
});

export const explorePermalinkFold = keyValueFold<ExplorePermalinkCreated, ExplorePermalinkCreated['data']['state']>({
  name: EXPLORE_PERMALINK_RESOURCE,
  resource: EXPLORE_PERMALINK_RESOURCE,
  handles: EXPLORE_PERMALINK_EVENTS,
  value: ({ state }) => state,
});

export const dashboardPermalinkProjection = () => foldProjection(dashboardPermalinkFold);
export const explorePermalinkProjection = () => foldProjection(explorePermalinkFold);
