/**
 * The rules of a saved dashboard, pure (charts-dashboards-reports §5: an untitled dashboard is
 * '[ untitled dashboard ]', an empty slug is null, certification details only with a certifier; a chart is
 * on a dashboard at most once). What is decided here is what only the stream knows: existence, deletion,
 * and "no change, no event": a save gives one event per property it really changes.
 */
import { DomainError, type Decider } from '@strata/events';
import { unknownCommand } from '../../shared/exhaustive';
import { DashboardMessages } from '../messages';
import { DASHBOARD_TITLE_MAX_LENGTH, normalizeSlug } from '../properties/save-body';
import type { DashboardCommand, SaveMetadataOnlySettings, UpdateDashboardProperties } from './record.commands';
import type { ChartPlacement, DashboardFields, SavedDashboardEvent } from './record.events';
import {
  evolveSavedDashboard,
  initialSavedDashboard,
  type SavedDashboardFoldEvent,
  type SavedDashboardState,
} from './record.evolve';
import { emptySavedLayout, savedChartSlot, savedLayoutChartIds, type SavedLayout } from './saved-layout';

export const UNTITLED_DASHBOARD = DashboardMessages.UNTITLED_DASHBOARD;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** JSON equality that ignores the order of object keys (a client may send json_metadata's keys in any order). */
function sameJson(a: unknown, b: unknown): boolean {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return same(a, b);
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a))
    return a.length === (b as unknown[]).length && a.every((x, i) => sameJson(x, (b as unknown[])[i]));
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return (
    ka.length === kb.length &&
    ka.every((k) => sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}

/**
 * A save's json_metadata: the colour scheme and the refresh frequency (fields of their own in the
 * properties modal) are intents of their own when the saved document sets them; any other difference,
 * a key removed included, is an edit of the JSON document, recorded whole.
 */
function metadataChanged(stored: Record<string, unknown>, next: Record<string, unknown>): SavedDashboardEvent[] {
  const events: SavedDashboardEvent[] = [];
  const own: Record<string, unknown> = {};
  if ('color_scheme' in next && !sameJson(next.color_scheme, stored.color_scheme)) {
    own.color_scheme = next.color_scheme;
    events.push({ type: 'dashboard/colorSchemeChanged', data: { color_scheme: next.color_scheme as string | null } });
  }
  if (typeof next.refresh_frequency === 'number' && !sameJson(next.refresh_frequency, stored.refresh_frequency)) {
    own.refresh_frequency = next.refresh_frequency;
    events.push({ type: 'dashboard/refreshFrequencySaved', data: { refresh_frequency: next.refresh_frequency } });
  }
  if (!sameJson(next, { ...stored, ...own }))
    events.push({ type: 'dashboard/metadataEdited', data: { json_metadata: next } });
  return events;
}

function existing(state: SavedDashboardState): DashboardFields {
  if (!state.fields || state.deleted) throw new DomainError('dashboard_not_found', 'Dashboard not found.');
  return state.fields;
}

function create(state: SavedDashboardState, d: Extract<DashboardCommand, { type: 'CreateDashboard' }>['data']) {
  if (state.id !== null) throw new DomainError('dashboard_exists', 'This dashboard already exists.');
  const title = d.dashboard_title?.trim() ? d.dashboard_title.trim() : UNTITLED_DASHBOARD;
  if (title.length > DASHBOARD_TITLE_MAX_LENGTH)
    throw new DomainError('invalid_dashboard_title', 'A dashboard title has at most 500 characters.');
  const certified = !!d.certified_by?.trim();
  const event: SavedDashboardEvent = {
    type: 'dashboard/dashboardCreated',
    data: {
      id: d.id,
      dashboard_title: title,
      slug: normalizeSlug(d.slug),
      owners: [...new Set([d.owner_id, ...(d.owners ?? [])])],
      position_json: d.position_json ?? emptySavedLayout(title),
      json_metadata: d.json_metadata ?? {},
      css: d.css ?? '',
      published: d.published ?? false,
      certified_by: certified ? d.certified_by! : null,
      certification_details: certified ? (d.certification_details ?? null) : null,
      ...(d.roles && d.roles.length > 0 ? { roles: d.roles } : {}),
    },
  };
  return [event];
}

/** One event per property the save changes, in the order of the properties modal. */
function propertiesChanged(fields: DashboardFields, next: UpdateDashboardProperties['data']): SavedDashboardEvent[] {
  const events: SavedDashboardEvent[] = [];
  if (next.dashboard_title !== fields.dashboard_title)
    events.push({ type: 'dashboard/dashboardRenamed', data: { dashboard_title: next.dashboard_title } });
  if (next.slug !== fields.slug) events.push({ type: 'dashboard/slugChanged', data: { slug: next.slug } });
  if (!same(next.owners, fields.owners))
    events.push({ type: 'dashboard/ownersChanged', data: { owners: next.owners } });
  if (!same(next.roles ?? [], fields.roles ?? []))
    events.push({ type: 'dashboard/rolesChanged', data: { roles: next.roles ?? [] } });
  if (next.css !== fields.css) events.push({ type: 'dashboard/cssEdited', data: { css: next.css } });
  if (next.certified_by !== fields.certified_by || next.certification_details !== fields.certification_details)
    events.push(
      next.certified_by === null
        ? { type: 'dashboard/certificationRemoved', data: {} }
        : {
            type: 'dashboard/dashboardCertified',
            data: { certified_by: next.certified_by, certification_details: next.certification_details },
          },
    );
  if (next.published !== fields.published)
    events.push({ type: next.published ? 'dashboard/dashboardPublished' : 'dashboard/dashboardUnpublished', data: {} });
  return [...events, ...metadataChanged(fields.json_metadata, next.json_metadata)];
}

/** The metadata-only keys sent (§7), each its own intent; a key sent with its stored value gives nothing. */
function metadataOnlyChanged(fields: DashboardFields, next: SaveMetadataOnlySettings['data']): SavedDashboardEvent[] {
  const stored = fields.json_metadata;
  const changed = (key: keyof SaveMetadataOnlySettings['data']) =>
    next[key] !== undefined && !same(next[key], stored[key]);
  const events: SavedDashboardEvent[] = [];
  if (changed('chart_configuration'))
    events.push({ type: 'dashboard/crossFilterScopesSaved', data: { chart_configuration: next.chart_configuration! } });
  if (changed('global_chart_configuration'))
    events.push({
      type: 'dashboard/globalCrossFilterScopeSaved',
      data: { global_chart_configuration: next.global_chart_configuration! },
    });
  if (changed('filter_bar_orientation'))
    events.push({
      type: 'dashboard/filterBarOrientationChanged',
      data: { filter_bar_orientation: next.filter_bar_orientation! },
    });
  if (changed('cross_filters_enabled'))
    events.push({
      type: next.cross_filters_enabled ? 'dashboard/crossFiltersEnabled' : 'dashboard/crossFiltersDisabled',
      data: {},
    });
  return events;
}

/** Once per chart; the event records where it went (chart-slot.ts), so replaying it places it the same. */
function chartAdded(layout: SavedLayout, placement: ChartPlacement): SavedDashboardEvent[] {
  if (savedLayoutChartIds(layout).includes(placement.chartId)) return [];
  const slot = savedChartSlot(layout);
  if (!slot) return [{ type: 'dashboard/chartAdded', data: placement }];
  return [
    {
      type: 'dashboard/chartAdded',
      data: { ...placement, rowId: slot.rowId ?? placement.rowId, rowParentId: slot.parentId },
    },
  ];
}

export const savedDashboardDecider: Decider<SavedDashboardState, SavedDashboardFoldEvent, DashboardCommand, void> = {
  initialState: initialSavedDashboard,
  evolve: evolveSavedDashboard,
  decide(command, state): SavedDashboardEvent[] {
    switch (command.type) {
      case 'CreateDashboard':
        return create(state, command.data);
      case 'AddChartToDashboard':
        return chartAdded(existing(state).position_json, command.data);
      case 'RemoveChartFromDashboard':
        if (!savedLayoutChartIds(existing(state).position_json).includes(command.data.chartId)) return [];
        return [{ type: 'dashboard/chartRemoved', data: command.data }];
      case 'UpdateDashboardProperties':
        return propertiesChanged(existing(state), command.data);
      case 'PublishDashboard':
        return existing(state).published ? [] : [{ type: 'dashboard/dashboardPublished', data: {} }];
      case 'UnpublishDashboard':
        return existing(state).published ? [{ type: 'dashboard/dashboardUnpublished', data: {} }] : [];
      case 'SaveMetadataOnlySettings':
        return metadataOnlyChanged(existing(state), command.data);
      case 'ConfigureNativeFilters':
        return same(existing(state).json_metadata.native_filter_configuration, command.data.native_filter_configuration)
          ? []
          : [{ type: 'dashboard/nativeFiltersConfigured', data: command.data }];
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
