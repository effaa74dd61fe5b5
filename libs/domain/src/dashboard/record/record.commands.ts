/**
 * What users and the chart save flow ask of a saved dashboard (`dashboard:<id>`). The save body's rules
 * are the properties' (`normalizeDashboardSave`, applied before UpdateDashboardProperties); the record's
 * decider judges only what the stream knows: existence, deletion, and what actually changes.
 */
import type { JsonMetadata } from '../properties/json-metadata';
import type { ChartPlacement, DashboardProperties, SavedDashboardEventOf } from './record.events';
import type { SavedLayout } from './saved-layout';

type Empty = Record<string, never>;

export interface CreateDashboard {
  type: 'CreateDashboard';
  /** `position_json`: a copy's layout (POST .../copy/); new dashboards start empty. */
  data: {
    id: number;
    owner_id: number;
    position_json?: SavedLayout;
    dashboard_title?: string | null;
    slug?: string | null;
    owners?: number[];
    css?: string | null;
    json_metadata?: Record<string, unknown> | null;
    published?: boolean;
    certified_by?: string | null;
    certification_details?: string | null;
    roles?: string[];
  };
}
export interface AddChartToDashboard {
  type: 'AddChartToDashboard';
  data: ChartPlacement;
}
export interface RemoveChartFromDashboard {
  type: 'RemoveChartFromDashboard';
  data: { chartId: number };
}
/** The save body (§7 PUT), every property as it should be after the save. */
export interface UpdateDashboardProperties {
  type: 'UpdateDashboardProperties';
  data: DashboardProperties;
}
export interface PublishDashboard {
  type: 'PublishDashboard';
  data: Empty;
}
export interface UnpublishDashboard {
  type: 'UnpublishDashboard';
  data: Empty;
}
/** The metadata-only keys (§7 METADATA_ONLY_KEYS) a PUT sends, as validated; the others stay. */
export interface SaveMetadataOnlySettings {
  type: 'SaveMetadataOnlySettings';
  data: Pick<
    JsonMetadata,
    'chart_configuration' | 'global_chart_configuration' | 'filter_bar_orientation' | 'cross_filters_enabled'
  >;
}
/** PUT .../filters: the configuration after the modal's changes, validated (§3.4). */
export interface ConfigureNativeFilters {
  type: 'ConfigureNativeFilters';
  data: SavedDashboardEventOf<'dashboard/nativeFiltersConfigured'>['data'];
}
export interface PublishDashboardLayout {
  type: 'PublishDashboardLayout';
  data: SavedDashboardEventOf<'dashboard/layoutPublished'>['data'];
}
export interface DeleteDashboard {
  type: 'DeleteDashboard';
  data: Empty;
}

export type DashboardCommand =
  | CreateDashboard
  | AddChartToDashboard
  | RemoveChartFromDashboard
  | UpdateDashboardProperties
  | PublishDashboard
  | UnpublishDashboard
  | SaveMetadataOnlySettings
  | ConfigureNativeFilters
  | PublishDashboardLayout
  | DeleteDashboard;
