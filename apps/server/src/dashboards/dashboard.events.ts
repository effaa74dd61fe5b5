/**
 * The facts of a dashboard, on stream `dashboard:<id>` (spec §3 Dashboard). Favourites live on their own
 * stream (`dashboard-favorites:<id>`) so a star never makes an editor's version stale; permalinks on
 * `dashboard_permalink:<key>`.
 */
import type { EventLike } from '@strata/events';
import type { Layout } from './layout';

export interface DashboardFields {
  dashboard_title: string;
  slug: string | null;
  owners: number[];
  position_json: Layout;
  json_metadata: Record<string, unknown>;
  css: string;
  published: boolean;
  certified_by: string | null;
  certification_details: string | null;
  /** Role names allowed to view under DASHBOARD_RBAC (absent on dashboards created before roles existed). */
  roles?: string[];
}

/** The properties a save body sets (spec §7 PUT full body); the layout is the edit session's. */
export type DashboardProperties = Omit<DashboardFields, 'position_json'>;

export type DashboardCreated = EventLike<'dashboard/dashboardCreated', DashboardFields & { id: number }>;
/** A chart appended at the end of the grid in a new row (REFERENCE §3.1), ids chosen by the command. */
export type DashboardChartAdded = EventLike<
  'dashboard/chartAdded',
  { chartId: number; sliceName: string; rowId: string; chartComponentId: string }
>;
export type DashboardChartRemoved = EventLike<'dashboard/chartRemoved', { chartId: number }>;
/** The full save body, after the domain's rules (normalizeDashboardSave). */
export type DashboardPropertiesUpdated = EventLike<'dashboard/propertiesUpdated', DashboardProperties>;
export type DashboardPublishedChanged = EventLike<'dashboard/publishedChanged', { published: boolean }>;
/**
 * json_metadata replaced as a whole (metadata-only PUT, the filters endpoint). Colour syncs used to come
 * this way (reason 'colors', markUpdated false); they now have their own stream, and old events still fold.
 */
export type DashboardMetadataChanged = EventLike<
  'dashboard/metadataChanged',
  {
    json_metadata: Record<string, unknown>;
    reason: 'metadata' | 'filters' | 'colors';
    /** False for a colour sync (`mark_updated=false`): the dashboard's changed_on stays. */
    markUpdated: boolean;
  }
>;
/**
 * The edit session saved or restored a version (dashboard-drafts): the layout the dashboard now shows.
 * Appended in the same transaction as the draft's `dashboard/draftSaved` / `dashboard/versionRestored`.
 */
export type DashboardLayoutPublished = EventLike<
  'dashboard/layoutPublished',
  { position_json: Layout; draftVersion: number; source: 'save' | 'restore' }
>;
export type DashboardDeleted = EventLike<'dashboard/dashboardDeleted', Record<string, never>>;

export type DashboardEvent =
  | DashboardCreated
  | DashboardChartAdded
  | DashboardChartRemoved
  | DashboardPropertiesUpdated
  | DashboardPublishedChanged
  | DashboardMetadataChanged
  | DashboardLayoutPublished
  | DashboardDeleted;

export const DASHBOARD_EVENTS = [
  'dashboard/dashboardCreated',
  'dashboard/chartAdded',
  'dashboard/chartRemoved',
  'dashboard/propertiesUpdated',
  'dashboard/publishedChanged',
  'dashboard/metadataChanged',
  'dashboard/layoutPublished',
  'dashboard/dashboardDeleted',
] as const satisfies readonly DashboardEvent['type'][];
export const dashboardStream = (id: number) => `dashboard:${id}`;

export type DashboardFavorited = EventLike<'dashboard/favorited', { userId: number }>;
export type DashboardUnfavorited = EventLike<'dashboard/unfavorited', { userId: number }>;
export type DashboardFavoriteEvent = DashboardFavorited | DashboardUnfavorited;
export const DASHBOARD_FAVORITE_EVENTS = [
  'dashboard/favorited',
  'dashboard/unfavorited',
] as const satisfies readonly DashboardFavoriteEvent['type'][];
export const dashboardFavoritesStream = (id: number) => `dashboard-favorites:${id}`;

/** The colour fields of json_metadata a colour sync sets (spec §7 PUT .../colors). */
export interface DashboardColorFields {
  color_namespace?: string | null;
  color_scheme?: string | null;
  color_scheme_domain?: string[];
  shared_label_colors?: string[] | Record<string, string>;
  map_label_colors?: Record<string, string>;
  label_colors?: Record<string, string>;
}
/**
 * The label colours the page pushed (spec §4 colour sync), on their own stream `dashboard-colors:<id>`:
 * a sync that runs in the background while someone edits must never make that editor's version stale,
 * and it sets only the colour fields, so it cannot undo a concurrent change to the rest of json_metadata.
 */
export type DashboardColorsSynced = EventLike<
  'dashboard/colorsSynced',
  { colors: DashboardColorFields; markUpdated: boolean }
>;
export const DASHBOARD_COLOR_EVENTS = [
  'dashboard/colorsSynced',
] as const satisfies readonly DashboardColorsSynced['type'][];
export const dashboardColorsStream = (id: number) => `dashboard-colors:${id}`;

export type DashboardPermalinkCreated = EventLike<
  'dashboard/permalinkCreated',
  { key: string; dashboardId: number; state: Record<string, unknown> }
>;
export const DASHBOARD_PERMALINK_RESOURCE = 'dashboard_permalink';
export const dashboardPermalinkStream = (key: string) => `${DASHBOARD_PERMALINK_RESOURCE}:${key}`;
