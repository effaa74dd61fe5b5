/**
 * Contention on one stream, through the @nestjs/cqrs CommandBus on a real PostgreSQL: a hundred users
 * starring one dashboard, or a hundred chart saves adding to one dashboard, all at once, on one server
 * and on two servers sharing the database. A command decided against the latest state that loses a race
 * is decided again on the newer stream until it lands: no intent is dropped for contention alone.
 */
import { CommandBus, CqrsModule } from '@nestjs/cqrs';
import { Test, type TestingModule } from '@nestjs/testing';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DecideDashboard, DecideDashboardHandler } from '../dashboards/decide-dashboard';
import { DecideDashboardFavorites, DecideDashboardFavoritesHandler } from '../dashboards/decide-dashboard-favorites';
import { dashboardFavoritesStream, dashboardStream } from '@strata/domain';
import { migrations } from '../storage/migrations';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { CommandRetryPolicy } from './command-retry';
import { EventStoreModule } from './event-store.module';
import { EventStore } from './event-store.port';

/** Enough writers on one stream that a fixed, small number of retries runs out for some of them. */
const WRITERS = 100;

let db: TestDatabase;
let one: TestingModule;
let two: TestingModule;

/** A server of its own (own connection pool, own bus) on the shared database. */
async function server(): Promise<TestingModule> {
  const app = await Test.createTestingModule({
    imports: [
      TypeOrmModule.forRoot({
        type: 'postgres',
        url: db.url,
        migrations,
        migrationsRun: true,
        retryAttempts: 0,
        logging: false,
      }),
      CqrsModule.forRoot(),
      EventStoreModule,
    ],
    providers: [DecideDashboardHandler, DecideDashboardFavoritesHandler],
  })
    // A loaded test machine is slow, not contended for longer: the budget is no part of what is tested here.
    .overrideProvider(CommandRetryPolicy)
    .useValue(new CommandRetryPolicy(600_000))
    .compile();
  await app.init();
  return app;
}

beforeAll(async () => {
  db = await createTestDatabase('contention');
  one = await server();
  two = await server();
});
afterAll(async () => {
  await one?.close();
  await two?.close();
  await db?.drop();
});

const users = Array.from({ length: WRITERS }, (_, i) => i + 1);
const star = (dashboardId: number, userId: number) =>
  new DecideDashboardFavorites(
    dashboardId,
    { type: 'FavoriteDashboard', data: { userId, favorite: true } },
    { actor: String(userId) },
  );
const addChart = (dashboardId: number, chartId: number) =>
  new DecideDashboard(
    dashboardId,
    {
      type: 'AddChartToDashboard',
      data: { chartId, sliceName: `Chart ${chartId}`, rowId: `ROW-${chartId}`, chartComponentId: `CHART-${chartId}` },
    },
    { actor: String(chartId) },
  );

async function createDashboard(id: number): Promise<void> {
  await one
    .get(CommandBus)
    .execute(
      new DecideDashboard(
        id,
        { type: 'CreateDashboard', data: { id, owner_id: 1, dashboard_title: 'Shared' } },
        { actor: '1', expectedVersion: 0 },
      ),
    );
}

/** The refusals by kind (none expected), so a failure says how many were refused and why. */
async function refusals(sent: Promise<unknown>[]): Promise<Record<string, number>> {
  const refused: Record<string, number> = {};
  for (const outcome of await Promise.allSettled(sent)) {
    if (outcome.status === 'fulfilled') continue;
    const kind = outcome.reason instanceof Error ? outcome.reason.name : String(outcome.reason);
    refused[kind] = (refused[kind] ?? 0) + 1;
  }
  return refused;
}

describe('one server', () => {
  it(`lands all ${WRITERS} concurrent stars on one dashboard's favourites stream`, async () => {
    const bus = one.get(CommandBus);
    expect(await refusals(users.map((u) => bus.execute(star(1, u))))).toEqual({});
    const events = await one.get(EventStore).readStream(dashboardFavoritesStream(1));
    expect(events.map((e) => (e.data as { userId: number }).userId).sort((a, b) => a - b)).toEqual(users);
  });

  it(`lands all ${WRITERS} concurrent chart additions on one dashboard`, async () => {
    await createDashboard(2);
    const bus = one.get(CommandBus);
    expect(await refusals(users.map((c) => bus.execute(addChart(2, c))))).toEqual({});
    const events = await one.get(EventStore).readStream(dashboardStream(2));
    expect(events.filter((e) => e.type === 'dashboard/chartAdded')).toHaveLength(WRITERS);
  });
});

describe('two servers on one database', () => {
  it(`lands all ${WRITERS} concurrent stars sent half to each server`, async () => {
    const buses = [one.get(CommandBus), two.get(CommandBus)];
    expect(await refusals(users.map((u) => buses[u % 2]!.execute(star(3, u))))).toEqual({});
    expect(await one.get(EventStore).streamVersion(dashboardFavoritesStream(3))).toBe(WRITERS);
  });

  it(`lands all ${WRITERS} concurrent chart additions sent half to each server`, async () => {
    await createDashboard(4);
    const buses = [one.get(CommandBus), two.get(CommandBus)];
    expect(await refusals(users.map((c) => buses[c % 2]!.execute(addChart(4, c))))).toEqual({});
    const events = await two.get(EventStore).readStream(dashboardStream(4));
    expect(events.filter((e) => e.type === 'dashboard/chartAdded')).toHaveLength(WRITERS);
  });
});
