import { useRef } from 'react';

/**
 * The previous value while the new one is equal as JSON. Form data is small plain JSON, so comparing
 * it is cheap; it spares a Highcharts update (and another "rendered") when a host re-creates it.
 */
export function useStableValue<T>(value: T): T {
  const ref = useRef<{ value: T; json: string } | null>(null);
  if (ref.current?.value === value) return value;
  const json = JSON.stringify(value) ?? '';
  if (ref.current && ref.current.json === json) return ref.current.value;
  ref.current = { value, json };
  return value;
}

/**
 * The previous list while the new one holds the same items (by identity). Query results can be
 * large, so they are never compared by content; a host that wraps the same results in a new array
 * keeps the chart as it is.
 */
export function useStableItems<T>(items: readonly T[]): readonly T[] {
  const ref = useRef(items);
  const previous = ref.current;
  if (previous !== items && (previous.length !== items.length || items.some((item, i) => item !== previous[i])))
    ref.current = items;
  return ref.current;
}
