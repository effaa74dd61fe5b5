/**
 * The facts of a saved dashboard (charts-dashboards-reports §3 Dashboard, §5 properties, §7 PUT), on
 * stream `dashboard:<id>`. One event per intent: a save of the properties modal gives one event per field
 * the user changed, in one batch. Favourites (`favorites.ts`) and label colours (`colors-synced.ts`) live
 * on streams of their own so that neither makes an editor's `version` stale.
 */
import type { EventLike } from '@strata/events';
import type { JsonMetadata } from '../properties/json-metadata';
import type { SavedLayout } from './saved-layout';

export interface DashboardFields {
  dashboard_title: string;
  slug: string | null;
  owners: number[];
  position_json: SavedLayout;
  json_metadata: Record<string, unknown>;
  css: string;
  published: boolean;
  certified_by: string | null;
  certification_details: string | null;
  /** Role names allowed to view under DASHBOARD_RBAC (absent on dashboards created before roles existed). */
  roles?: string[];
}

/** The properties a save body sets (§7 PUT full body); the layout is the edit session's. */
export type DashboardProperties = Omit<DashboardFields, 'position_json'>;

/** A chart the chart save flow adds (REFERENCE §3.1), ids chosen by the command: `rowId` for a new row. */
export interface ChartPlacement {
  chartId: number;
  sliceName: string;
  rowId: string;
  chartComponentId: string;
}

/**
 * Where the decider put it (chart-slot.ts): `rowId` is the row holding the chart, an existing one with room
 * or the command's new one appended to `rowParentId` (the grid or the first top-level tab). Events written
 * before the rule have no `rowParentId` and always a new row at the end of the GRID.
 */
export interface ChartAdded extends ChartPlacement {
  rowParentId?: string;
}

type Empty = Record<string, never>;

export type SavedDashboardEvent =
  | EventLike<'dashboard/dashboardCreated', DashboardFields & { id: number }>
  /** The chart save flow put a chart on the dashboard: in the first row with room, or a new row. */
  | EventLike<'dashboard/chartAdded', ChartAdded>
  | EventLike<'dashboard/chartRemoved', { chartId: number }>
  | EventLike<'dashboard/dashboardRenamed', { dashboard_title: string }>
  | EventLike<'dashboard/slugChanged', { slug: string | null }>
  | EventLike<'dashboard/ownersChanged', { owners: number[] }>
  /** DASHBOARD_RBAC viewers, canonical role names. */
  | EventLike<'dashboard/rolesChanged', { roles: string[] }>
  | EventLike<'dashboard/cssEdited', { css: string }>
  | EventLike<'dashboard/dashboardCertified', { certified_by: string; certification_details: string | null }>
  | EventLike<'dashboard/certificationRemoved', Empty>
  | EventLike<'dashboard/dashboardPublished', Empty>
  | EventLike<'dashboard/dashboardUnpublished', Empty>
  /** The properties modal's colour scheme (§5), saved into json_metadata. */
  | EventLike<'dashboard/colorSchemeChanged', { color_scheme: string | null }>
  /** The auto-refresh interval saved with the dashboard (seconds, 0 = none), into json_metadata. */
  | EventLike<'dashboard/refreshFrequencySaved', { refresh_frequency: number }>
  /**
   * The properties modal's JSON metadata, as a whole document (it is edited as one JSON text): a save
   * that changes anything in it beyond the colour scheme and the refresh frequency.
   */
  | EventLike<'dashboard/metadataEdited', { json_metadata: Record<string, unknown> }>
  /** PUT .../filters: the native filter configuration after the modal's changes (§3.4). */
  | EventLike<
      'dashboard/nativeFiltersConfigured',
      { native_filter_configuration: NonNullable<JsonMetadata['native_filter_configuration']> }
    >
  /** The metadata-only PUT (§7): charts' cross-filter scopes. */
  | EventLike<
      'dashboard/crossFilterScopesSaved',
      { chart_configuration: NonNullable<JsonMetadata['chart_configuration']> }
    >
  | EventLike<
      'dashboard/globalCrossFilterScopeSaved',
      { global_chart_configuration: NonNullable<JsonMetadata['global_chart_configuration']> }
    >
  | EventLike<
      'dashboard/filterBarOrientationChanged',
      { filter_bar_orientation: NonNullable<JsonMetadata['filter_bar_orientation']> }
    >
  | EventLike<'dashboard/crossFiltersEnabled', Empty>
  | EventLike<'dashboard/crossFiltersDisabled', Empty>
  /**
   * The edit session saved or restored a version (dashboard-drafts): the layout the dashboard now shows.
   * Appended in the same transaction as the draft's `dashboard/draftSaved` / `dashboard/versionRestored`.
   */
  | EventLike<
      'dashboard/layoutPublished',
      { position_json: SavedLayout; draftVersion: number; source: 'save' | 'restore' }
    >
  | EventLike<'dashboard/dashboardDeleted', Empty>;

export type SavedDashboardEventOf<T extends SavedDashboardEvent['type']> = Extract<SavedDashboardEvent, { type: T }>;

export const SAVED_DASHBOARD_EVENTS = [
  'dashboard/dashboardCreated',
  'dashboard/chartAdded',
  'dashboard/chartRemoved',
  'dashboard/dashboardRenamed',
  'dashboard/slugChanged',
  'dashboard/ownersChanged',
  'dashboard/rolesChanged',
  'dashboard/cssEdited',
  'dashboard/dashboardCertified',
  'dashboard/certificationRemoved',
  'dashboard/dashboardPublished',
  'dashboard/dashboardUnpublished',
  'dashboard/colorSchemeChanged',
  'dashboard/refreshFrequencySaved',
  'dashboard/metadataEdited',
  'dashboard/nativeFiltersConfigured',
  'dashboard/crossFilterScopesSaved',
  'dashboard/globalCrossFilterScopeSaved',
  'dashboard/filterBarOrientationChanged',
  'dashboard/crossFiltersEnabled',
  'dashboard/crossFiltersDisabled',
  'dashboard/layoutPublished',
  'dashboard/dashboardDeleted',
] as const satisfies readonly SavedDashboardEvent['type'][];

export const dashboardStream = (id: number) => `dashboard:${id}`;

/**
 * The json_metadata keys each metadata event sets (a patch merged over the stored document), so the fold
 * and the read model apply them alike. Null for the events that replace the document or touch none.
 */
export function metadataPatchOf(event: SavedDashboardEvent): Record<string, unknown> | null {
  switch (event.type) {
    case 'dashboard/colorSchemeChanged':
    case 'dashboard/refreshFrequencySaved':
    case 'dashboard/nativeFiltersConfigured':
    case 'dashboard/crossFilterScopesSaved':
    case 'dashboard/globalCrossFilterScopeSaved':
    case 'dashboard/filterBarOrientationChanged':
      return event.data;
    case 'dashboard/crossFiltersEnabled':
      return { cross_filters_enabled: true };
    case 'dashboard/crossFiltersDisabled':
      return { cross_filters_enabled: false };
    default:
      return null;
  }
}
