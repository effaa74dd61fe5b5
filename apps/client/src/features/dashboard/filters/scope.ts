/**
 * The extra form data a chart's query gets (charts-dashboards-reports §3 scope, cross-filter configuration), through the
 * domain's extraFormDataFromFilters, and whether charts still wait for required-first filters.
 */
import {
  extraFormDataFromFilters,
  requiredFirstPending,
  type DataMaskMap,
  type ExtraFormData,
  type FilterConfigItem,
  type Layout,
} from '@strata/domain';
import type { DashboardMetadata } from '../api/types';

export interface ChartFilterContext {
  layout: Layout;
  metadata: DashboardMetadata;
  items: readonly FilterConfigItem[];
  /** Applied data mask: native filters by filter id, cross-filters by source chart id. */
  dataMask: DataMaskMap;
  crossFiltersEnabled: boolean;
}

export function extraFormDataForChart(chartId: number, context: ChartFilterContext): ExtraFormData {
  return extraFormDataFromFilters(context.dataMask, context.items, chartId, {
    layout: context.layout,
    crossFiltersEnabled: context.crossFiltersEnabled,
    chartConfiguration: context.metadata.chart_configuration,
    globalChartConfiguration: context.metadata.global_chart_configuration,
  });
}

/** Charts wait while a required-first filter has no value yet (charts-dashboards-reports §3 requiredFirst). */
export function waitsForRequiredFilters(context: Pick<ChartFilterContext, 'items' | 'dataMask'>): boolean {
  return requiredFirstPending(context.items, context.dataMask).length > 0;
}
