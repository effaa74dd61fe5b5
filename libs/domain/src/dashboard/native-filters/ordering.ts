/**
 * Load order of filters: cascade parents before their children (a child's values depend on its
 * parents' selection), and filters marked requiredFirst before the rest, since the dashboard's charts
 * wait for them.
 */
import { isNativeFilter, type DataMaskMap, type FilterConfigItem, type NativeFilter } from './types';
import { hasDefaultValue } from './validation';

export function filterLoadOrder(items: readonly FilterConfigItem[]): NativeFilter[] {
  const filters = items.filter(isNativeFilter);
  const byId = new Map(filters.map((f) => [f.id, f]));
  const ranked = [...filters.filter((f) => f.requiredFirst), ...filters.filter((f) => !f.requiredFirst)];
  const out: NativeFilter[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const place = (filter: NativeFilter) => {
    if (placed.has(filter.id) || visiting.has(filter.id)) return; // a cycle is a validation error; do not loop
    visiting.add(filter.id);
    for (const parentId of filter.cascadeParentIds) {
      const parent = byId.get(parentId);
      if (parent) place(parent);
    }
    visiting.delete(filter.id);
    placed.add(filter.id);
    out.push(filter);
  };
  ranked.forEach(place);
  return out;
}

/** Whether a filter has a value in the current data mask (or, before any, a default). */
export function filterHasValue(filter: NativeFilter, dataMask: DataMaskMap): boolean {
  const mask = dataMask[filter.id];
  if (mask?.filterState && 'value' in mask.filterState) {
    const value = mask.filterState.value;
    return !(value === null || value === undefined || (Array.isArray(value) && value.length === 0));
  }
  return hasDefaultValue(filter) || !!filter.controlValues.defaultToFirstItem;
}

/** The requiredFirst filters still without a value: charts wait while this is not empty. */
export function requiredFirstPending(items: readonly FilterConfigItem[], dataMask: DataMaskMap): string[] {
  return items
    .filter(isNativeFilter)
    .filter((f) => f.requiredFirst && !filterHasValue(f, dataMask))
    .map((f) => f.id);
}
