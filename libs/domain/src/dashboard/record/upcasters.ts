/**
 * Old facts of `dashboard:<id>` read as today's (DESIGN.md "Events": stored events are never rewritten).
 * `dashboard/propertiesUpdated` carried the whole save body: it is read as one event per property, each
 * setting the value the body held, so the fold and the read model come out as they did. The setter
 * `dashboard/publishedChanged {published}` is read as published / unpublished; the catch-all
 * `dashboard/metadataChanged` by its `reason`.
 */
import type { EventLike, UpcasterMap } from '@strata/events';
import { DASHBOARD_COLOR_KEYS, type DashboardColorFields, type DashboardColorsSynced } from './colors-synced';
import type { DashboardProperties, SavedDashboardEvent, SavedDashboardEventOf } from './record.events';

/** `dashboard/propertiesUpdated` as stored until the events were split. */
export type LegacyPropertiesUpdated = EventLike<'dashboard/propertiesUpdated', DashboardProperties>;
export type LegacyPublishedChanged = EventLike<'dashboard/publishedChanged', { published: boolean }>;
/** json_metadata replaced as a whole: the metadata-only PUT, the filters endpoint, and (once) colour syncs. */
export type LegacyMetadataChanged = EventLike<
  'dashboard/metadataChanged',
  { json_metadata: Record<string, unknown>; reason: 'metadata' | 'filters' | 'colors'; markUpdated: boolean }
>;

const published = (value: boolean): SavedDashboardEvent => ({
  type: value ? 'dashboard/dashboardPublished' : 'dashboard/dashboardUnpublished',
  data: {},
});

function propertiesUpdated(event: EventLike): SavedDashboardEvent[] {
  const d = (event as LegacyPropertiesUpdated).data;
  return [
    { type: 'dashboard/dashboardRenamed', data: { dashboard_title: d.dashboard_title } },
    { type: 'dashboard/slugChanged', data: { slug: d.slug } },
    { type: 'dashboard/ownersChanged', data: { owners: d.owners } },
    // The read model stored a missing list as no roles.
    { type: 'dashboard/rolesChanged', data: { roles: d.roles ?? [] } },
    { type: 'dashboard/cssEdited', data: { css: d.css } },
    d.certified_by === null
      ? { type: 'dashboard/certificationRemoved', data: {} }
      : {
          type: 'dashboard/dashboardCertified',
          data: { certified_by: d.certified_by, certification_details: d.certification_details },
        },
    published(d.published),
    { type: 'dashboard/metadataEdited', data: { json_metadata: d.json_metadata } },
  ];
}

function metadataChanged(event: EventLike): SavedDashboardEvent | DashboardColorsSynced {
  const { json_metadata, reason, markUpdated } = (event as LegacyMetadataChanged).data;
  if (reason === 'filters') {
    const configuration = (json_metadata.native_filter_configuration ??
      []) as SavedDashboardEventOf<'dashboard/nativeFiltersConfigured'>['data']['native_filter_configuration'];
    return { type: 'dashboard/nativeFiltersConfigured', data: { native_filter_configuration: configuration } };
  }
  if (reason === 'colors') {
    // The old sync stored the stored metadata with the colours merged in: the colours are what it set.
    const colors: DashboardColorFields = {};
    for (const key of DASHBOARD_COLOR_KEYS)
      if (key in json_metadata) Object.assign(colors, { [key]: json_metadata[key] });
    return { type: 'dashboard/colorsSynced', data: { colors, markUpdated } };
  }
  return { type: 'dashboard/metadataEdited', data: { json_metadata } };
}

export const savedDashboardUpcasters: UpcasterMap = {
  'dashboard/propertiesUpdated': propertiesUpdated,
  'dashboard/publishedChanged': (event) => published((event as LegacyPublishedChanged).data.published),
  'dashboard/metadataChanged': metadataChanged,
};
