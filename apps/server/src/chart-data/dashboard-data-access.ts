/**
 * DASHBOARD_RBAC (charts-dashboards-reports §6, REFERENCE §6.2): whoever may view a dashboard may load the data of the charts
 * on it, and the values of its native filters, though the datasets are not theirs to query (Superset's
 * dashboard-based datasource access). A dashboard's requests name the dashboard in form_data
 * (`dashboardId`), and a chart's also the chart (`slice_id`); a filter's names no chart. The grant is
 * for what the dashboard shows, not for the dataset: the query that runs is the one
 * dashboard-query-scope.ts derives from the saved chart or the filter, never the request's own.
 */
import { Injectable } from '@nestjs/common';
import { canViewDashboard, ErrorType, FeatureFlag } from '@strata/domain';
import { DataSource } from 'typeorm';
import type { CurrentUser } from '../auth/current-user';
import { StrataHttpException } from '../common/error-body';
import { parsedParams } from '../charts/chart-json';
import { AppConfig } from '../config/app-config';
import {
  chartDimensions,
  DashboardScopeError,
  scopeChartQuery,
  scopeFilterValuesQuery,
  type SavedChart,
  type ScopeDataset,
} from './dashboard-query-scope';
import type { QueryContext } from './query-context.schema';

export interface DashboardChartRef {
  dashboardId: number;
  /** null: a request of the dashboard's native filters. */
  chartId: number | null;
}

const positiveInteger = (value: unknown): number | null => {
  const n = typeof value === 'number' || typeof value === 'string' ? Number(value) : NaN;
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** The dashboard (and chart) a request's form_data names; null without a valid dashboard or with an invalid chart. */
export function dashboardChartOf(formData: Record<string, unknown> | null | undefined): DashboardChartRef | null {
  const dashboardId = positiveInteger(formData?.dashboardId);
  if (dashboardId === null) return null;
  if (formData?.slice_id === undefined || formData.slice_id === null) return { dashboardId, chartId: null };
  const chartId = positiveInteger(formData.slice_id);
  return chartId === null ? null : { dashboardId, chartId };
}

interface DashboardGrantRow {
  owners: number[];
  published: boolean;
  roles: string[] | null;
  json_metadata: Record<string, unknown> | null;
}

interface ChartRow {
  id: number;
  viz_type: string;
  params: string | null;
  datasource_id: number;
}

const forbidden = (message: string) => new StrataHttpException(403, ErrorType.DASHBOARD_SECURITY_ACCESS_ERROR, message);

const savedChart = (row: ChartRow): SavedChart => ({
  id: row.id,
  viz_type: row.viz_type,
  params: parsedParams(row.params),
});

/** The columns the dashboard's native filters target: on `datasetId` (its values), and on any dataset. */
function nativeFilterColumns(
  metadata: Record<string, unknown> | null,
  datasetId: number,
): { onDataset: Set<string>; all: Set<string> } {
  const onDataset = new Set<string>();
  const all = new Set<string>();
  const config = metadata?.native_filter_configuration;
  for (const filter of Array.isArray(config) ? config : []) {
    if (filter?.type !== 'NATIVE_FILTER' || !Array.isArray(filter.targets)) continue;
    for (const target of filter.targets as { datasetId?: unknown; column?: { name?: unknown } }[]) {
      const name = target?.column?.name;
      if (typeof name !== 'string') continue;
      all.add(name);
      if (Number(target.datasetId) === datasetId) onDataset.add(name);
    }
  }
  return { onDataset, all };
}

@Injectable()
export class DashboardDataAccess {
  constructor(
    private readonly dataSource: DataSource,
    private readonly config: AppConfig,
  ) {}

  get enabled(): boolean {
    return this.config.featureFlags[FeatureFlag.DASHBOARD_RBAC];
  }

  /**
   * The query context the dashboard lets this user run on the dataset: its chart's own query with the
   * dashboard's filters, or its filter's values. 403 when the user may not view the dashboard, the chart
   * is not on it or reads another dataset, no filter of it targets the column, or the request asks for more.
   */
  async scope(
    user: CurrentUser,
    dataset: ScopeDataset & { table_name: string },
    ref: DashboardChartRef,
    request: QueryContext,
  ): Promise<QueryContext> {
    const [dashboard] = (await this.dataSource.query(
      `SELECT owners, published, roles, json_metadata FROM dashboards WHERE id = $1`,
      [ref.dashboardId],
    )) as DashboardGrantRow[];
    const viewable =
      dashboard !== undefined &&
      canViewDashboard(
        user,
        { owners: dashboard.owners, published: dashboard.published, roles: dashboard.roles ?? [] },
        this.config.featureFlags,
      );
    const charts = viewable
      ? ((await this.dataSource.query(
          `SELECT c.id, c.viz_type, c.params, c.datasource_id FROM dashboard_slices s JOIN charts c ON c.id = s.slice_id WHERE s.dashboard_id = $1 ORDER BY c.id`,
          [ref.dashboardId],
        )) as ChartRow[])
      : [];
    const filters = nativeFilterColumns(dashboard?.json_metadata ?? null, dataset.id);
    try {
      if (ref.chartId === null) {
        if (!viewable || filters.onDataset.size === 0)
          throw forbidden(
            `No native filter of dashboard ${ref.dashboardId} you may view reads the datasource ${dataset.table_name}.`,
          );
        return scopeFilterValuesQuery(request, dataset, filters.onDataset, filters.all);
      }
      const chart = charts.find((c) => c.id === ref.chartId && c.datasource_id === dataset.id);
      if (!chart)
        throw forbidden(
          `Chart ${ref.chartId} on dashboard ${ref.dashboardId} does not give you access to the datasource ${dataset.table_name}.`,
        );
      // Cross-filters filter by the dimensions of the charts that emit them.
      const filterColumns = new Set([...filters.all, ...charts.flatMap((c) => chartDimensions(savedChart(c)))]);
      return scopeChartQuery(request, savedChart(chart), dataset, ref.dashboardId, filterColumns);
    } catch (error) {
      if (error instanceof DashboardScopeError) throw forbidden(error.message);
      throw error;
    }
  }
}
