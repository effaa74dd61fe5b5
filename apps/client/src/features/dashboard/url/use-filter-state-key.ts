import type { MutableRefObject } from 'react';
import type { KeyedStateSync } from '../../../shared/keyed-state/keyed-state-sync';
import { useKeyedStateSync } from '../../../shared/keyed-state/use-keyed-state-sync';
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
  return useKeyedStateSync(core, enabled, filterStateKeySync, onKey);
}
