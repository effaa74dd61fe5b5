import { useEffect, useRef, type MutableRefObject } from 'react';
import type { KeyedStateSync } from '../../../shared/keyed-state/keyed-state-sync';
import { browserPageLeft$ } from '../../sqllab/persistence/send-on-leave';
import type { DashboardCore } from '../dashboard-core';
import { filterStateKeySync } from './filter-state-key';

/**
 * The page's native_filters_key (url/filter-state-key.ts) while it shows the live dashboard (`enabled`):
 * `onKey` puts a new key in the address; leaving the page or the browser tab sends the last change at once.
 */
export function useFilterStateKey(
  core: Pick<DashboardCore, 'store' | 'api'>,
  enabled: boolean,
  onKey: (key: string) => void,
): MutableRefObject<KeyedStateSync | null> {
  const sync = useRef<KeyedStateSync | null>(null);
  const latestOnKey = useRef(onKey);
  latestOnKey.current = onKey;
  useEffect(() => {
    if (!enabled) return;
    const made = filterStateKeySync(core, (key) => latestOnKey.current(key));
    sync.current = made;
    const left = browserPageLeft$().subscribe(() => made.flush());
    return () => {
      left.unsubscribe();
      made.dispose();
      if (sync.current === made) sync.current = null;
    };
  }, [core, enabled]);
  return sync;
}
