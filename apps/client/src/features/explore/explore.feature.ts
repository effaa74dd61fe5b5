import { distinctUntilChanged, filter, map, startWith, type Observable, type Subscription } from 'rxjs';
import { DomainError } from '@strata/events';
import {
  canAddChart,
  canDownloadCsv,
  canOverwriteChart,
  exploreDecider,
  FeatureFlag,
  formatMessage,
  isFeatureEnabled,
  isUndoableExploreBatch,
  ExploreMessages,
  exploreSideFold,
  type DatasourceMeta,
  type ExploreCommand,
  type ExploreEvent,
  type ExploreSideEvent,
  type ExploreSideState,
  type ExploreState,
  type FeatureFlags,
  type FormData,
  type PermissionSubject,
} from '@strata/domain';
import {
  MAY_LAND_IN_PAST,
  createFeatureStore,
  ofType,
  type ClientContext,
  type FeatureStore,
  type RecordOptions,
} from '../../shared/feature-store';
import { ApiError } from '../api/api-error';
import type { HttpClient } from '../api/http-client';
import type { AsyncEvents } from '../async/async-events';
import { sharedAsyncEvents } from '../async/async-jobs';
import type { ErrorsFeature } from '../errors/errors.feature';
import type { ToastsFeature } from '../toasts/toasts.feature';
import type { UserLog } from '../userlog/user-log';
import { logTimings } from '../userlog/timings';
import { annotationQueries, type AnnotationQueries } from './annotations/annotation-queries';
import { exploreApi, type ExploreApi } from './api/explore-api';
import { chartDataRequest } from './data/chart-request';
import { exploreTimingMark } from './data/chart-timings';
import { dataPaneActions, type DataPaneActions } from './data/data-pane';
import { openActions, type ExploreOpenOptions, type ExploreUrlParams } from './open';
import { withoutQueriesWhen } from './past/no-query-api';
import { saveActions, type SaveActions } from './save/save-actions';

export interface ExploreDeps {
  context: ClientContext;
  http: HttpClient;
  toasts: ToastsFeature;
  errors: ErrorsFeature;
  /** The signed-in user, for the charts-dashboards-reports §6 checks (add, overwrite, download). */
  user: () => PermissionSubject | null;
  /** The server's feature flags (the session's); GLOBAL_ASYNC_QUERIES opens the async-event channel at once. */
  featureFlags?: () => FeatureFlags | undefined;
  /** Where chart data jobs are waited for; the page's shared listener (socket + polling) by default. */
  asyncEvents?: AsyncEvents;
  /** Where the chart's timings go (sqllab-and-platform §7 timing events); none are measured without it. */
  userLog?: Pick<UserLog, 'log'>;
  /** The clock timings are measured on: the page's performance clock by default. */
  clock?: () => number;
}

/** What every Explore effect module builds on. */
/** How a command is recorded: `silent` keeps a refusal out of the toasts; `whilePast` as RecordOptions. */
export interface ExecuteOptions {
  silent?: boolean;
  whilePast?: RecordOptions['whilePast'];
}

export interface ExploreCore {
  readonly store: FeatureStore<ExploreState, ExploreEvent>;
  readonly side: FeatureStore<ExploreSideState, ExploreSideEvent>;
  readonly api: ExploreApi;
  readonly toasts: ToastsFeature;
  readonly errors: ErrorsFeature;
  readonly context: ClientContext;
  readonly user: () => PermissionSubject | null;
  /** Decides on the live state and records the events as one batch; a refusal is toasted unless silent. */
  /** `whilePast: 'allowed'`: a load, an answer or a render fact that may land while the page shows the past. */
  execute(command: ExploreCommand, options?: ExecuteOptions): boolean;
  now(): number;
}

export interface ExploreFeature extends ExploreCore, DataPaneActions, SaveActions {
  open(params: ExploreUrlParams, options?: ExploreOpenOptions): Promise<void>;
  setControl(name: string, value: unknown): void;
  changeVizType(vizType: string): void;
  changeDatasource(id: number): Promise<void>;
  runQuery(force?: boolean): void;
  stop(): void;
  /** The renderer drew the chart of this query. */
  rendered(queryId: string): void;
  renderFailed(queryId: string, error: unknown): void;
  searchDatasets(search: string): Promise<void>;
  toggleStar(): Promise<void>;
  undo(): void;
  redo(): void;
  readonly history$: Observable<{ canUndo: boolean; canRedo: boolean }>;
  /** The annotation layers' queries (charts-dashboards-reports §4) of the chart shown. */
  readonly annotations: AnnotationQueries;
  permissions(): { canAdd: boolean; canOverwrite: boolean; canDownload: boolean };
  dispose(): void;
}

export const errorMessage = (error: unknown): string =>
  error instanceof ApiError ? error.error.message : error instanceof Error ? error.message : String(error);

/**
 * Explore's store: the domain's decider folded by RxJS. Intents become commands; the domain decides;
 * the events are recorded as one batch (undo steps as the domain says). The query effect reacts to
 * recorded `queryTriggered` events, so a scrubbed or imported log never queries again.
 */
export function createExplore({
  context,
  http,
  toasts,
  errors,
  user,
  featureFlags,
  asyncEvents: given,
  userLog,
  clock,
}: ExploreDeps): ExploreFeature {
  const store = createFeatureStore<ExploreState, ExploreEvent>('explore', exploreDecider, context);
  const side = createFeatureStore<ExploreSideState, ExploreSideEvent>('explore-side', exploreSideFold, context);
  // Chart data may answer 202 with a job (GLOBAL_ASYNC_QUERIES): its event comes on the page's shared channel.
  const asyncEvents = () => given ?? sharedAsyncEvents(http, context.sessionId);
  // The chart as it was in a replay (pastView.queries false) queries nothing: its calls refuse.
  const api = withoutQueriesWhen(exploreApi(http, asyncEvents), () => side.getState().pastView?.queries === false);
  // With the flag on, every chart is a job: the socket is opened now so the first chart need not poll.
  if (isFeatureEnabled(featureFlags?.(), FeatureFlag.GLOBAL_ASYNC_QUERIES)) asyncEvents().open();
  const now = () => Date.parse(context.now());
  const execute = (command: ExploreCommand, options: ExecuteOptions = {}) => {
    try {
      const events = exploreDecider.decide(command, store.getState());
      store.record(events, {
        undoable: isUndoableExploreBatch(events),
        ...(options.whilePast ? { whilePast: options.whilePast } : {}),
      });
      return true;
    } catch (thrown) {
      if (!(thrown instanceof DomainError)) throw thrown;
      if (!options.silent) toasts.warning(thrown.message);
      return false;
    }
  };
  const core: ExploreCore = { store, side, api, toasts, errors, context, user, execute, now };

  // One request in flight: a new query or Stop aborts the previous one (charts-dashboards-reports §4 "An update starts with an abort controller").
  let inFlight: AbortController | null = null;
  const subscriptions: Subscription[] = [
    store.recorded$
      .pipe(filter(ofType<ExploreEvent, 'explore/queryTriggered'>('explore/queryTriggered')))
      .subscribe((event) => {
        inFlight?.abort();
        const controller = new AbortController();
        inFlight = controller;
        const { queryId, formData, force } = event.data;
        const datasource = store.getState().datasource;
        if (!datasource) return;
        // A form the domain cannot turn into a query (invalid orderings) fails the chart, not the page.
        Promise.resolve()
          .then(() => api.chartData(chartDataRequest(formData, datasource, { force }), controller.signal))
          .then((queriesResponse) => {
            const failed = queriesResponse.find((r) => r.status === 'failed' || r.error);
            if (failed)
              execute(
                {
                  type: 'RecordChartFailure',
                  data: { queryId, message: String(failed.error ?? 'Query failed'), at: now() },
                },
                { silent: true, whilePast: 'allowed' },
              );
            else
              execute(
                { type: 'RecordChartSuccess', data: { queryId, queriesResponse, at: now() } },
                { silent: true, whilePast: 'allowed' },
              );
          })
          .catch((error: unknown) => {
            if (controller.signal.aborted) return;
            const stackTrace = error instanceof ApiError ? (error.error.stack ?? null) : null;
            execute(
              { type: 'RecordChartFailure', data: { queryId, message: errorMessage(error), stackTrace, at: now() } },
              { silent: true, whilePast: 'allowed' },
            );
          })
          .finally(() => {
            if (inFlight === controller) inFlight = null;
          });
      }),
  ];
  if (userLog)
    subscriptions.push(logTimings(store.recorded$, (e) => exploreTimingMark(e, store.getState()), userLog, clock));

  /**
   * Undo and redo stay within the chart opened last: an edit made to the chart shown before it is
   * replaced by the opening anyway, so taking it back would change nothing the user can see.
   */
  function inCurrentChart(kind: 'undo' | 'redo'): boolean {
    const log = store.store.log;
    const command = kind === 'undo' ? log.undoCommand(context.actor()) : log.redoCommand(context.actor());
    if (!command) return false;
    const entries = store.store.log$.value;
    const lastOpened = entries.findLastIndex((e) => e.type === 'explore/opened');
    const target = entries.findIndex((e) => e.meta.batchId === command.data.batchId);
    return target > lastOpened;
  }

  const dataPane = dataPaneActions(core);
  subscriptions.push(dataPane.followChart());
  const annotations = annotationQueries(core, http);
  subscriptions.push(annotations.followChart());

  const loadDatasource = (id: number): Promise<DatasourceMeta> => api.getDataset(id);
  const open = openActions(core, loadDatasource);

  return {
    ...core,
    ...dataPane,
    ...saveActions(core),
    annotations,
    open: (params, options) => open(params, options),
    setControl: (name, value) => void execute({ type: 'SetControlValue', data: { name, value } }),
    changeVizType: (vizType) =>
      void execute({ type: 'ChangeVizType', data: { vizType, query: { queryId: context.newId(), at: now() } } }),
    async changeDatasource(id) {
      try {
        const datasource = await loadDatasource(id);
        if (store.getState().status === 'empty') execute({ type: 'OpenExplore', data: { datasource, formData: {} } });
        else execute({ type: 'ChangeDatasource', data: { datasource } });
      } catch (error) {
        toasts.danger(errorMessage(error));
      }
    },
    runQuery: (force = false) =>
      void execute({ type: 'TriggerQuery', data: { queryId: context.newId(), at: now(), force } }),
    stop() {
      if (execute({ type: 'StopQuery', data: { at: now() } }, { silent: true })) {
        inFlight?.abort();
        inFlight = null;
      }
    },
    rendered: (queryId) =>
      void execute(
        { type: 'RecordChartRendered', data: { queryId, at: now() } },
        { silent: true, whilePast: 'allowed' },
      ),
    renderFailed: (queryId, error) =>
      void execute(
        {
          type: 'RecordChartFailure',
          data: { queryId, message: formatMessage(ExploreMessages.RENDER_FAILED, errorMessage(error)), at: now() },
        },
        { silent: true, whilePast: 'allowed' },
      ),
    async searchDatasets(search) {
      side.record([{ type: 'exploreSide/datasetsRequested', data: { search } }]);
      try {
        const items = await api.listDatasets(search);
        side.record([{ type: 'exploreSide/datasetsLoaded', data: { search, items } }], MAY_LAND_IN_PAST);
      } catch (error) {
        side.record(
          [{ type: 'exploreSide/datasetsFailed', data: { search, message: errorMessage(error) } }],
          MAY_LAND_IN_PAST,
        );
      }
    },
    async toggleStar() {
      const { slice, isStarred } = store.getState();
      if (!slice) return;
      try {
        await api.setFavorite(slice.slice_id, !isStarred);
        // charts-dashboards-reports §4: the star toggles on success of the call.
        execute({ type: isStarred ? 'UnfavoriteChart' : 'FavoriteChart', data: {} }, { whilePast: 'allowed' });
      } catch {
        toasts.danger(ExploreMessages.STAR_FAILED);
      }
    },
    undo: () => void (inCurrentChart('undo') && store.store.undo(context.actor())),
    redo: () => void (inCurrentChart('redo') && store.store.redo(context.actor())),
    history$: store.store.log$.pipe(
      startWith(null),
      map(() => ({ canUndo: inCurrentChart('undo'), canRedo: inCurrentChart('redo') })),
      distinctUntilChanged((a, b) => a.canUndo === b.canUndo && a.canRedo === b.canRedo),
    ),
    permissions() {
      const u = user();
      const slice = store.getState().slice;
      return {
        canAdd: canAddChart(u),
        canOverwrite: slice !== null && canOverwriteChart(u, slice.owners),
        canDownload: canDownloadCsv(u),
      };
    },
    dispose() {
      inFlight?.abort();
      subscriptions.forEach((s) => s.unsubscribe());
    },
  };
}

export type { FormData };
