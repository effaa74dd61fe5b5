/** The fold of `dashboard:<id>`: pure and total; an event it cannot apply leaves the state as it is. */
import { leaveUnchanged } from '../../shared/exhaustive';
import type { DashboardColorsSynced } from './colors-synced';
import { metadataPatchOf, type DashboardFields, type SavedDashboardEvent } from './record.events';
import { placeChart, removeChartFromLayout } from './saved-layout';

export interface SavedDashboardState {
  id: number | null;
  fields: DashboardFields | null;
  deleted: boolean;
}

export const initialSavedDashboard = (): SavedDashboardState => ({ id: null, fields: null, deleted: false });

/**
 * Colour syncs have their own stream now; old ones were written on `dashboard:<id>` and are read as
 * `dashboard/colorsSynced` (upcasters.ts), so the record's fold takes them too.
 */
export type SavedDashboardFoldEvent = SavedDashboardEvent | DashboardColorsSynced;

function fieldsAfter(fields: DashboardFields, event: SavedDashboardFoldEvent): DashboardFields {
  switch (event.type) {
    case 'dashboard/chartAdded':
      return { ...fields, position_json: placeChart(fields.position_json, event.data) };
    case 'dashboard/chartRemoved':
      return { ...fields, position_json: removeChartFromLayout(fields.position_json, event.data.chartId) };
    case 'dashboard/dashboardRenamed':
    case 'dashboard/slugChanged':
    case 'dashboard/ownersChanged':
    case 'dashboard/rolesChanged':
    case 'dashboard/cssEdited':
    case 'dashboard/dashboardCertified':
    case 'dashboard/metadataEdited':
      return { ...fields, ...event.data };
    case 'dashboard/certificationRemoved':
      return { ...fields, certified_by: null, certification_details: null };
    case 'dashboard/dashboardPublished':
      return { ...fields, published: true };
    case 'dashboard/dashboardUnpublished':
      return { ...fields, published: false };
    case 'dashboard/colorSchemeChanged':
    case 'dashboard/refreshFrequencySaved':
    case 'dashboard/nativeFiltersConfigured':
    case 'dashboard/crossFilterScopesSaved':
    case 'dashboard/globalCrossFilterScopeSaved':
    case 'dashboard/filterBarOrientationChanged':
    case 'dashboard/crossFiltersEnabled':
    case 'dashboard/crossFiltersDisabled':
      return { ...fields, json_metadata: { ...fields.json_metadata, ...metadataPatchOf(event) } };
    case 'dashboard/colorsSynced':
      return { ...fields, json_metadata: { ...fields.json_metadata, ...event.data.colors } };
    case 'dashboard/layoutPublished':
      return { ...fields, position_json: event.data.position_json };
    case 'dashboard/dashboardCreated':
    case 'dashboard/dashboardDeleted':
      return fields;
    default:
      return leaveUnchanged(event, fields);
  }
}

export function evolveSavedDashboard(state: SavedDashboardState, event: SavedDashboardFoldEvent): SavedDashboardState {
  if (event.type === 'dashboard/dashboardCreated') {
    const { id, ...fields } = event.data;
    return { id, fields, deleted: false };
  }
  if (event.type === 'dashboard/dashboardDeleted') return { ...state, deleted: true };
  return state.fields ? { ...state, fields: fieldsAfter(state.fields, event) } : state;
}
