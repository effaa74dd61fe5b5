/**
 * Random dashboard commands for the projection tests (dashboard-projections.int.spec.ts): every intent
 * the saved dashboard, its favourites, colours and permalinks take, sent on the CommandBus.
 */
import type { CommandBus } from '@nestjs/cqrs';
import { emptySavedLayout, placeChart, type DashboardCommand, type SavedLayout } from '@strata/domain';
import { DomainError } from '@strata/events';
import fc from 'fast-check';
import { SyncDashboardColors } from '../dashboard-colors';
import { DecideDashboard } from '../decide-dashboard';
import { DecideDashboardFavorites } from '../decide-dashboard-favorites';
import { DecideDashboardPermalink } from '../decide-dashboard-permalink';

/** Which of the run's three dashboards a command is about, and who asks. */
const slot = fc.integer({ min: 0, max: 2 });
const actor = fc.integer({ min: 1, max: 3 });
const chart = fc.integer({ min: 1, max: 6 });
const charts = fc.array(chart, { maxLength: 4 });
const title = fc.constantFrom('Sales', 'Ops', 'Zoë’s board', '  ');
const metadata = fc.record(
  {
    color_scheme: fc.constantFrom('bnbColors', 'supersetColors', null),
    refresh_frequency: fc.constantFrom(0, 10, 60),
    label_colors: fc.dictionary(fc.constantFrom('boys', 'girls'), fc.constantFrom('#111', '#222')),
    timed_refresh_immune_slices: fc.array(chart, { maxLength: 2 }),
  },
  { requiredKeys: [] },
);
const properties = fc.record({
  dashboard_title: title,
  slug: fc.option(fc.constantFrom('a', 'b'), { nil: null }),
  owners: fc.uniqueArray(actor, { minLength: 1 }),
  css: fc.constantFrom('', '.a {}'),
  certified_by: fc.option(fc.constantFrom('Ana', 'Bo'), { nil: null }),
  certification_details: fc.option(fc.constantFrom('checked'), { nil: null }),
  published: fc.boolean(),
  json_metadata: metadata,
  roles: fc.uniqueArray(fc.constantFrom('Alpha', 'Gamma'), { maxLength: 2 }),
});

export const dashboardCommand = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), slot, actor, title, charts, metadata }),
  fc.record({ kind: fc.constant('addChart' as const), slot, actor, chart }),
  fc.record({ kind: fc.constant('removeChart' as const), slot, actor, chart }),
  fc.record({ kind: fc.constant('save' as const), slot, actor, properties }),
  fc.record({ kind: fc.constant('publish' as const), slot, actor, on: fc.boolean() }),
  fc.record({
    kind: fc.constant('metadataOnly' as const),
    slot,
    actor,
    settings: fc.record(
      {
        cross_filters_enabled: fc.boolean(),
        filter_bar_orientation: fc.constantFrom('VERTICAL' as const, 'HORIZONTAL' as const),
        chart_configuration: chart.map((id) => ({
          [String(id)]: { id, crossFilters: { scope: 'global' as const } },
        })),
        global_chart_configuration: fc
          .array(chart, { maxLength: 2 })
          .map((excluded) => ({ scope: { rootPath: ['ROOT_ID'], excluded } })),
      },
      { requiredKeys: [] },
    ),
  }),
  fc.record({ kind: fc.constant('filters' as const), slot, actor }),
  fc.record({ kind: fc.constant('layout' as const), slot, actor, charts }),
  fc.record({ kind: fc.constant('delete' as const), slot, actor }),
  fc.record({
    kind: fc.constant('colors' as const),
    slot,
    actor,
    colors: fc.record(
      {
        color_scheme: fc.constantFrom('bnbColors', 'lyftColors'),
        label_colors: fc.dictionary(fc.constantFrom('boys', 'girls'), fc.constantFrom('#333', '#444')),
      },
      { requiredKeys: [] },
    ),
    markUpdated: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('favorite' as const), slot, actor, on: fc.boolean() }),
  fc.record({ kind: fc.constant('permalink' as const), slot, actor }),
);
export type DashboardTestCommand = typeof dashboardCommand extends fc.Arbitrary<infer C> ? C : never;

/** A sequence that records every event the projections handle, run first so each evolve branch is compared. */
export const everyIntent: DashboardTestCommand[] = [
  { kind: 'addChart', slot: 0, actor: 1, chart: 5 },
  { kind: 'removeChart', slot: 0, actor: 1, chart: 1 },
  {
    kind: 'save',
    slot: 0,
    actor: 2,
    properties: {
      dashboard_title: 'Ops',
      slug: 'a',
      owners: [1, 2],
      css: '.a {}',
      certified_by: 'Ana',
      certification_details: 'checked',
      published: true,
      json_metadata: { color_scheme: 'bnbColors', refresh_frequency: 60, label_colors: { boys: '#111' } },
      roles: ['Alpha'],
    },
  },
  { kind: 'publish', slot: 0, actor: 1, on: false },
  {
    kind: 'save',
    slot: 0,
    actor: 1,
    properties: {
      dashboard_title: 'Ops',
      slug: 'a',
      owners: [1, 2],
      css: '.a {}',
      certified_by: null,
      certification_details: null,
      published: false,
      json_metadata: { color_scheme: 'bnbColors', refresh_frequency: 60, label_colors: { boys: '#111' } },
      roles: ['Alpha'],
    },
  },
  {
    kind: 'metadataOnly',
    slot: 0,
    actor: 1,
    settings: {
      cross_filters_enabled: false,
      filter_bar_orientation: 'HORIZONTAL',
      chart_configuration: { '5': { id: 5, crossFilters: { scope: 'global' } } },
      global_chart_configuration: { scope: { rootPath: ['ROOT_ID'], excluded: [5] } },
    },
  },
  { kind: 'metadataOnly', slot: 0, actor: 1, settings: { cross_filters_enabled: true } },
  { kind: 'filters', slot: 0, actor: 1 },
  { kind: 'layout', slot: 1, actor: 1, charts: [2, 3, 2] },
  { kind: 'colors', slot: 1, actor: 3, colors: { label_colors: { girls: '#333' } }, markUpdated: false },
  { kind: 'colors', slot: 1, actor: 3, colors: { color_scheme: 'lyftColors' }, markUpdated: true },
  { kind: 'favorite', slot: 1, actor: 2, on: true },
  { kind: 'favorite', slot: 1, actor: 3, on: true },
  { kind: 'favorite', slot: 1, actor: 2, on: false },
  { kind: 'permalink', slot: 2, actor: 1 },
  { kind: 'delete', slot: 2, actor: 1 },
];

/** A layout holding the charts, each in a row of its own (ids from the chart and its place). */
export function layoutOf(chartIds: number[]): SavedLayout {
  return chartIds.reduce(
    (layout, chartId, n) =>
      placeChart(layout, {
        rowId: `ROW-${n}`,
        chartComponentId: `CHART-${n}-${chartId}`,
        chartId,
        sliceName: `Chart ${chartId}`,
      }),
    emptySavedLayout('Layout'),
  );
}

let links = 0;
/**
 * Sends the commands on the bus, on dashboards `run * 10 + slot` (a run's own), after creating the run's
 * three dashboards; a command the rules refuse is skipped.
 */
export async function runDashboardCommands(bus: CommandBus, run: number, commands: DashboardTestCommand[]) {
  // Each run starts with its three dashboards (a create among the commands is then mostly refused).
  const creates = [0, 1, 2].map((n) => ({
    kind: 'create' as const,
    slot: n,
    actor: 1,
    title: 'Start',
    charts: [n + 1],
    metadata: {},
  }));
  for (const c of [...creates, ...commands]) {
    const id = run * 10 + c.slot;
    const meta = { actor: String(c.actor) };
    const decide = (cmd: DashboardCommand) => bus.execute(new DecideDashboard(id, cmd, meta));
    try {
      switch (c.kind) {
        case 'create':
          await decide({
            type: 'CreateDashboard',
            data: {
              id,
              owner_id: c.actor,
              dashboard_title: c.title,
              json_metadata: c.metadata,
              ...(c.charts.length > 0 ? { position_json: layoutOf(c.charts) } : {}),
            },
          });
          break;
        case 'addChart':
          await decide({
            type: 'AddChartToDashboard',
            data: {
              chartId: c.chart,
              sliceName: `Chart ${c.chart}`,
              rowId: `ROW-a${links}`,
              chartComponentId: `CHART-a${links}`,
            },
          });
          links += 1;
          break;
        case 'removeChart':
          await decide({ type: 'RemoveChartFromDashboard', data: { chartId: c.chart } });
          break;
        case 'save': {
          // A slug is unique across dashboards: each dashboard's own.
          const p = c.properties;
          await decide({
            type: 'UpdateDashboardProperties',
            data: {
              ...p,
              slug: p.slug && `${p.slug}-${id}`,
              certification_details: p.certified_by ? p.certification_details : null,
            },
          });
          break;
        }
        case 'publish':
          await decide({ type: c.on ? 'PublishDashboard' : 'UnpublishDashboard', data: {} });
          break;
        case 'metadataOnly':
          await decide({ type: 'SaveMetadataOnlySettings', data: c.settings });
          break;
        case 'filters':
          await decide({ type: 'ConfigureNativeFilters', data: { native_filter_configuration: [] } });
          break;
        case 'layout':
          await decide({
            type: 'PublishDashboardLayout',
            data: { position_json: layoutOf(c.charts), draftVersion: 1, source: 'save' },
          });
          break;
        case 'delete':
          await decide({ type: 'DeleteDashboard', data: {} });
          break;
        case 'colors':
          await bus.execute(new SyncDashboardColors(id, c.colors, c.markUpdated, meta));
          break;
        case 'favorite':
          await bus.execute(
            new DecideDashboardFavorites(
              id,
              { type: 'FavoriteDashboard', data: { userId: c.actor, favorite: c.on } },
              meta,
            ),
          );
          break;
        case 'permalink': {
          links += 1;
          const key = `link-${run}-${links}`;
          const data = { key, dashboardId: id, state: { dataMask: {}, activeTabs: [`TAB-${links}`] } };
          await bus.execute(new DecideDashboardPermalink(key, { type: 'CreateDashboardPermalink', data }, meta));
          break;
        }
      }
    } catch (err) {
      // A command the rules refuse (a dashboard not created yet, or deleted) is part of a random sequence.
      if (!(err instanceof DomainError)) throw err;
    }
  }
}
