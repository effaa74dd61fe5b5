import { useEffect, useRef } from 'react';

/**
 * Calls onRendered after the DOM shows `value` (HTML viz types have no Highcharts load event).
 * The latest callback is kept in a ref: callers pass a new arrow on every render, and that alone
 * must not report another render.
 */
export function useRendered(value: unknown, onRendered: () => void): void {
  const callback = useRef(onRendered);
  callback.current = onRendered;
  useEffect(() => {
    callback.current();
  }, [value]);
}
