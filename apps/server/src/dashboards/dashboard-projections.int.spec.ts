/**
 * The dashboard read models are folds of the log (projections/CONTEXT.md): after any sequence of
 * dashboard commands through the real write path (the CommandBus, DecisionRunner, the projections in the
 * append's transaction), rebuilding each projection gives the rows the live writes left: `dashboards` and
 * the `dashboard_slices` view of its charts, `dashboard_favorites`, and the `dashboard_permalink` rows of
 * `key_value`.
 */
import { CommandBus } from '@nestjs/cqrs';
import {
  DASHBOARD_COLOR_EVENTS,
  DASHBOARD_FAVORITE_EVENTS,
  DASHBOARD_PERMALINK_EVENTS,
  SAVED_DASHBOARD_EVENTS,
  type DashboardCommand,
} from '@strata/domain';
import fc from 'fast-check';
import { DataSource } from 'typeorm';
import { keyValueLiveAndRebuilt } from '../common/testing/key-value-rebuild';
import { EventStore } from '../event-store/event-store.port';
import { liveAndRebuilt } from '../projections/testing/rebuild-equals-live';
import { createAuthTestApp, type AuthTestApp } from '../testing/auth-test-app';
import { DashboardsModule } from './dashboards.module';
import { DecideDashboard } from './decide-dashboard';
import { dashboardCommand, everyIntent, layoutOf, runDashboardCommands } from './testing/dashboard-commands';

let t: AuthTestApp;
beforeAll(async () => {
  t = await createAuthTestApp({ extraModules: [DashboardsModule] });
}, 120_000);
afterAll(() => t?.close());

let run = 0;

it('rebuilt from the log, each dashboard read model equals its live rows after any sequence of commands', async () => {
  const ds = t.app.get(DataSource);
  const store = t.app.get(EventStore);
  await fc.assert(
    fc.asyncProperty(fc.array(dashboardCommand, { minLength: 1, maxLength: 25 }), async (commands) => {
      run += 1;
      await runDashboardCommands(t.app.get(CommandBus), run, commands);
      const dashboards = await liveAndRebuilt(store, ds, 'dashboards', ['dashboards', 'dashboard_slices']);
      expect(dashboards.rebuilt).toEqual(dashboards.live);
      const favorites = await liveAndRebuilt(store, ds, 'dashboard_favorites', ['dashboard_favorites']);
      expect(favorites.rebuilt).toEqual(favorites.live);
      const permalinks = await keyValueLiveAndRebuilt(store, ds, 'dashboard_permalink');
      expect(permalinks.rebuilt).toEqual(permalinks.live);
    }),
    { numRuns: 15, examples: [[everyIntent]] },
  );
  // The runs (everyIntent first) recorded every event the projections handle.
  const types = ((await ds.query(`SELECT DISTINCT type FROM events`)) as { type: string }[]).map((r) => r.type);
  const handled = [
    ...SAVED_DASHBOARD_EVENTS,
    ...DASHBOARD_COLOR_EVENTS,
    ...DASHBOARD_FAVORITE_EVENTS,
    ...DASHBOARD_PERMALINK_EVENTS,
  ];
  expect(handled.filter((type) => !types.includes(type))).toEqual([]);
});

it('lists a dashboard’s charts in dashboard_slices as its layout holds them', async () => {
  const id = 9000;
  const bus = t.app.get(CommandBus);
  const meta = { actor: '1' };
  const decide = (cmd: DashboardCommand) => bus.execute(new DecideDashboard(id, cmd, meta));
  await decide({ type: 'CreateDashboard', data: { id, owner_id: 1, position_json: layoutOf([3, 1, 3]) } });
  await decide({
    type: 'AddChartToDashboard',
    data: { chartId: 5, sliceName: 'Five', rowId: 'ROW-x', chartComponentId: 'CHART-x' },
  });
  await decide({ type: 'RemoveChartFromDashboard', data: { chartId: 3 } });
  const slices = () =>
    t.app
      .get(DataSource)
      .query(`SELECT slice_id FROM dashboard_slices WHERE dashboard_id = $1 ORDER BY slice_id`, [id]) as Promise<
      { slice_id: number }[]
    >;
  expect((await slices()).map((r) => r.slice_id)).toEqual([1, 5]);
  await decide({
    type: 'PublishDashboardLayout',
    data: { position_json: layoutOf([2, 4]), draftVersion: 1, source: 'save' },
  });
  expect((await slices()).map((r) => r.slice_id)).toEqual([2, 4]);
  await decide({ type: 'DeleteDashboard', data: {} });
  expect(await slices()).toEqual([]);
});
