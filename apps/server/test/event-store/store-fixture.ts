/**
 * A real event store on a fresh PostgreSQL database for one test file (createTestDatabase), migrated
 * with the event store's own migration only, so these tests do not depend on other modules' schemas.
 */
import { DataSource } from 'typeorm';
import { CommittedEvents } from '../../src/event-store/committed-events';
import { EventNotifications } from '../../src/event-store/event-notifications';
import { CreateEventStore1760000000000 } from '../../src/event-store/migrations/1760000000000-create-event-store';
import { EventLogOrder1797000000000 } from '../../src/event-store/migrations/1797000000000-event-log-order';
import { AppendFunction1797000000100 } from '../../src/event-store/migrations/1797000000100-append-function';
import { AppendBatchFunction1797000000200 } from '../../src/event-store/migrations/1797000000200-append-batch-function';
import { DropAppendBatchFunction1797000800000 } from '../../src/event-store/migrations/1797000800000-drop-append-batch-function';
import { PostgresEventStore } from '../../src/event-store/postgres-event-store';
import { createTestDatabase, type TestDatabase } from '../../src/testing/test-database';

export interface StoreInstance {
  dataSource: DataSource;
  committed: CommittedEvents;
  store: PostgresEventStore;
  notifications: EventNotifications;
  close(): Promise<void>;
}

export async function migratedDataSource(url: string, poolSize = 10): Promise<DataSource> {
  const dataSource = new DataSource({
    type: 'postgres',
    url,
    migrations: [
      CreateEventStore1760000000000,
      EventLogOrder1797000000000,
      AppendFunction1797000000100,
      AppendBatchFunction1797000000200,
      DropAppendBatchFunction1797000800000,
    ],
    extra: { max: poolSize },
  });
  await dataSource.initialize();
  await dataSource.runMigrations({ transaction: 'each' });
  return dataSource;
}

/** One "server process" worth of store: its own pool, bus and LISTEN connection. */
export async function openStore(url: string, options: { listen?: boolean } = {}): Promise<StoreInstance> {
  const dataSource = await migratedDataSource(url);
  const committed = new CommittedEvents();
  const store = new PostgresEventStore(dataSource, committed);
  const notifications = new EventNotifications(dataSource, committed);
  if (options.listen) await notifications.start();
  return {
    dataSource,
    committed,
    store,
    notifications,
    close: async () => {
      await store.onModuleDestroy();
      await notifications.stop();
      await dataSource.destroy();
    },
  };
}

export async function openTestStore(label: string): Promise<StoreInstance & { db: TestDatabase }> {
  const db = await createTestDatabase(label);
  const instance = await openStore(db.url);
  return {
    ...instance,
    db,
    close: async () => {
      await instance.close();
      await db.drop();
    },
  };
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it returns true or `timeoutMs` passes. */
/** Polls `check` until it holds; the bound is generous: a loaded machine is slow, not failing. */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await sleep(20);
  }
}

/**
 * The position of the last event of the log (in log order, src/event-store/log-order.ts), once readers of
 * the whole log see it: an open transaction anywhere on the server (another test file's) can hold them
 * back for a while.
 */
export async function logEnd(instance: Pick<StoreInstance, 'store' | 'dataSource'>): Promise<number> {
  const [last] = (await instance.dataSource.query(
    `SELECT position FROM events ORDER BY log_order DESC, position DESC LIMIT 1`,
  )) as { position: string }[];
  const end = Number(last?.position ?? 0);
  await eventually(async () => {
    let cursor = 0;
    for (
      let page = await instance.store.readAll(0, 10_000);
      page.length > 0;
      page = await instance.store.readAll(cursor, 10_000)
    )
      cursor = page.at(-1)!.position!;
    return cursor === end;
  });
  return end;
}
