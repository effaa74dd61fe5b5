/**
 * DASHBOARD_RBAC (spec §6, REFERENCE §6.2): whoever may view a dashboard may load the data of the charts
 * on it, and the values of its native filters, though the datasets are not theirs to query (Superset's
 * dashboard-based datasource access). A dashboard's requests name the dashboard in form_data
 * (`dashboardId`), and a chart's also the chart (`slice_id`); a filter's names no chart.
 */
import { Injectable } from '@nestjs/common';
import { canViewDashboard, FeatureFlag } from '@strata/domain';
import { DataSource } from 'typeorm';
import type { CurrentUser } from '../auth/current-user';
import { AppConfig } from '../config/app-config';

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

@Injectable()
export class DashboardDataAccess {
  constructor(
    private readonly dataSource: DataSource,
    private readonly config: AppConfig,
  ) {}

  get enabled(): boolean {
    return this.config.featureFlags[FeatureFlag.DASHBOARD_RBAC];
  }

  /** Whether the user may view the dashboard, and the chart on it (or one of its native filters) reads this dataset. */
  async grants(user: CurrentUser, datasetId: number, ref: DashboardChartRef): Promise<boolean> {
    const rows = (await (ref.chartId === null
      ? this.dataSource.query(
          `SELECT d.owners, d.published, d.roles FROM dashboards d
            WHERE d.id = $1 AND EXISTS (
              SELECT 1 FROM jsonb_array_elements(CASE WHEN jsonb_typeof(d.json_metadata->'native_filter_configuration') = 'array'
                                                      THEN d.json_metadata->'native_filter_configuration' ELSE '[]'::jsonb END) f,
                            jsonb_array_elements(CASE WHEN jsonb_typeof(f->'targets') = 'array' THEN f->'targets' ELSE '[]'::jsonb END) t
               WHERE t->>'datasetId' = $2::text)`,
          [ref.dashboardId, datasetId],
        )
      : this.dataSource.query(
          `SELECT d.owners, d.published, d.roles
             FROM dashboards d
             JOIN dashboard_slices s ON s.dashboard_id = d.id
             JOIN charts c ON c.id = s.slice_id
            WHERE d.id = $1 AND c.id = $2 AND c.datasource_id = $3`,
          [ref.dashboardId, ref.chartId, datasetId],
        ))) as { owners: number[]; published: boolean; roles: string[] | null }[];
    const dashboard = rows[0];
    return dashboard !== undefined && canViewDashboard(user, { owners: dashboard.owners, published: dashboard.published, roles: dashboard.roles ?? [] }, this.config.featureFlags);
  }
}
