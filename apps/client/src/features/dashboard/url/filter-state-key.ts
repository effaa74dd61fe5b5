/**
 * The viewer's filters live under a `native_filters_key` in the address (issue 16 item 1, as Superset):
 * the first change of the applied filters, cross-filters or tabs after an open (or the open itself when
 * filters have values, a default or a kept state) stores them (`POST /api/v1/dashboard/{id}/filter_state`
 * -> {key}) and the page puts the key in its address; later changes keep that key current (`PUT`, after a
 * quiet time; at once, keepalive, when the page is left). A reload or a shared link opens the key's state
 * (load/open-actions.ts). The keeping is shared with Explore's form_data_key (shared/keyed-state).
 */
import { filterStateValues, type DashboardFilterState } from '@strata/domain';
import { keyedStateSync, type KeyedStateSync } from '../../../shared/keyed-state/keyed-state-sync';
import type { DashboardCore } from '../dashboard-core';

/** How long the filters must stay unchanged before they are sent (Clear all then Apply is one send). */
export const FILTER_STATE_QUIET_MS = 400;

export interface KeptFilterState {
  dashboardId: number;
  state: DashboardFilterState;
}

/** What the key holds for the page shown, or null (loading, a past view: nothing to keep). */
function bodyOf(core: Pick<DashboardCore, 'store'>): KeptFilterState | null {
  const { status, dashboard, pastView, dataMask, activeTabs } = core.store.getState();
  if (status !== 'ready' || !dashboard || pastView) return null;
  return {
    dashboardId: dashboard.id,
    state: {
      id: String(dashboard.id),
      dataMask: dataMask as DashboardFilterState['dataMask'],
      activeTabs: [...activeTabs],
    },
  };
}

const hasValues = (state: DashboardFilterState) =>
  Object.values(filterStateValues(state)).some((v) => v !== null && !(Array.isArray(v) && v.length === 0));

/** `onKey(key)`: a new key now holds the filters of the open it was made in; the page names it in its address. */
export function filterStateKeySync(
  core: Pick<DashboardCore, 'store' | 'api'>,
  onKey: (key: string) => void,
  quietMs = FILTER_STATE_QUIET_MS,
): KeyedStateSync {
  return keyedStateSync<KeptFilterState>(
    {
      // Effects follow what this page records, never a log imported or scrubbed.
      changes$: core.store.recorded$,
      body: () => bodyOf(core),
      text: (body) => JSON.stringify(body),
      opening: () => core.store.getState().status === 'loading',
      firstNeedsKey: (body) => hasValues(body.state),
      create: (body) => core.api.createFilterState(body.dashboardId, body.state),
      update: (key, body, keepalive) => core.api.updateFilterState(body.dashboardId, key, body.state, keepalive),
    },
    (key) => onKey(key),
    quietMs,
  );
}
