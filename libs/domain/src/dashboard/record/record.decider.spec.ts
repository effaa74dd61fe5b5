import { deciderSpec } from '../../testing';
import { normalizeSlug } from '../properties/save-body';
import { savedDashboardDecider, UNTITLED_DASHBOARD } from './record.decider';
import type { DashboardProperties, SavedDashboardEvent, SavedDashboardEventOf } from './record.events';
import { emptySavedLayout, placeChart, removeChartFromLayout, savedLayoutChartIds } from './saved-layout';

const spec = deciderSpec(savedDashboardDecider);
const created = (title = 'Sales'): SavedDashboardEventOf<'dashboard/dashboardCreated'> => ({
  type: 'dashboard/dashboardCreated',
  data: {
    id: 7,
    dashboard_title: title,
    slug: null,
    owners: [3],
    position_json: emptySavedLayout(title),
    json_metadata: {},
    css: '',
    published: false,
    certified_by: null,
    certification_details: null,
  },
});
const { id: _id, position_json: _layout, ...props } = created().data;
const properties: DashboardProperties = props;
const add = { chartId: 11, sliceName: 'Revenue', rowId: 'ROW-a', chartComponentId: 'CHART-a' };
const deleted: SavedDashboardEvent = { type: 'dashboard/dashboardDeleted', data: {} };

describe('saved dashboard decider', () => {
  it('charts-dashboards-reports §5: an untitled dashboard is "[ untitled dashboard ]"; an empty slug is null; details only with a certifier', () => {
    spec
      .given([])
      .when({
        type: 'CreateDashboard',
        data: { id: 7, owner_id: 3, dashboard_title: '  ', slug: ' ', certification_details: 'x' },
      })
      .then([
        {
          type: 'dashboard/dashboardCreated',
          data: { ...created(UNTITLED_DASHBOARD).data },
        },
      ]);
    expect(normalizeSlug(' my board! 2 ')).toBe('my-board-2');
    spec
      .given([created()])
      .when({ type: 'CreateDashboard', data: { id: 7, owner_id: 3 } })
      .thenThrows('dashboard_exists');
  });

  it('REFERENCE §3.1: adding a chart appends a ROW with the CHART to the grid, once', () => {
    spec
      .given([created()])
      .when({ type: 'AddChartToDashboard', data: add })
      .then([{ type: 'dashboard/chartAdded', data: { ...add, rowParentId: 'GRID_ID' } }]);
    spec
      .given([created(), { type: 'dashboard/chartAdded', data: add }])
      .when({ type: 'AddChartToDashboard', data: { ...add, rowId: 'ROW-b', chartComponentId: 'CHART-b' } })
      .then([]);
    const layout = placeChart(emptySavedLayout('x'), add) as Record<string, unknown>;
    expect(layout.GRID_ID).toMatchObject({ children: ['ROW-a'] });
    expect(layout['ROW-a']).toEqual({
      id: 'ROW-a',
      type: 'ROW',
      children: ['CHART-a'],
      parents: ['ROOT_ID', 'GRID_ID'],
      meta: { background: 'BACKGROUND_TRANSPARENT' },
    });
    expect(layout['CHART-a']).toEqual({
      id: 'CHART-a',
      type: 'CHART',
      children: [],
      parents: ['ROOT_ID', 'GRID_ID', 'ROW-a'],
      meta: { width: 4, height: 50, chartId: 11, sliceName: 'Revenue' },
    });
  });

  it('charts-dashboards-reports §4: removing a chart removes the row it leaves empty', () => {
    const layout = removeChartFromLayout(placeChart(emptySavedLayout('x'), add), 11) as Record<string, unknown>;
    expect(layout.GRID_ID).toMatchObject({ children: [] });
    expect(layout['ROW-a']).toBeUndefined();
    expect(savedLayoutChartIds(layout as never)).toEqual([]);
    spec
      .given([created()])
      .when({ type: 'RemoveChartFromDashboard', data: { chartId: 11 } })
      .then([]);
    spec.given([]).when({ type: 'AddChartToDashboard', data: add }).thenThrows('dashboard_not_found');
  });

  it('a save gives one event per property it changes, none when nothing changes', () => {
    spec.given([created()]).when({ type: 'UpdateDashboardProperties', data: properties }).then([]);
    spec
      .given([created()])
      .when({ type: 'UpdateDashboardProperties', data: { ...properties, dashboard_title: 'Revenue' } })
      .then([{ type: 'dashboard/dashboardRenamed', data: { dashboard_title: 'Revenue' } }]);
    spec
      .given([created()])
      .when({
        type: 'UpdateDashboardProperties',
        data: {
          ...properties,
          slug: 'sales',
          owners: [3, 4],
          roles: ['Gamma'],
          css: '.a {}',
          certified_by: 'Ann',
          certification_details: 'checked',
          published: true,
          json_metadata: { refresh_frequency: 10 },
        },
      })
      .then([
        { type: 'dashboard/slugChanged', data: { slug: 'sales' } },
        { type: 'dashboard/ownersChanged', data: { owners: [3, 4] } },
        { type: 'dashboard/rolesChanged', data: { roles: ['Gamma'] } },
        { type: 'dashboard/cssEdited', data: { css: '.a {}' } },
        { type: 'dashboard/dashboardCertified', data: { certified_by: 'Ann', certification_details: 'checked' } },
        { type: 'dashboard/dashboardPublished', data: {} },
        { type: 'dashboard/refreshFrequencySaved', data: { refresh_frequency: 10 } },
      ]);
    const start = created();
    start.data.json_metadata = { refresh_frequency: 0, color_scheme: 'bnbColors', label_colors: { a: '#fff' } };
    const { id: _started, ...startFields } = start.data;
    const metadata = (json_metadata: Record<string, unknown>) => ({
      type: 'UpdateDashboardProperties' as const,
      data: { ...properties, json_metadata },
    });
    // The same document with its keys in another order is no change.
    spec
      .given([start])
      .when(metadata({ label_colors: { a: '#fff' }, color_scheme: 'bnbColors', refresh_frequency: 0 }))
      .then([]);
    spec
      .given([start])
      .when(metadata({ refresh_frequency: 0, color_scheme: 'supersetColors', label_colors: { a: '#fff' } }))
      .then([{ type: 'dashboard/colorSchemeChanged', data: { color_scheme: 'supersetColors' } }]);
    // Anything else in the JSON, a key removed included, is an edit of the document, recorded whole.
    const edited = { refresh_frequency: 60, color_scheme: 'bnbColors' };
    spec
      .given([start])
      .when(metadata(edited))
      .then([
        { type: 'dashboard/refreshFrequencySaved', data: { refresh_frequency: 60 } },
        { type: 'dashboard/metadataEdited', data: { json_metadata: edited } },
      ]);
    spec
      .given([start])
      .when(metadata(edited))
      .thenState({ id: 7, deleted: false, fields: { ...startFields, json_metadata: edited } });
    const certified: SavedDashboardEvent = {
      type: 'dashboard/dashboardCertified',
      data: { certified_by: 'Ann', certification_details: null },
    };
    spec
      .given([created(), certified])
      .when({ type: 'UpdateDashboardProperties', data: properties })
      .then([{ type: 'dashboard/certificationRemoved', data: {} }]);
    // No roles and an empty list of roles are the same.
    spec
      .given([created()])
      .when({ type: 'UpdateDashboardProperties', data: { ...properties, roles: [] } })
      .then([]);
  });

  it('publish and unpublish: an event only for a real change', () => {
    spec.given([created()]).when({ type: 'UnpublishDashboard', data: {} }).then([]);
    spec
      .given([created()])
      .when({ type: 'PublishDashboard', data: {} })
      .then([{ type: 'dashboard/dashboardPublished', data: {} }]);
    spec
      .given([created(), { type: 'dashboard/dashboardPublished', data: {} }])
      .when({ type: 'UnpublishDashboard', data: {} })
      .then([{ type: 'dashboard/dashboardUnpublished', data: {} }]);
    spec.given([created(), deleted]).when({ type: 'PublishDashboard', data: {} }).thenThrows('dashboard_not_found');
    spec.given([created(), deleted]).when({ type: 'DeleteDashboard', data: {} }).thenThrows('dashboard_not_found');
  });

  it('charts-dashboards-reports §7 metadata-only PUT: one event per key that changes, merged over the rest', () => {
    const scopes = { '5': { id: 5, crossFilters: { scope: 'global' as const } } };
    const start = created();
    start.data.json_metadata = { refresh_frequency: 10, filter_bar_orientation: 'VERTICAL' };
    spec
      .given([start])
      .when({
        type: 'SaveMetadataOnlySettings',
        data: { chart_configuration: scopes, filter_bar_orientation: 'VERTICAL', cross_filters_enabled: false },
      })
      .then([
        { type: 'dashboard/crossFilterScopesSaved', data: { chart_configuration: scopes } },
        { type: 'dashboard/crossFiltersDisabled', data: {} },
      ]);
    spec
      .given([start, { type: 'dashboard/crossFiltersEnabled', data: {} }])
      .when({ type: 'SaveMetadataOnlySettings', data: { cross_filters_enabled: true } })
      .then([]);
    const state = [start, { type: 'dashboard/crossFiltersEnabled', data: {} } as SavedDashboardEvent].reduce(
      savedDashboardDecider.evolve,
      savedDashboardDecider.initialState(),
    );
    expect(state.fields?.json_metadata).toEqual({
      refresh_frequency: 10,
      filter_bar_orientation: 'VERTICAL',
      cross_filters_enabled: true,
    });
  });

  it('charts-dashboards-reports §3.4 PUT .../filters: the configuration is set, the other metadata stays', () => {
    const start = created();
    start.data.json_metadata = { refresh_frequency: 10, native_filter_configuration: [] };
    spec
      .given([start])
      .when({ type: 'ConfigureNativeFilters', data: { native_filter_configuration: [] } })
      .then([]);
    const configured: SavedDashboardEvent = {
      type: 'dashboard/nativeFiltersConfigured',
      data: { native_filter_configuration: [{ id: 'NATIVE_FILTER-a' }] as never },
    };
    const state = [start, configured].reduce(savedDashboardDecider.evolve, savedDashboardDecider.initialState());
    expect(state.fields?.json_metadata).toEqual({
      refresh_frequency: 10,
      native_filter_configuration: [{ id: 'NATIVE_FILTER-a' }],
    });
  });

  it('a published layout replaces the layout the fold holds, so later chart adds append to it', () => {
    const saved = placeChart(emptySavedLayout('x'), {
      rowId: 'ROW-s',
      chartComponentId: 'CHART-s',
      chartId: 5,
      sliceName: 'Saved',
    });
    const published: SavedDashboardEvent = {
      type: 'dashboard/layoutPublished',
      data: { position_json: saved, draftVersion: 2, source: 'save' },
    };
    spec
      .given([created(), published])
      .when({ type: 'AddChartToDashboard', data: { ...add, chartId: 5 } })
      .then([]);
    spec
      .given([created(), published])
      .when({ type: 'RemoveChartFromDashboard', data: { chartId: 5 } })
      .then([{ type: 'dashboard/chartRemoved', data: { chartId: 5 } }]);
    spec
      .given([created()])
      .when({
        type: 'PublishDashboardLayout',
        data: { position_json: emptySavedLayout('Sales'), draftVersion: 1, source: 'save' },
      })
      .then([
        {
          type: 'dashboard/layoutPublished',
          data: { position_json: emptySavedLayout('Sales'), draftVersion: 1, source: 'save' },
        },
      ]);
  });
});
