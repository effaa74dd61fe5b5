/**
 * The filter configuration modal's store and intents (charts-dashboards-reports §4, §7 PUT /api/v1/dashboard/{id}/filters):
 * each form gesture is one recorded event; a removal expires 5 s later unless restored; Save checks the
 * configuration with the domain, focuses the first failing filter, or sends the changes and hands the
 * saved configuration to the dashboard.
 */
import { asyncScheduler, filter, map, mergeMap, timer, type SchedulerLike, type Subscription } from 'rxjs';
import {
  FILTER_PENDING_DELETE_MS,
  filterChanges,
  filterDividerId,
  filterToFocus,
  isNativeFilter,
  nativeFilterId,
  validateFilterConfiguration,
  withComputedScope,
  withoutRemoved,
  type FilterChanges,
  type FilterConfigItem,
  type FilterScope,
  type FilterType,
  type FilterValidationError,
  type Layout,
  filterConfigFold,
  newFilter,
  filterSettingChanged,
  type ColumnOption,
  type DatasetOption,
  type FilterConfigEvent,
  type FilterConfigState,
  type FilterSetting,
} from '@strata/domain';
import {
  MAY_LAND_IN_PAST,
  createFeatureStore,
  type ClientContext,
  type FeatureStore,
} from '../../../../shared/feature-store';
import { toClientError } from '../../../api/api-error';
import { isStaleWrite, type DashboardWriteAnswer } from '../../api/dashboard-api';
import { columnValues, filterValuesQueryContext } from '../../charts/chart-query';
import type { FilterValue } from '../native-filters';

export interface FilterConfigApi {
  listDatasets(search: string): Promise<DatasetOption[]>;
  getDataset(
    id: number,
  ): Promise<{ columns: { column_name: string; type_generic?: number | null; is_dttm?: boolean }[] }>;
  chartData(
    queryContext: unknown,
    ids: { dashboardId: number; force: boolean },
  ): Promise<{ data?: Record<string, unknown>[] }[]>;
  saveFilters(
    dashboardId: number,
    changes: FilterChanges,
    version?: number,
  ): Promise<{ items: FilterConfigItem[] } & DashboardWriteAnswer>;
}

export interface FilterConfigDeps {
  context: ClientContext;
  api: FilterConfigApi;
  dashboardId(): number;
  /** The dashboard's version as the page read it: Save names it, so a newer dashboard is a 409, not an overwrite. */
  version?(): number | undefined;
  /** The dashboard's layout: a filter's charts and tabs in scope are computed from it on save. */
  layout(): Layout;
  onSaved(items: FilterConfigItem[], saved: DashboardWriteAnswer): void;
  /** Save was refused because someone else changed the dashboard since (409); the modal closes. */
  onStale?(): void;
  scheduler?: SchedulerLike;
}

export interface FilterConfigFeature {
  readonly store: FeatureStore<FilterConfigState, FilterConfigEvent>;
  open(items: readonly FilterConfigItem[]): void;
  addFilter(): void;
  addDivider(): void;
  select(id: string): void;
  rename(id: string, name: string): void;
  describe(id: string, description: string): void;
  chooseType(id: string, filterType: FilterType): void;
  chooseTarget(id: string, datasetId: number | null, column: string | null): void;
  toggle(id: string, setting: FilterSetting, on: boolean): void;
  chooseParents(id: string, parentIds: string[]): void;
  chooseScope(id: string, scope: FilterScope): void;
  chooseDefault(id: string, value: FilterValue | null): void;
  loadValues(id: string): void;
  move(id: string, toIndex: number): void;
  remove(id: string): void;
  restore(id: string): void;
  /** The errors to show: none until a save found some, then all of them as the form changes. */
  errors(state?: FilterConfigState): FilterValidationError[];
  /** Whether the modal is done: saved, or refused as stale (the dashboard then reads the newer configuration). */
  save(): Promise<boolean>;
  cancel(): void;
  dispose(): void;
}

const removedIds = (state: FilterConfigState) => new Set(Object.keys(state.removed));

export function createFilterConfig({
  context,
  api,
  dashboardId,
  version = () => undefined,
  layout,
  onSaved,
  onStale,
  scheduler = asyncScheduler,
}: FilterConfigDeps): FilterConfigFeature {
  const store = createFeatureStore<FilterConfigState, FilterConfigEvent>('filterConfig', filterConfigFold, context);
  /** The user's edits: refused while the page shows the past (false then: nothing is sent). */
  const record = (event: FilterConfigEvent) => store.record([event]).length > 0;
  /** Loads, timers and the server's answers: they may land while the page shows the past. */
  const fact = (event: FilterConfigEvent) => void store.record([event], MAY_LAND_IN_PAST);
  const now = () => Date.parse(context.now());
  const loadingColumns = new Set<number>();

  const subscriptions: Subscription[] = [
    // A removal is final 5 s after it was made, unless restored by then (charts-dashboards-reports §4).
    store.recorded$
      .pipe(
        filter((e) => e.type === 'filterConfig/itemRemoved'),
        mergeMap((e) =>
          timer(FILTER_PENDING_DELETE_MS, scheduler).pipe(
            map(() => (e.data as { at: number }).at + FILTER_PENDING_DELETE_MS),
          ),
        ),
      )
      .subscribe((at) => {
        if (store.getState().status !== 'closed') fact({ type: 'filterConfig/removalsExpired', data: { at } });
      }),
  ];

  const loadColumns = (datasetId: number) => {
    if (store.getState().columns[datasetId] || loadingColumns.has(datasetId)) return;
    loadingColumns.add(datasetId);
    api
      .getDataset(datasetId)
      .then((dataset) => {
        const columns: ColumnOption[] = dataset.columns.map((c) => ({
          name: c.column_name,
          typeGeneric: c.type_generic ?? null,
          isDttm: !!c.is_dttm,
        }));
        fact({ type: 'filterConfig/columnsLoaded', data: { datasetId, columns } });
      })
      .catch(() => fact({ type: 'filterConfig/columnsLoaded', data: { datasetId, columns: [] } }))
      .finally(() => loadingColumns.delete(datasetId));
  };

  const errors = (state = store.getState()) =>
    state.showErrors ? validateFilterConfiguration(state.items, removedIds(state)) : [];

  return {
    store,
    open(items) {
      record({ type: 'filterConfig/opened', data: { items: [...items] } });
      api.listDatasets('').then(
        (datasets) => fact({ type: 'filterConfig/datasetsLoaded', data: { datasets } }),
        () => undefined, // The picker then offers the datasets the filters already use.
      );
      for (const item of items)
        if (isNativeFilter(item) && typeof item.targets[0]?.datasetId === 'number')
          loadColumns(item.targets[0].datasetId);
    },
    addFilter: () =>
      record({ type: 'filterConfig/filterAdded', data: { filter: newFilter(nativeFilterId(context.newId())) } }),
    addDivider: () => record({ type: 'filterConfig/dividerAdded', data: { id: filterDividerId(context.newId()) } }),
    select: (id) => record({ type: 'filterConfig/itemSelected', data: { id } }),
    rename: (id, name) => record({ type: 'filterConfig/itemRenamed', data: { id, name } }),
    describe: (id, description) => record({ type: 'filterConfig/itemDescribed', data: { id, description } }),
    chooseType: (id, filterType) => record({ type: 'filterConfig/filterTypeChosen', data: { id, filterType } }),
    chooseTarget(id, datasetId, column) {
      record({ type: 'filterConfig/filterTargetChosen', data: { id, datasetId, column } });
      if (datasetId !== null) loadColumns(datasetId);
    },
    toggle: (id, setting, on) => record(filterSettingChanged(id, setting, on)),
    chooseParents: (id, parentIds) => record({ type: 'filterConfig/filterParentsChosen', data: { id, parentIds } }),
    chooseScope: (id, scope) => record({ type: 'filterConfig/filterScopeChosen', data: { id, scope } }),
    chooseDefault: (id, value) => record({ type: 'filterConfig/filterDefaultChosen', data: { id, value } }),
    loadValues(id) {
      const item = store.getState().items.find((i) => i.id === id);
      const target = item && isNativeFilter(item) ? item.targets[0] : undefined;
      if (!item || !isNativeFilter(item) || typeof target?.datasetId !== 'number' || !target.column?.name) return;
      const column = target.column.name;
      const query = filterValuesQueryContext(
        { id: target.datasetId, type: 'table' },
        column,
        item.controlValues.sortAscending !== false,
        {},
        dashboardId(),
      );
      api.chartData(query, { dashboardId: dashboardId(), force: false }).then(
        (result) => fact({ type: 'filterConfig/valuesLoaded', data: { id, values: columnValues(result, column) } }),
        () => fact({ type: 'filterConfig/valuesLoaded', data: { id, values: [] } }),
      );
    },
    move: (id, toIndex) => record({ type: 'filterConfig/itemMoved', data: { id, toIndex } }),
    remove: (id) => record({ type: 'filterConfig/itemRemoved', data: { id, at: now() } }),
    restore: (id) => record({ type: 'filterConfig/itemRestored', data: { id, at: now() } }),
    errors,
    async save() {
      const state = store.getState();
      if (state.status === 'saving' || state.status === 'closed') return false;
      const problems = validateFilterConfiguration(state.items, removedIds(state));
      if (problems.length > 0) {
        const order = state.items.map((item) => item.id);
        fact({
          type: 'filterConfig/validationFailed',
          data: { focusId: filterToFocus(problems, state.selectedId, order) },
        });
        return false;
      }
      const next = withoutRemoved(state.items, state.removed).map((item) =>
        isNativeFilter(item) ? withComputedScope(item, layout()) : item,
      );
      if (!record({ type: 'filterConfig/saveStarted', data: {} })) return false;
      try {
        const saved = await api.saveFilters(dashboardId(), filterChanges(state.original, next), version());
        fact({ type: 'filterConfig/saved', data: { items: saved.items } });
        onSaved(saved.items, saved);
        return true;
      } catch (error) {
        // The changes were made against a configuration that is no longer the dashboard's: sending them
        // again would undo someone else's save. The modal closes and the dashboard reads theirs.
        if (isStaleWrite(error) && onStale) {
          fact({ type: 'filterConfig/closed', data: {} });
          onStale();
          return true;
        }
        fact({ type: 'filterConfig/saveFailed', data: { message: toClientError(error).message } });
        return false;
      }
    },
    cancel: () => record({ type: 'filterConfig/closed', data: {} }),
    dispose: () => subscriptions.forEach((s) => s.unsubscribe()),
  };
}
