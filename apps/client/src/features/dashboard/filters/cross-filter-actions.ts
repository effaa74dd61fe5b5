/**
 * Cross-filters (charts-dashboards-reports §4 cross-filtering, DASHBOARD_CROSS_FILTERS): a click on a
 * chart's element filters the charts in its scope; the scope itself is saved in the dashboard's
 * chart_configuration, naming the version the page holds.
 */
import { chartsInScope, versionAdvanced, type ChartCrossFilterConfig, type FilterScope } from '@strata/domain';
import type { CrossFilter } from '../../charts/viz';
import { isStaleWrite, type DashboardWriteAnswer } from '../api/dashboard-api';
import type { DashboardCore } from '../dashboard-core';
import type { ConfigurationActions } from './configuration-actions';
import { MAY_LAND_IN_PAST } from '../../../shared/feature-store';

export interface CrossFilterActions {
  crossFilter(chartId: number, filter: CrossFilter): void;
  /**
   * Saves which charts a click on `chartId` cross-filters: a scope of its own, or 'global' (the
   * dashboard's). Charts the chart is filtering now follow the new scope at once.
   */
  setCrossFilterScope(chartId: number, scope: FilterScope | 'global'): Promise<void>;
}

export function crossFilterActions(
  core: DashboardCore,
  { writeRefusedAsStale }: Pick<ConfigurationActions, 'writeRefusedAsStale'>,
): CrossFilterActions {
  const { store, api } = core;
  return {
    crossFilter(chartId, crossFilter) {
      if (!core.crossFiltersEnabled()) return;
      const entry = crossFilter.filters.length
        ? {
            id: String(chartId),
            extraFormData: { filters: crossFilter.filters },
            filterState: { value: crossFilter.filters.flatMap((f) => f.val), label: crossFilter.label },
          }
        : null;
      // The same element clicked again clears the chart's cross-filter.
      const current = store.getState().dataMask[String(chartId)];
      const same = entry && current && JSON.stringify(current.extraFormData) === JSON.stringify(entry.extraFormData);
      store.record([{ type: 'dashboardPage/crossFilterChanged', data: { chartId, entry: same ? null : entry } }]);
      core.refreshFilteredCharts();
    },
    async setCrossFilterScope(chartId, scope) {
      const state = store.getState();
      if (!state.dashboard) return;
      const config: ChartCrossFilterConfig | null =
        scope === 'global'
          ? null
          : {
              id: chartId,
              crossFilters: { scope, chartsInScope: chartsInScope(state.layout, scope).filter((id) => id !== chartId) },
            };
      const { [String(chartId)]: _old, ...others } = state.metadata.chart_configuration ?? {};
      let saved: DashboardWriteAnswer;
      try {
        saved = await api.saveChartConfiguration(
          state.dashboard.id,
          config ? { ...others, [String(chartId)]: config } : others,
          state.dashboard.version,
        );
      } catch (error) {
        // The whole chart_configuration is sent: on a stale version, theirs is read rather than overwritten.
        if (isStaleWrite(error)) return writeRefusedAsStale();
        throw error;
      }
      store.record(
        [{ type: 'dashboardPage/crossFilterScopeSaved', data: { chartId, config } }, versionAdvanced(saved)],
        MAY_LAND_IN_PAST,
      );
      core.refreshFilteredCharts();
    },
  };
}
