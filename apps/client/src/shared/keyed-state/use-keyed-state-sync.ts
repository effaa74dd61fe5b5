import { useEffect, useRef, type MutableRefObject } from 'react';
import { browserPageLeft$ } from '../../features/sqllab/persistence/send-on-leave';
import type { KeyedStateSync } from './keyed-state-sync';

/**
 * A page's keyed state (keyed-state-sync.ts) while it shows the live object (`enabled`): `make(owner, onKey)`
 * builds the feature's sync (Explore's form data key, a dashboard's native_filters_key); `onKey` puts a
 * new key in the address (the latest callback is called, so the page may pass a new one each render);
 * leaving the page or the browser tab sends the last change at once. The ref holds the live sync, for
 * the page to tell it what its address opened.
 */
export function useKeyedStateSync<O, A extends unknown[]>(
  owner: O,
  enabled: boolean,
  make: (owner: O, onKey: (...args: A) => void) => KeyedStateSync,
  onKey: (...args: A) => void,
): MutableRefObject<KeyedStateSync | null> {
  const sync = useRef<KeyedStateSync | null>(null);
  const latestOnKey = useRef(onKey);
  latestOnKey.current = onKey;
  useEffect(() => {
    if (!enabled) return;
    const made = make(owner, (...args) => latestOnKey.current(...args));
    sync.current = made;
    const left = browserPageLeft$().subscribe(() => made.flush());
    return () => {
      left.unsubscribe();
      made.dispose();
      if (sync.current === made) sync.current = null;
    };
  }, [owner, enabled, make]);
  return sync;
}
