/**
 * The dashboard's filter configuration as the page adopts it (charts-dashboards-reports §5): after the
 * configuration modal saved, or after a write refused as stale (409) made the page read the dashboard
 * again. Unchanged filters keep what is applied; new and changed ones start from their default value.
 */
import { versionAdvanced, type DashboardPageEvent } from '@strata/domain';
import { toClientError } from '../../api/api-error';
import type { DashboardWriteAnswer } from '../api/dashboard-api';
import type { DashboardCore } from '../dashboard-core';
import { parseMetadata } from '../load/open-actions';
import type { FilterActions } from './filter-actions';
import {
  dataMaskEntry,
  defaultValueOf,
  nativeFilters,
  readFilterConfiguration,
  type FilterConfigItem,
} from './native-filters';
import { MAY_LAND_IN_PAST } from '../../../shared/feature-store';

export const DASHBOARD_CHANGED_ELSEWHERE =
  'This dashboard was changed by someone else, so your change was not saved. Their latest filters and settings are shown now; reload the page to see all their changes.';

export interface ConfigurationActions {
  /** The filter configuration modal saved: the filter bar, the applied values and the charts follow. */
  filtersConfigured(items: FilterConfigItem[], saved?: DashboardWriteAnswer): Promise<void>;
  /**
   * A write was refused because someone else changed the dashboard since it was read (409): the user is
   * told, and the dashboard's configuration (filters, cross-filter scopes, version) is read again.
   */
  writeRefusedAsStale(): Promise<void>;
}

export function configurationActions(
  core: DashboardCore,
  { loadFilterOptions }: Pick<FilterActions, 'loadFilterOptions'>,
): ConfigurationActions {
  const { store, api, toasts } = core;

  /**
   * `first` (the version a save answered, a dashboard read again) is recorded at once, before the
   * datasets are asked for: a save made meanwhile must already name the new version.
   */
  const adoptFilters = async (items: FilterConfigItem[], first: DashboardPageEvent[]) => {
    store.record(first, MAY_LAND_IN_PAST);
    const state = store.getState();
    if (!state.dashboard) return;
    const before = new Map(state.filterItems.map((f) => [f.id, JSON.stringify(f)]));
    const dataMask = Object.fromEntries(
      nativeFilters(items).map((f) => [
        f.id,
        before.get(f.id) === JSON.stringify(f) && state.dataMask[f.id]
          ? state.dataMask[f.id]!
          : dataMaskEntry(f, defaultValueOf(f)),
      ]),
    );
    // A filter may read a dataset no chart uses: the page needs its columns for the filter's values.
    const datasets = await api.getDatasets(state.dashboard.id, Object.values(state.charts)).catch(() => null);
    store.record([{ type: 'dashboardPage/filtersConfigured', data: { items, dataMask, datasets } }], MAY_LAND_IN_PAST);
    core.refreshFilteredCharts();
    loadFilterOptions();
  };

  return {
    filtersConfigured: (items, saved) => adoptFilters(items, saved ? [versionAdvanced(saved)] : []),
    async writeRefusedAsStale() {
      toasts.warning(DASHBOARD_CHANGED_ELSEWHERE);
      const state = store.getState();
      if (!state.dashboard) return;
      try {
        const dashboard = await api.getDashboard(String(state.dashboard.id));
        const metadata = parseMetadata(dashboard.json_metadata);
        await adoptFilters(readFilterConfiguration(metadata.native_filter_configuration), [
          { type: 'dashboardPage/configurationReloaded', data: { dashboard, metadata } },
        ]);
      } catch (error) {
        toasts.danger(`The dashboard could not be read again: ${toClientError(error).message}`);
      }
    },
  };
}
