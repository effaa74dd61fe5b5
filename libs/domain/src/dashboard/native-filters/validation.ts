/**
 * The filter configuration modal's checks (charts-dashboards-reports §4: the form logs validation errors and focuses the first
 * failing filter). Texts are Strata's own where the spec gives none.
 */
import { FilterType, type FilterConfigItem, type NativeFilter, isNativeFilter } from './types';

export const FilterValidationMessages = {
  NAME_REQUIRED: 'Name is required',
  TITLE_REQUIRED: 'Title is required',
  DATASET_REQUIRED: 'Dataset is required',
  COLUMN_REQUIRED: 'Column is required',
  CYCLIC_HIERARCHY: 'Cannot create cyclic hierarchy',
  PARENT_MISSING: 'The parent filter does not exist',
  PARENT_NOT_SELECT: 'Only value filters can be parents',
  DEFAULT_VALUE_REQUIRED: 'Please choose a default value: the filter value is required',
  RANGE_INVERTED: 'Minimum value cannot be higher than maximum value',
  DUPLICATE_ID: 'Another filter has the same id',
} as const;
const M = FilterValidationMessages;

export type FilterField = 'name' | 'title' | 'dataset' | 'column' | 'parent' | 'defaultValue' | 'id';

export interface FilterValidationError {
  readonly filterId: string;
  readonly field: FilterField;
  readonly message: string;
}

const NEEDS_DATASET: readonly string[] = [
  FilterType.SELECT,
  FilterType.RANGE,
  FilterType.TIME_COLUMN,
  FilterType.TIME_GRAIN,
];
const NEEDS_COLUMN: readonly string[] = [FilterType.SELECT, FilterType.RANGE];

export function hasDefaultValue(filter: NativeFilter): boolean {
  const value = filter.defaultDataMask?.filterState?.value;
  if (value === null || value === undefined || value === '') return false;
  if (Array.isArray(value)) return value.some((v) => v !== null && v !== undefined);
  return true;
}

/** Whether following cascade parents from `start` comes back to it. */
function inCycle(start: string, parentsOf: ReadonlyMap<string, readonly string[]>): boolean {
  const seen = new Set<string>();
  const stack = [...(parentsOf.get(start) ?? [])];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (id === start) return true;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(parentsOf.get(id) ?? []));
  }
  return false;
}

/** Every problem of the configuration, in the order of the filters. Removed ids are ignored. */
export function validateFilterConfiguration(
  items: readonly FilterConfigItem[],
  removed: ReadonlySet<string> = new Set(),
): FilterValidationError[] {
  const live = items.filter((item) => !removed.has(item.id));
  const byId = new Map(live.map((item) => [item.id, item]));
  const parentsOf = new Map(live.filter(isNativeFilter).map((f) => [f.id, f.cascadeParentIds ?? []]));
  const errors: FilterValidationError[] = [];
  const seen = new Set<string>();
  for (const item of live) {
    const add = (field: FilterField, message: string) => errors.push({ filterId: item.id, field, message });
    if (seen.has(item.id)) add('id', M.DUPLICATE_ID);
    seen.add(item.id);
    if (!isNativeFilter(item)) {
      if (!item.title?.trim()) add('title', M.TITLE_REQUIRED);
      continue;
    }
    if (!item.name?.trim()) add('name', M.NAME_REQUIRED);
    const target = item.targets?.[0];
    if (NEEDS_DATASET.includes(item.filterType) && typeof target?.datasetId !== 'number')
      add('dataset', M.DATASET_REQUIRED);
    if (NEEDS_COLUMN.includes(item.filterType) && !target?.column?.name) add('column', M.COLUMN_REQUIRED);
    for (const parentId of item.cascadeParentIds ?? []) {
      const parent = byId.get(parentId);
      if (!parent) add('parent', M.PARENT_MISSING);
      else if (!isNativeFilter(parent) || parent.filterType !== FilterType.SELECT) add('parent', M.PARENT_NOT_SELECT);
    }
    if ((item.cascadeParentIds ?? []).length > 0 && inCycle(item.id, parentsOf)) add('parent', M.CYCLIC_HIERARCHY);
    // "Filter value is required" needs a default, unless the first value is picked by default.
    if (item.controlValues?.enableEmptyFilter && !item.controlValues.defaultToFirstItem && !hasDefaultValue(item)) {
      add('defaultValue', M.DEFAULT_VALUE_REQUIRED);
    }
    if (item.filterType === FilterType.RANGE) {
      const value = item.defaultDataMask?.filterState?.value;
      if (Array.isArray(value) && typeof value[0] === 'number' && typeof value[1] === 'number' && value[0] > value[1]) {
        add('defaultValue', M.RANGE_INVERTED);
      }
    }
  }
  return errors;
}

/**
 * charts-dashboards-reports §4: the filter the form focuses after a failed validation: the open one if it has an error, else
 * the first failing filter in the list.
 */
export function filterToFocus(
  errors: readonly FilterValidationError[],
  openFilterId: string | null,
  order: readonly string[],
): string | null {
  if (errors.length === 0) return null;
  if (openFilterId && errors.some((e) => e.filterId === openFilterId)) return openFilterId;
  const failing = new Set(errors.map((e) => e.filterId));
  return order.find((id) => failing.has(id)) ?? errors[0]!.filterId;
}
