/**
 * The rules of a dashboard, pure (spec §5: an untitled dashboard is '[ untitled dashboard ]', an empty
 * slug is null; a chart is on a dashboard at most once). The save body's rules are the domain's
 * (`normalizeDashboardSave`, applied by the service before UpdateProperties); what is decided here is
 * what only the stream knows: existence, deletion, and "no change, no event".
 */
import { leaveUnchanged, unknownCommand } from '@strata/domain';
import { DomainError, type Decider } from '@strata/events';
import type {
  DashboardEvent,
  DashboardFields,
  DashboardLayoutPublished,
  DashboardMetadataChanged,
  DashboardProperties,
} from './dashboard.events';
import { appendChart, chartIdsOf, emptyLayout, removeChart, type Layout } from './layout';

export const UNTITLED_DASHBOARD = '[ untitled dashboard ]';

export interface DashboardState {
  id: number | null;
  fields: DashboardFields | null;
  deleted: boolean;
}

export interface CreateDashboard {
  type: 'CreateDashboard';
  /** `position_json`: a copy's layout (POST .../copy/); new dashboards start empty. */
  data: {
    id: number;
    owner_id: number;
    position_json?: Layout;
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
  data: { chartId: number; sliceName: string; rowId: string; chartComponentId: string };
}
export interface RemoveChartFromDashboard {
  type: 'RemoveChartFromDashboard';
  data: { chartId: number };
}
export interface UpdateDashboardProperties {
  type: 'UpdateDashboardProperties';
  data: DashboardProperties;
}
export interface SetDashboardPublished {
  type: 'SetDashboardPublished';
  data: { published: boolean };
}
export interface ChangeDashboardMetadata {
  type: 'ChangeDashboardMetadata';
  data: DashboardMetadataChanged['data'];
}
export interface PublishDashboardLayout {
  type: 'PublishDashboardLayout';
  data: DashboardLayoutPublished['data'];
}
export interface DeleteDashboard {
  type: 'DeleteDashboard';
  data: Record<string, never>;
}
export type DashboardCommand =
  | CreateDashboard
  | AddChartToDashboard
  | RemoveChartFromDashboard
  | UpdateDashboardProperties
  | SetDashboardPublished
  | ChangeDashboardMetadata
  | PublishDashboardLayout
  | DeleteDashboard;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function existing(state: DashboardState): DashboardFields {
  if (!state.fields || state.deleted) throw new DomainError('dashboard_not_found', 'Dashboard not found.');
  return state.fields;
}

/** REFERENCE §3.3: trimmed, spaces to '-', other non-word characters removed; empty is null. */
export function normalizeSlug(slug: string | null | undefined): string | null {
  const s = (slug ?? '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/[^\w-]+/g, '');
  return s === '' ? null : s;
}

export const dashboardDecider: Decider<DashboardState, DashboardEvent, DashboardCommand, void> = {
  initialState: () => ({ id: null, fields: null, deleted: false }),

  evolve(state, event) {
    switch (event.type) {
      case 'dashboard/dashboardCreated': {
        const { id, ...fields } = event.data;
        return { id, fields, deleted: false };
      }
      case 'dashboard/propertiesUpdated':
        return state.fields ? { ...state, fields: { ...state.fields, ...event.data } } : state;
      case 'dashboard/publishedChanged':
        return state.fields ? { ...state, fields: { ...state.fields, published: event.data.published } } : state;
      case 'dashboard/metadataChanged':
        return state.fields
          ? { ...state, fields: { ...state.fields, json_metadata: event.data.json_metadata } }
          : state;
      case 'dashboard/layoutPublished':
        return state.fields
          ? { ...state, fields: { ...state.fields, position_json: event.data.position_json } }
          : state;
      case 'dashboard/dashboardDeleted':
        return { ...state, deleted: true };
      case 'dashboard/chartAdded':
        return state.fields
          ? {
              ...state,
              fields: {
                ...state.fields,
                position_json: appendChart(state.fields.position_json, event.data, event.data),
              },
            }
          : state;
      case 'dashboard/chartRemoved':
        return state.fields
          ? {
              ...state,
              fields: { ...state.fields, position_json: removeChart(state.fields.position_json, event.data.chartId) },
            }
          : state;
      default:
        return leaveUnchanged(event, state);
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'CreateDashboard': {
        if (state.id !== null) throw new DomainError('dashboard_exists', 'This dashboard already exists.');
        const d = command.data;
        const title = d.dashboard_title?.trim() ? d.dashboard_title.trim() : UNTITLED_DASHBOARD;
        if (title.length > 500)
          throw new DomainError('invalid_dashboard_title', 'A dashboard title has at most 500 characters.');
        const owners = [...new Set([d.owner_id, ...(d.owners ?? [])])];
        return [
          {
            type: 'dashboard/dashboardCreated',
            data: {
              id: d.id,
              dashboard_title: title,
              slug: normalizeSlug(d.slug),
              owners,
              position_json: d.position_json ?? emptyLayout(title),
              json_metadata: d.json_metadata ?? {},
              css: d.css ?? '',
              published: d.published ?? false,
              certified_by: d.certified_by?.trim() ? d.certified_by : null,
              // spec §5: certification details only go with a certifier.
              certification_details: d.certified_by?.trim() ? (d.certification_details ?? null) : null,
              ...(d.roles && d.roles.length > 0 ? { roles: d.roles } : {}),
            },
          },
        ];
      }
      case 'AddChartToDashboard': {
        if (chartIdsOf(existing(state).position_json).includes(command.data.chartId)) return [];
        return [{ type: 'dashboard/chartAdded', data: command.data }];
      }
      case 'RemoveChartFromDashboard': {
        if (!chartIdsOf(existing(state).position_json).includes(command.data.chartId)) return [];
        return [{ type: 'dashboard/chartRemoved', data: command.data }];
      }
      case 'UpdateDashboardProperties': {
        const fields = existing(state);
        const { position_json: _layout, ...current } = fields;
        const next = { ...current, ...command.data };
        return same(current, next) ? [] : [{ type: 'dashboard/propertiesUpdated', data: command.data }];
      }
      case 'SetDashboardPublished':
        return existing(state).published === command.data.published
          ? []
          : [{ type: 'dashboard/publishedChanged', data: command.data }];
      case 'ChangeDashboardMetadata':
        return same(existing(state).json_metadata, command.data.json_metadata)
          ? []
          : [{ type: 'dashboard/metadataChanged', data: command.data }];
      case 'PublishDashboardLayout':
        // Always recorded, even when equal: a saved draft version must have its dashboard-side fact.
        existing(state);
        return [{ type: 'dashboard/layoutPublished', data: command.data }];
      case 'DeleteDashboard':
        existing(state);
        return [{ type: 'dashboard/dashboardDeleted', data: {} }];
      default:
        return unknownCommand(command);
    }
  },
};
