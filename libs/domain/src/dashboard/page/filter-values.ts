/** A native filter's value as the filter bar holds it (REFERENCE §3.4 filterState.value). */
import type { DataMask } from '../native-filters/types';

/** A select's values, a range's [min, max], a time range text, a time column, a time grain. */
export type NativeFilterValue = (string | number | boolean | null)[] | string;

export function isFilterValue(v: unknown): v is NativeFilterValue {
  if (typeof v === 'string') return true;
  return Array.isArray(v) && v.every((x) => x === null || ['string', 'number', 'boolean'].includes(typeof x));
}

/** An empty value filters nothing: no selection, an open range, no time range. */
export function isEmptyFilterValue(value: NativeFilterValue | null | undefined): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (Array.isArray(value)) return value.length === 0 || value.every((v) => v === null);
  return false;
}

/** The applied value of a filter in a data mask. */
export function maskValue(mask: DataMask | undefined): NativeFilterValue | null {
  const value = mask?.filterState?.value;
  return isFilterValue(value) && !isEmptyFilterValue(value) ? value : null;
}
