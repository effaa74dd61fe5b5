/**
 * Native filters as the page reads them: the domain's configuration entries (REFERENCE §3.4), read one
 * by one so that an entry this page cannot use is skipped rather than breaking the dashboard, plus the
 * small accessors the filter bar needs. What a value filters is the domain's filterValueExtraFormData.
 */
import {
  defaultScope,
  GenericDataType,
  filterConfigItemSchema,
  filterValueExtraFormData,
  isEmptyFilterValue as isEmptyValue,
  isFilterValue,
  isNativeFilter,
  type DataMask,
  type FilterConfigItem,
  type NativeFilter,
  type NativeFilterValue as FilterValue,
} from '@strata/domain';
import type { DashboardDataset } from '../api/types';

// The value helpers are the domain's (`dashboard/page/filter-values.ts`): the page's fold reads them too.
export {
  FilterType,
  isEmptyFilterValue as isEmptyValue,
  isFilterValue,
  isNativeFilter,
  maskValue,
  type NativeFilterValue as FilterValue,
  type DataMask,
  type DataMaskMap,
  type ExtraFormData,
  type FilterConfigItem,
  type NativeFilter,
} from '@strata/domain';

export function readFilterConfiguration(config: unknown): FilterConfigItem[] {
  if (!Array.isArray(config)) return [];
  const items: FilterConfigItem[] = [];
  for (const raw of config) {
    // Older configurations leave out the scope (the whole dashboard) and a time filter's empty targets.
    const entry =
      typeof raw === 'object' && raw !== null && (raw as { type?: unknown }).type === 'NATIVE_FILTER'
        ? { scope: defaultScope(), targets: [], ...raw }
        : raw;
    const parsed = filterConfigItemSchema.safeParse(entry);
    if (parsed.success) items.push(parsed.data as FilterConfigItem);
  }
  return items;
}

export const nativeFilters = (items: readonly FilterConfigItem[]): NativeFilter[] => items.filter(isNativeFilter);

/** The filter's dataset column (select and range filters); time filters have none. */
export function targetOf(filter: NativeFilter): { datasetId: number; column: string } | null {
  const target = filter.targets[0];
  return typeof target?.datasetId === 'number' && target.column?.name
    ? { datasetId: target.datasetId, column: target.column.name }
    : null;
}

/** controlValues flags (REFERENCE §3.4) with their defaults: multi-select and ascending are on. */
export function controlOf(filter: NativeFilter) {
  const c = filter.controlValues;
  return {
    enableEmptyFilter: c.enableEmptyFilter === true,
    defaultToFirstItem: c.defaultToFirstItem === true,
    multiSelect: c.multiSelect !== false,
    inverseSelection: c.inverseSelection === true,
    searchAllOptions: c.searchAllOptions === true,
    sortAscending: c.sortAscending !== false,
  };
}

/**
 * Whether a select filter's search asks the database ("Dynamically search all filter values"): the
 * option is on and the column is text. An ILIKE on a number or a date is an error in PostgreSQL, so those
 * filters search their loaded values; a column of unknown type is tried.
 */
export function searchesAllValues(filter: NativeFilter, datasets: readonly DashboardDataset[]): boolean {
  const target = targetOf(filter);
  if (!controlOf(filter).searchAllOptions || !target) return false;
  const type = datasets
    .find((d) => d.id === target.datasetId)
    ?.columns.find((c) => c.column_name === target.column)?.type_generic;
  return type === undefined || type === null || type === GenericDataType.STRING;
}

/** Whether a filter's column is temporal: its values then come as epoch ms (the chart data API's answer). */
export function targetsTemporalColumn(filter: NativeFilter, datasets: readonly DashboardDataset[]): boolean {
  const target = targetOf(filter);
  if (!target) return false;
  const column = datasets.find((d) => d.id === target.datasetId)?.columns.find((c) => c.column_name === target.column);
  return column?.type_generic === GenericDataType.TEMPORAL;
}

export function defaultValueOf(filter: NativeFilter): FilterValue | null {
  const value = filter.defaultDataMask.filterState?.value;
  return isFilterValue(value) && !isEmptyValue(value) ? value : null;
}

/**
 * A filter's data mask entry. Empty values are kept as `value: null`: the domain's requiredFirstPending
 * reads an entry without a value as "not chosen yet", so charts keep waiting for it.
 */
export function dataMaskEntry(filter: NativeFilter, value: FilterValue | null, label?: string): DataMask {
  const empty = isEmptyValue(value);
  return {
    id: filter.id,
    extraFormData: empty
      ? {}
      : filterValueExtraFormData(filter.filterType, targetOf(filter)?.column, value, {
          inverseSelection: controlOf(filter).inverseSelection,
        }),
    filterState: { value: empty ? null : value, ...(label ? { label } : {}) },
  };
}
