import { createUpcaster, foldEntries, type Envelope, type EventLike } from '@strata/events';
import { upcastEvents } from '../../upcasters';
import { savedDashboardDecider } from './record.decider';
import type { DashboardFields } from './record.events';
import { emptySavedLayout } from './saved-layout';
import { savedDashboardUpcasters } from './upcasters';

const upcast = createUpcaster(savedDashboardUpcasters);

/** A log of `dashboard:7` as today's main wrote it, before the properties events were split. */
const oldLog = (events: EventLike[]): Envelope[] =>
  events.map((e, n) => ({
    id: `e${n + 1}`,
    stream: 'dashboard:7',
    version: n + 1,
    type: e.type,
    data: e.data,
    meta: { actor: '3', at: '2026-01-01T00:00:00.000Z', batchId: `b${n + 1}` },
  }));

const fields: DashboardFields = {
  dashboard_title: 'Sales',
  slug: null,
  owners: [3],
  position_json: emptySavedLayout('Sales'),
  json_metadata: { refresh_frequency: 0 },
  css: '',
  published: false,
  certified_by: null,
  certification_details: null,
};
const created: EventLike = { type: 'dashboard/dashboardCreated', data: { id: 7, ...fields } };
const { position_json: _layout, ...properties } = fields;
const fold = (log: Envelope[]) => foldEntries(savedDashboardDecider, upcast(log));

describe('saved dashboard upcasters: an old log folds to the state it always had', () => {
  it('dashboard/propertiesUpdated (the whole save body) is read as one event per property', () => {
    const saved = {
      ...properties,
      dashboard_title: 'Revenue',
      slug: 'revenue',
      owners: [3, 4],
      css: '.a {}',
      certified_by: 'Ann',
      certification_details: 'checked',
      published: true,
      json_metadata: { refresh_frequency: 10 },
    };
    const log = oldLog([created, { type: 'dashboard/propertiesUpdated', data: saved }]);
    const read = upcast(log);
    expect(read.slice(1).map((e) => e.type)).toEqual([
      'dashboard/dashboardRenamed',
      'dashboard/slugChanged',
      'dashboard/ownersChanged',
      'dashboard/rolesChanged',
      'dashboard/cssEdited',
      'dashboard/dashboardCertified',
      'dashboard/dashboardPublished',
      'dashboard/metadataEdited',
    ]);
    // They keep the old event's place in the stream (version, batch: one undo step as before).
    expect(new Set(read.slice(1).map((e) => `${e.version} ${e.meta.batchId}`))).toEqual(new Set(['2 b2']));
    // A body without roles was stored as no roles.
    expect(fold(log)).toEqual({ id: 7, deleted: false, fields: { ...fields, ...saved, roles: [] } });
  });

  it('a save that removed the certification and unpublished is read as such', () => {
    const log = oldLog([
      { type: 'dashboard/dashboardCreated', data: { id: 7, ...fields, certified_by: 'Ann', published: true } },
      { type: 'dashboard/propertiesUpdated', data: { ...properties, roles: ['Gamma'] } },
    ]);
    expect(upcast(log).map((e) => e.type)).toContain('dashboard/certificationRemoved');
    expect(upcast(log).map((e) => e.type)).toContain('dashboard/dashboardUnpublished');
    expect(fold(log).fields).toEqual({ ...fields, roles: ['Gamma'] });
  });

  it('the setter dashboard/publishedChanged is read as dashboardPublished / dashboardUnpublished', () => {
    const log = oldLog([
      created,
      { type: 'dashboard/publishedChanged', data: { published: true } },
      { type: 'dashboard/publishedChanged', data: { published: false } },
      { type: 'dashboard/publishedChanged', data: { published: true } },
    ]);
    expect(upcast(log).map((e) => e.type)).toEqual([
      'dashboard/dashboardCreated',
      'dashboard/dashboardPublished',
      'dashboard/dashboardUnpublished',
      'dashboard/dashboardPublished',
    ]);
    expect(fold(log).fields?.published).toBe(true);
  });

  it('the catch-all dashboard/metadataChanged is read by its reason; json_metadata ends as the old events left it', () => {
    const filters = [{ id: 'NATIVE_FILTER-a', name: 'Region' }];
    const m1 = { refresh_frequency: 30, cross_filters_enabled: true };
    const m2 = { ...m1, native_filter_configuration: filters };
    const m3 = { ...m2, color_scheme: 'bnbColors', label_colors: { boys: '#ff0000' } };
    const log = oldLog([
      created,
      { type: 'dashboard/metadataChanged', data: { json_metadata: m1, reason: 'metadata', markUpdated: true } },
      { type: 'dashboard/metadataChanged', data: { json_metadata: m2, reason: 'filters', markUpdated: true } },
      { type: 'dashboard/metadataChanged', data: { json_metadata: m3, reason: 'colors', markUpdated: false } },
    ]);
    const read = upcast(log);
    expect(read.map((e) => e.type)).toEqual([
      'dashboard/dashboardCreated',
      'dashboard/metadataEdited',
      'dashboard/nativeFiltersConfigured',
      'dashboard/colorsSynced',
    ]);
    expect(read[3]!.data).toEqual({
      colors: { color_scheme: 'bnbColors', label_colors: { boys: '#ff0000' } },
      markUpdated: false,
    });
    expect(fold(log).fields?.json_metadata).toEqual(m3);
  });

  it("today's events pass unchanged", () => {
    const log = oldLog([created, { type: 'dashboard/dashboardRenamed', data: { dashboard_title: 'X' } }]);
    expect(upcast(log)).toEqual(log);
  });

  it("is registered with the domain's upcastEvents", () => {
    for (const type of Object.keys(savedDashboardUpcasters)) expect(upcastEvents.oldTypes).toContain(type);
  });
});
