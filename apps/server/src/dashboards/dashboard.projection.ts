/**
 * `dashboards` as the fold of the `dashboard:<id>` streams and of the colour syncs on `dashboard-colors:<id>`
 * (projections/CONTEXT.md), one row per dashboard, in the append's transaction. `rebuild('dashboards')`
 * alone restores everything, saved layouts included (`dashboard/layoutPublished`). The row's `slice_ids`
 * are the charts its layout holds; `dashboard_slices` is a view of them (migrations/1797000600000).
 */
import {
  DASHBOARD_COLOR_EVENTS,
  metadataPatchOf,
  placeChart,
  removeChartFromLayout,
  SAVED_DASHBOARD_EVENTS,
  savedLayoutChartIds,
  type DashboardColorsSynced,
  type DashboardFields,
  type SavedDashboardEvent,
} from '@strata/domain';
import type { EnvelopeOf } from '@strata/events';
import { actorUserId, streamNumber } from '../event-store/envelope-ids';
import { foldProjection, type FoldProjection } from '../projections/fold-projection';

type DashboardEnvelope = EnvelopeOf<SavedDashboardEvent | DashboardColorsSynced>;

/** One flat object type, as `to_jsonb` gives a row. */
type Columns<T> = { [K in keyof T]: T[K] };

/** Who last changed the dashboard and when (ISO text), and the stream version a writer sends back. */
interface Stamp {
  changed_by_fk: number | null;
  changed_on: string;
  version: number;
}

/** A row of `dashboards`: the fields a dashboard is created with, its creator, the last change's stamp. */
export type DashboardRow = Columns<
  Required<DashboardFields> &
    Stamp & {
      id: number;
      created_by_fk: number | null;
      created_on: string;
      /** The charts the layout holds, each once, ascending (read through the `dashboard_slices` view). */
      slice_ids: number[];
    }
>;

const stamp = (event: DashboardEnvelope): Stamp => ({
  changed_by_fk: actorUserId(event),
  changed_on: event.meta.at,
  version: event.version,
});

const chartSet = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);

function created(event: Extract<DashboardEnvelope, { type: 'dashboard/dashboardCreated' }>): DashboardRow {
  // Each column by name: a stored payload may carry more than the table has.
  const d = event.data;
  return {
    id: d.id,
    dashboard_title: d.dashboard_title,
    slug: d.slug,
    owners: d.owners,
    position_json: d.position_json,
    json_metadata: d.json_metadata,
    css: d.css,
    published: d.published,
    certified_by: d.certified_by,
    certification_details: d.certification_details,
    roles: d.roles ?? [],
    created_by_fk: actorUserId(event),
    created_on: event.meta.at,
    ...stamp(event),
    // A copy starts with its source's layout and charts.
    slice_ids: chartSet(savedLayoutChartIds(d.position_json)),
  };
}

/** What an event on an existing dashboard changes (the stamp is added by the caller). */
function changed(row: DashboardRow, event: DashboardEnvelope): Partial<DashboardRow> | null {
  switch (event.type) {
    case 'dashboard/chartAdded':
      return {
        position_json: placeChart(row.position_json, event.data),
        slice_ids: chartSet([...row.slice_ids, event.data.chartId]),
      };
    case 'dashboard/chartRemoved':
      return {
        position_json: removeChartFromLayout(row.position_json, event.data.chartId),
        slice_ids: row.slice_ids.filter((id) => id !== event.data.chartId),
      };
    case 'dashboard/dashboardRenamed':
      return { dashboard_title: event.data.dashboard_title };
    case 'dashboard/slugChanged':
      return { slug: event.data.slug };
    case 'dashboard/ownersChanged':
      return { owners: event.data.owners };
    case 'dashboard/rolesChanged':
      return { roles: event.data.roles };
    case 'dashboard/cssEdited':
      return { css: event.data.css };
    case 'dashboard/dashboardCertified':
      return { certified_by: event.data.certified_by, certification_details: event.data.certification_details };
    case 'dashboard/metadataEdited':
      return { json_metadata: event.data.json_metadata };
    case 'dashboard/certificationRemoved':
      return { certified_by: null, certification_details: null };
    case 'dashboard/dashboardPublished':
    case 'dashboard/dashboardUnpublished':
      return { published: event.type === 'dashboard/dashboardPublished' };
    case 'dashboard/colorSchemeChanged':
    case 'dashboard/refreshFrequencySaved':
    case 'dashboard/nativeFiltersConfigured':
    case 'dashboard/crossFilterScopesSaved':
    case 'dashboard/globalCrossFilterScopeSaved':
    case 'dashboard/filterBarOrientationChanged':
    case 'dashboard/crossFiltersEnabled':
    case 'dashboard/crossFiltersDisabled':
      // Only the keys the event sets: the rest of json_metadata (colours synced meanwhile) stays.
      return { json_metadata: { ...row.json_metadata, ...metadataPatchOf(event) } };
    case 'dashboard/layoutPublished':
      return {
        position_json: event.data.position_json,
        slice_ids: chartSet(savedLayoutChartIds(event.data.position_json)),
      };
    case 'dashboard/dashboardCreated':
    case 'dashboard/colorsSynced':
    case 'dashboard/dashboardDeleted':
      return null;
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

/**
 * A colour sync merges only the colour keys. Its own stream's version is not the dashboard's, so the
 * `version` stays (an editor's next save is not stale); old syncs were written on `dashboard:<id>` itself
 * (read as colorsSynced) and did move it. `markUpdated` false is a sync, not an edit: changed_on stays.
 */
function colorsSynced(row: DashboardRow, event: Extract<DashboardEnvelope, { type: 'dashboard/colorsSynced' }>) {
  const json_metadata = { ...row.json_metadata, ...event.data.colors };
  const version = event.stream.startsWith('dashboard:') ? event.version : row.version;
  if (!event.data.markUpdated) return { ...row, json_metadata, version };
  return { ...row, json_metadata, changed_on: event.meta.at, changed_by_fk: actorUserId(event), version };
}

export const dashboardsFold: FoldProjection<DashboardRow, DashboardEnvelope> = {
  name: 'dashboards',
  table: 'dashboards',
  key: ['id'],
  // Colour syncs come from `dashboard-colors:<id>` and land in the same row (rebuilt together).
  handles: [...SAVED_DASHBOARD_EVENTS, ...DASHBOARD_COLOR_EVENTS],
  rowsOf: (event) => ({
    id: event.type === 'dashboard/dashboardCreated' ? event.data.id : streamNumber(event.stream),
  }),
  evolve(row, event) {
    if (event.type === 'dashboard/dashboardCreated') return created(event);
    if (event.type === 'dashboard/dashboardDeleted' || row === null) return null;
    if (event.type === 'dashboard/colorsSynced') return colorsSynced(row, event);
    return { ...row, ...changed(row, event), ...stamp(event) };
  },
};

export const dashboardsProjection = () => foldProjection(dashboardsFold);
