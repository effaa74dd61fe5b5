/**
 * The dashboard as its page reads it from the API (charts-dashboards-reports §3 Dashboard, §7 Dashboards;
 * REFERENCE §3): what the page's facts carry. Only what the page uses is typed; the server may send more.
 */
import type { DatasourceMeta } from '../../explore/controls/types';
import type { ChartCrossFilterConfig, GlobalChartConfig } from '../native-filters/scope';

export interface DashboardOwner {
  id: number;
  first_name?: string;
  last_name?: string;
  username?: string;
}

/** GET /api/v1/dashboard/{id or slug}: position_json and json_metadata arrive as JSON text (or objects). */
export interface DashboardRecord {
  id: number;
  dashboard_title: string;
  slug: string | null;
  owners: DashboardOwner[];
  position_json: string | Record<string, unknown> | null;
  json_metadata: string | Record<string, unknown> | null;
  css?: string | null;
  published: boolean;
  certified_by?: string | null;
  certification_details?: string | null;
  changed_on?: string;
  changed_on_delta_humanized?: string;
  last_modified_time?: number;
  url?: string;
  /** The ids of the dashboard's charts (Strata's server sends them with the dashboard). */
  chart_ids?: number[];
  /** The stream version (Strata's server): sent back on a save, a change made since is a 409. */
  version?: number;
  /** Who may view it under DASHBOARD_RBAC. */
  roles?: { name: string }[];
}

/** One item of GET /api/v1/dashboard/{id}/charts (§3 Chart, as Superset's ChartEntityResponseSchema). */
export interface DashboardChart {
  id: number;
  slice_name: string;
  viz_type?: string;
  form_data: Record<string, unknown>;
  description?: string | null;
  description_markdown?: string | null;
  slice_url?: string;
  cache_timeout?: number | null;
  changed_on?: string;
  datasource_id?: number;
  datasource_type?: string;
}

/** One item of GET /api/v1/dashboard/{id}/datasets: a dataset with its columns and metrics. */
export type DashboardDataset = DatasourceMeta & { uid?: string; table_name?: string };

/** §3 Dashboard metadata (REFERENCE §3.3); everything optional, dashboards from older versions miss fields. */
export interface DashboardMetadata {
  refresh_frequency?: number;
  timed_refresh_immune_slices?: number[];
  stagger_refresh?: boolean;
  stagger_time?: number;
  expanded_slices?: Record<string, boolean>;
  native_filter_configuration?: unknown[];
  chart_configuration?: Record<string, ChartCrossFilterConfig>;
  global_chart_configuration?: GlobalChartConfig;
  cross_filters_enabled?: boolean;
  filter_bar_orientation?: 'VERTICAL' | 'HORIZONTAL' | 'vertical' | 'horizontal';
  color_scheme?: string;
  [key: string]: unknown;
}

/** The datasets of a page are keyed '{id}__{type}' (a chart's datasource key). */
export const datasetKey = (dataset: DashboardDataset): string => `${dataset.id}__${dataset.type ?? 'table'}`;
