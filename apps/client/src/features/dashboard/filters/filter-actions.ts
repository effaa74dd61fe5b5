/**
 * The native filter bar's intents (charts-dashboards-reports §3 Native filter, REFERENCE §3.4): values picked in the bar stay a
 * draft until Apply; Apply turns them into the data mask the charts' queries read; Clear all empties
 * them. A select filter's choices are the distinct values of its column, by chart data query.
 */
import { toClientError } from '../../api/api-error';
import type { DashboardCore } from '../dashboard-core';
import {
  isStaleFilterOptionsAnswer,
  mergeExtraFormData,
  type DashboardPageEvent,
  type DashboardPageState,
} from '@strata/domain';
import { columnValues, filterValuesQueryContext } from '../charts/chart-query';
import {
  controlOf,
  searchesAllValues,
  dataMaskEntry,
  isEmptyValue,
  maskValue,
  nativeFilters as nativeOf,
  targetOf,
  type DataMask,
  type ExtraFormData,
  type FilterValue,
  type NativeFilter,
} from './native-filters';
import { MAY_LAND_IN_PAST } from '../../../shared/feature-store';

export interface FilterActions {
  selectFilterValue(filterId: string, value: FilterValue | null): void;
  /** Applies the draft; refused (with the names of the empty required filters) when one is empty. */
  applyFilters(): string[];
  clearFilters(): void;
  loadFilterOptions(filterIds?: string[]): void;
  /**
   * Typed in a select filter's search. With "Dynamically search all filter values" the column's values
   * matching it are queried (filter-search.ts); otherwise the bar filters the loaded values itself.
   */
  searchFilterValues(filterId: string, text: string): void;
  /** Required filters (enableEmptyFilter) left empty in the draft. */
  missingRequired(): string[];
}

export const REQUIRED_FILTERS_MESSAGE = 'Please choose a value for the required filters: %s';

export function filterActions(core: DashboardCore): FilterActions {
  const { store, api } = core;
  const nativeFilters = (): NativeFilter[] => nativeOf(store.getState().filterItems);

  const missingRequired = () => {
    const draft = store.getState().filterDraft;
    return nativeFilters()
      .filter((f) => controlOf(f).enableEmptyFilter && isEmptyValue(draft[f.id]))
      .map((f) => f.name);
  };

  const apply = (draft: Record<string, FilterValue | null>) => {
    const mask: Record<string, DataMask> = {};
    for (const f of nativeFilters()) mask[f.id] = dataMaskEntry(f, draft[f.id] ?? null);
    const before = store.getState().dataMask;
    store.record([{ type: 'dashboardPage/filtersApplied', data: { dataMask: mask } }]);
    core.refreshFilteredCharts();
    // Children of a changed filter offer the values their parents leave (cascading filters).
    const changed = nativeFilters()
      .filter((f) => JSON.stringify(before[f.id] ?? null) !== JSON.stringify(mask[f.id] ?? null))
      .map((f) => f.id);
    const children = nativeFilters()
      .filter((f) => f.cascadeParentIds.some((p) => changed.includes(p)))
      .map((f) => f.id);
    if (children.length) loadFilterOptions(children);
  };

  const loadFilterOptions = (filterIds?: string[]) => {
    const state = store.getState();
    if (!state.dashboard) return;
    const dashboardId = state.dashboard.id;
    for (const f of nativeFilters()) {
      const target = targetOf(f);
      if (f.filterType !== 'filter_select' || !target || (filterIds && !filterIds.includes(f.id))) continue;
      const query = filterValuesQuery(state, f);
      // Each ask has its id: a child filter is asked again when its parents change, the answers can come
      // back in any order, and the page takes only the latest ask's (the domain's evolve drops the others).
      const requestId = core.context.newId();
      const requested = { type: 'dashboardPage/filterOptionsRequested', data: { filterId: f.id, requestId } } as const;
      if (!query) {
        store.record(
          [
            requested,
            {
              type: 'dashboardPage/filterOptionsFailed',
              data: { filterId: f.id, requestId, message: DATASET_NOT_LOADED },
            },
          ],
          MAY_LAND_IN_PAST,
        );
        continue;
      }
      store.record([requested], MAY_LAND_IN_PAST);
      // A search under way asks again: its values are narrowed by the parents' new selection too.
      const typed = state.filterSearch[f.id]?.text;
      if (typed)
        store.record(
          [{ type: 'dashboardPage/filterSearchTyped', data: { filterId: f.id, text: typed } }],
          MAY_LAND_IN_PAST,
        );
      Promise.resolve()
        .then(() => api.chartData(query.context(), { dashboardId, force: false }))
        .then((result) => {
          const values = columnValues(result, query.column);
          store.record(
            [{ type: 'dashboardPage/filterOptionsLoaded', data: { filterId: f.id, requestId, values } }],
            MAY_LAND_IN_PAST,
          );
          // An earlier ask's answer is kept in the log but shown nowhere: it picks no first value either.
          if (!isStaleFilterOptionsAnswer(store.getState(), f.id, requestId)) selectFirstIfAsked(f, values);
        })
        .catch((error: unknown) =>
          store.record(
            [
              {
                type: 'dashboardPage/filterOptionsFailed',
                data: { filterId: f.id, requestId, message: toClientError(error).message },
              },
            ],
            MAY_LAND_IN_PAST,
          ),
        );
    }
  };

  /** "Select first filter value by default": when nothing is applied yet, the first value is, at once. */
  const selectFirstIfAsked = (f: NativeFilter, values: (string | number | boolean | null)[]) => {
    if (!controlOf(f).defaultToFirstItem || values.length === 0) return;
    const state = store.getState();
    if (maskValue(state.dataMask[f.id]) !== null) return;
    const value = [values[0]!] as FilterValue;
    store.record([{ type: 'dashboardPage/filterValueSelected', data: { filterId: f.id, value } }], MAY_LAND_IN_PAST);
    const applied = Object.fromEntries(nativeFilters().map((n) => [n.id, maskValue(state.dataMask[n.id])]));
    apply({ ...applied, [f.id]: value });
  };

  return {
    selectFilterValue(filterId, value) {
      store.record([{ type: 'dashboardPage/filterValueSelected', data: { filterId, value } }]);
    },
    applyFilters() {
      const missing = missingRequired();
      if (missing.length) {
        core.toasts.warning(REQUIRED_FILTERS_MESSAGE.replace('%s', missing.join(', ')));
        return missing;
      }
      apply(store.getState().filterDraft);
      return [];
    },
    clearFilters() {
      const cleared = Object.fromEntries(nativeFilters().map((f) => [f.id, null]));
      store.record(
        nativeFilters().map((f): DashboardPageEvent => ({
          type: 'dashboardPage/filterValueSelected',
          data: { filterId: f.id, value: null },
        })),
      );
      apply(cleared);
    },
    loadFilterOptions,
    searchFilterValues(filterId, text) {
      const f = nativeFilters().find((n) => n.id === filterId);
      if (!f || !searchesAllValues(f, Object.values(store.getState().datasets))) return;
      // Only a change: the pipeline's debounce restarts on each event.
      if ((store.getState().filterSearch[filterId]?.text ?? '') === (text.trim() ? text : '')) return;
      store.record([{ type: 'dashboardPage/filterSearchTyped', data: { filterId, text } }]);
    },
    missingRequired,
  };
}

export const DATASET_NOT_LOADED = 'The dataset of this filter could not be loaded.';

/**
 * The request for a select filter's values: its column's distinct values, narrowed by what its cascade
 * parents have applied, and by `extra` (a search). Null when the filter's dataset is not on the page.
 */
export function filterValuesQuery(state: DashboardPageState, f: NativeFilter, extra?: ExtraFormData) {
  const target = targetOf(f);
  const dataset = target ? Object.values(state.datasets).find((d) => d.id === target.datasetId) : undefined;
  if (!target || !dataset || !state.dashboard) return null;
  const dashboardId = state.dashboard.id;
  const parents = f.cascadeParentIds.reduce<ExtraFormData>(
    (merged, id) => mergeExtraFormData(merged, state.dataMask[id]?.extraFormData),
    {},
  );
  const narrowed = mergeExtraFormData(parents, extra);
  return {
    column: target.column,
    dataset,
    dashboardId,
    context: () => filterValuesQueryContext(dataset, target.column, controlOf(f).sortAscending, narrowed, dashboardId),
  };
}
