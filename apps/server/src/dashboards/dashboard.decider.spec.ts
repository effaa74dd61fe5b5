import { deciderSpec } from '@strata/domain/testing';
import { dashboardDecider, normalizeSlug, UNTITLED_DASHBOARD } from './dashboard.decider';
import type { DashboardEvent } from './dashboard.events';
import { appendChart, chartIdsOf, emptyLayout, removeChart } from './layout';

const spec = deciderSpec(dashboardDecider);
const created = (title = 'Sales'): DashboardEvent => ({
  type: 'dashboard/dashboardCreated',
  data: {
    id: 7,
    dashboard_title: title,
    slug: null,
    owners: [3],
    position_json: emptyLayout(title),
    json_metadata: {},
    css: '',
    published: false,
    certified_by: null,
    certification_details: null,
  },
});
const add = { chartId: 11, sliceName: 'Revenue', rowId: 'ROW-a', chartComponentId: 'CHART-a' };

describe('dashboard decider', () => {
  it('spec §5: an untitled dashboard is "[ untitled dashboard ]"; an empty slug is null; details only with a certifier', () => {
    spec
      .given([])
      .when({
        type: 'CreateDashboard',
        data: { id: 7, owner_id: 3, dashboard_title: '  ', slug: ' ', certification_details: 'x' },
      })
      .then([
        {
          type: 'dashboard/dashboardCreated',
          data: {
            id: 7,
            dashboard_title: UNTITLED_DASHBOARD,
            slug: null,
            owners: [3],
            position_json: emptyLayout(UNTITLED_DASHBOARD),
            json_metadata: {},
            css: '',
            published: false,
            certified_by: null,
            certification_details: null,
          },
        },
      ]);
    expect(normalizeSlug(' my board! 2 ')).toBe('my-board-2');
  });

  it('REFERENCE §3.1: adding a chart appends a ROW with the CHART to the grid, once', () => {
    spec
      .given([created()])
      .when({ type: 'AddChartToDashboard', data: add })
      .then([{ type: 'dashboard/chartAdded', data: add }]);
    spec
      .given([created(), { type: 'dashboard/chartAdded', data: add }])
      .when({ type: 'AddChartToDashboard', data: { ...add, rowId: 'ROW-b', chartComponentId: 'CHART-b' } })
      .then([]);
    const layout = appendChart(emptyLayout('x'), add, add) as Record<string, unknown>;
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

  it('spec §4: removing a chart removes the row it leaves empty', () => {
    const layout = removeChart(appendChart(emptyLayout('x'), add, add), 11) as Record<string, unknown>;
    expect(layout.GRID_ID).toMatchObject({ children: [] });
    expect(layout['ROW-a']).toBeUndefined();
    expect(chartIdsOf(layout as never)).toEqual([]);
    spec
      .given([created()])
      .when({ type: 'RemoveChartFromDashboard', data: { chartId: 11 } })
      .then([]);
    spec.given([]).when({ type: 'AddChartToDashboard', data: add }).thenThrows('dashboard_not_found');
  });

  it('properties, publish and metadata: an event only for a real change; a deleted dashboard takes no commands', () => {
    const {
      id: _id,
      position_json: _layout,
      ...props
    } = (created() as Extract<DashboardEvent, { type: 'dashboard/dashboardCreated' }>).data;
    spec.given([created()]).when({ type: 'UpdateDashboardProperties', data: props }).then([]);
    const renamed = { ...props, dashboard_title: 'Revenue' };
    spec
      .given([created()])
      .when({ type: 'UpdateDashboardProperties', data: renamed })
      .then([{ type: 'dashboard/propertiesUpdated', data: renamed }]);
    spec
      .given([created()])
      .when({ type: 'SetDashboardPublished', data: { published: false } })
      .then([]);
    spec
      .given([created()])
      .when({ type: 'SetDashboardPublished', data: { published: true } })
      .then([{ type: 'dashboard/publishedChanged', data: { published: true } }]);
    const metadata = { json_metadata: { refresh_frequency: 10 }, reason: 'metadata' as const, markUpdated: true };
    spec
      .given([created()])
      .when({ type: 'ChangeDashboardMetadata', data: metadata })
      .then([{ type: 'dashboard/metadataChanged', data: metadata }]);
    spec
      .given([created(), { type: 'dashboard/dashboardDeleted', data: {} }])
      .when({ type: 'SetDashboardPublished', data: { published: true } })
      .thenThrows('dashboard_not_found');
    spec
      .given([created(), { type: 'dashboard/dashboardDeleted', data: {} }])
      .when({ type: 'DeleteDashboard', data: {} })
      .thenThrows('dashboard_not_found');
  });

  it('a published layout replaces the layout the fold holds, so later chart adds append to it', () => {
    const saved = appendChart(
      emptyLayout('x'),
      { rowId: 'ROW-s', chartComponentId: 'CHART-s' },
      { chartId: 5, sliceName: 'Saved' },
    );
    const published: DashboardEvent = {
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
  });
});
