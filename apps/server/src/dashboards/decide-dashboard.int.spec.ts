/**
 * The command path on a real Nest app and a real PostgreSQL: a DecideDashboard sent on the @nestjs/cqrs
 * CommandBus reaches DecideDashboardHandler, which loads, decides and appends with DecisionRunner; a
 * conflict and a refusal come back through the bus as the very errors the handler threw (so HTTP still
 * answers 409 / 4xx and the socket `conflict` / `invalid`).
 */
import { CommandBus, CqrsModule, type ICommand } from '@nestjs/cqrs';
import { Test, type TestingModule } from '@nestjs/testing';
import { TypeOrmModule } from '@nestjs/typeorm';
import { dashboardStream } from '@strata/domain';
import { DomainError } from '@strata/events';
import { EventStoreModule } from '../event-store/event-store.module';
import { EventStore, VersionConflictError } from '../event-store/event-store.port';
import { migrations } from '../storage/migrations';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { DecideDashboard, DecideDashboardHandler } from './decide-dashboard';

let db: TestDatabase;
let app: TestingModule;
let bus: CommandBus;
const sent: ICommand[] = [];

beforeAll(async () => {
  db = await createTestDatabase('decide-dashboard');
  app = await Test.createTestingModule({
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
    providers: [DecideDashboardHandler],
  }).compile();
  // Handlers are bound to the bus at bootstrap, as in the real server.
  await app.init();
  bus = app.get(CommandBus);
  bus.subscribe((command) => sent.push(command));
});
afterAll(async () => {
  await app?.close();
  await db?.drop();
});

const create = (id: number) =>
  new DecideDashboard(
    id,
    { type: 'CreateDashboard', data: { id, owner_id: 1, dashboard_title: 'Sales' } },
    { actor: '1', expectedVersion: 0 },
  );

it('goes through the bus to its handler, which appends on the dashboard stream', async () => {
  const command = create(1);
  const result = await bus.execute(command);
  expect(sent).toContain(command);
  expect(result).toMatchObject({ version: 1, duplicate: false });
  const events = await app.get(EventStore).readStream(dashboardStream(1));
  expect(events.map((e) => [e.type, e.meta.actor])).toEqual([['dashboard/dashboardCreated', '1']]);
  expect(events[0]!.data).toMatchObject({ id: 1, dashboard_title: 'Sales' });

  const published = await bus.execute(
    new DecideDashboard(1, { type: 'PublishDashboard', data: {} }, { actor: '1', expectedVersion: 1 }),
  );
  expect(published.version).toBe(2);
});

it('surfaces a stale expected version as the VersionConflictError itself, and appends nothing', async () => {
  await bus.execute(create(2));
  await bus.execute(new DecideDashboard(2, { type: 'PublishDashboard', data: {} }, { actor: '2' }));
  const stale = bus.execute(
    new DecideDashboard(2, { type: 'UnpublishDashboard', data: {} }, { actor: '1', expectedVersion: 1 }),
  );
  await expect(stale).rejects.toBeInstanceOf(VersionConflictError);
  await expect(stale).rejects.toMatchObject({ stream: dashboardStream(2), expected: 1, actual: 2 });
  expect(await app.get(EventStore).streamVersion(dashboardStream(2))).toBe(2);
});

it("passes the decider's DomainError through unchanged", async () => {
  await bus.execute(create(3));
  const again = bus.execute(
    new DecideDashboard(3, { type: 'CreateDashboard', data: { id: 3, owner_id: 1 } }, { actor: '1' }),
  );
  await expect(again).rejects.toBeInstanceOf(DomainError);
  await expect(again).rejects.toMatchObject({ code: 'dashboard_exists' });
});
