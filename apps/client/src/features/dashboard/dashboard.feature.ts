import { asyncScheduler, type SchedulerLike } from 'rxjs';
import {
  canEditDashboardLayout,
  FeatureFlag,
  isFeatureEnabled,
  type FeatureFlags,
  type PermissionSubject,
} from '@strata/domain';
import type { ClientContext } from '../../shared/feature-store';
import type { HttpClient } from '../api/http-client';
import type { AsyncEvents } from '../async/async-events';
import { sharedAsyncEvents } from '../async/async-jobs';
import type { ToastsFeature } from '../toasts/toasts.feature';
import type { UserLog } from '../userlog/user-log';
import { logTimings } from '../userlog/timings';
import { dashboardApi } from './api/dashboard-api';
import { chartRuntimeActions, type ChartRuntimeActions } from './charts/chart-runtime-actions';
import type { LabelColorsFeature } from './colors/label-colors.feature';
import { pageLabelColors } from './colors/page-colors';
import { dashboardTimingMark } from './charts/page-timings';
import { createDashboardCore, type DashboardCore } from './dashboard-core';
import { draftApi } from './edit/draft-api';
import { paletteActions, type PaletteActions } from './edit/palette-actions';
import { saveActions, type SaveActions } from './edit/save-actions';
import { versionActions, type VersionActions } from './edit/version-actions';
import { configurationActions, type ConfigurationActions } from './filters/configuration-actions';
import { crossFilterActions, type CrossFilterActions } from './filters/cross-filter-actions';
import { filterActions, type FilterActions } from './filters/filter-actions';
import { filterSearches } from './filters/filter-search';
import { viewActions, type ViewActions } from './grid/view-actions';
import { openActions, type OpenActions } from './load/open-actions';
import { permalinkActions, type PermalinkActions } from './permalinks/permalink-actions';
import { favoriteActions, type FavoriteActions } from './properties/favorite-actions';
import { autoRefresh, refreshActions, type RefreshActions } from './refresh/refresh-actions';

export type { DashboardCore } from './dashboard-core';
export { parseMetadata } from './load/open-actions';
export { DASHBOARD_CHANGED_ELSEWHERE } from './filters/configuration-actions';

export interface DashboardDeps {
  context: ClientContext;
  http: HttpClient;
  toasts: ToastsFeature;
  user: () => PermissionSubject | null;
  /** The server's flags; a getter reads them when needed (the session's, which come after sign-in). */
  featureFlags?: FeatureFlags | (() => FeatureFlags | undefined);
  /** Where chart data jobs are waited for; the page's shared listener (socket + polling) by default. */
  asyncEvents?: AsyncEvents;
  /** Timers of the auto-refresh, the stagger, the colour sync and the searches; tests may pass their own. */
  scheduler?: SchedulerLike;
  /** Where the page's timings go (sqllab-and-platform §7 timing events); none are measured without it. */
  userLog?: Pick<UserLog, 'log'>;
  /** The clock timings are measured on: the page's performance clock by default. */
  clock?: () => number;
}

/** The page's intents, one module per part of the page; the components bind to `store` and call these. */
export interface DashboardFeature
  extends
    DashboardCore,
    OpenActions,
    ViewActions,
    RefreshActions,
    ChartRuntimeActions,
    FilterActions,
    ConfigurationActions,
    CrossFilterActions,
    FavoriteActions,
    SaveActions,
    VersionActions,
    PaletteActions,
    PermalinkActions {
  stopChart(chartId: number): void;
  canEdit(): boolean;
  /** One colour per label on all the dashboard's charts (charts-dashboards-reports §3 label colours, §4 sync). */
  readonly colors: LabelColorsFeature;
  dispose(): void;
}

/**
 * The dashboard page (charts-dashboards-reports §2-§9): a store folding the page's facts (the dashboard,
 * its charts' runtime states, the filter bar, the data mask, edit mode's save / history / palette, the
 * shared permalink), and the action modules composed here, whose effects are HTTP calls and timers.
 */
export function createDashboard({
  context,
  http,
  toasts,
  user,
  featureFlags,
  asyncEvents: given,
  scheduler = asyncScheduler,
  userLog,
  clock,
}: DashboardDeps): DashboardFeature {
  // Chart data may answer 202 with a job (GLOBAL_ASYNC_QUERIES): its event comes on the page's shared channel.
  const asyncEvents = () => given ?? sharedAsyncEvents(http, context.sessionId);
  const flags = () => (typeof featureFlags === 'function' ? featureFlags() : featureFlags);
  // With the flag on, every chart is a job: the socket is opened now so the first charts need not poll.
  if (isFeatureEnabled(flags(), FeatureFlag.GLOBAL_ASYNC_QUERIES)) asyncEvents().open();
  const { core, stopChart, abortCharts } = createDashboardCore({
    context,
    api: dashboardApi(http, asyncEvents),
    toasts,
    flags,
  });
  const canEdit = () => {
    const { dashboard, pastView } = core.store.getState();
    // A past view (?as_of=) is read-only: no edit mode, filter configuration, colour sync or scope saves.
    return !!dashboard && !pastView && canEditDashboardLayout(user(), { owners: dashboard.owners ?? [] });
  };

  const filters = filterActions(core);
  const view = viewActions(core);
  const opening = openActions(core, {
    user,
    abortCharts,
    reveal: view.reveal,
    loadFilterOptions: filters.loadFilterOptions,
  });
  const configuration = configurationActions(core, filters);
  const drafts = draftApi(http);
  const { subscription: paletteSearches, ...palette } = paletteActions(core, drafts, scheduler);
  const subscriptions = [
    autoRefresh(core, scheduler),
    // Select filters that search all their values ask the database as the user types.
    filterSearches(core, scheduler),
    paletteSearches,
  ];
  // Subscribed last: on a load the auto-refresh restarts first, then the colours follow the metadata read.
  const { colors, subscription: colorSync } = pageLabelColors(core, { http, canEdit, scheduler });
  subscriptions.push(colorSync);
  if (userLog) {
    const { store } = core;
    subscriptions.push(logTimings(store.recorded$, (e) => dashboardTimingMark(e, store.getState()), userLog, clock));
  }

  return {
    ...core,
    ...opening,
    ...view,
    ...refreshActions(core),
    ...chartRuntimeActions(core),
    ...filters,
    ...configuration,
    ...crossFilterActions(core, configuration),
    ...favoriteActions(core),
    ...saveActions(core, drafts),
    ...versionActions(core, drafts),
    ...palette,
    ...permalinkActions(core, opening),
    stopChart,
    colors,
    canEdit,
    dispose() {
      subscriptions.forEach((s) => s.unsubscribe());
      colors.dispose();
      abortCharts();
    },
  };
}
