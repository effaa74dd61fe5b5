/**
 * The per-schedule lock on a real PostgreSQL: one holder at a time per schedule, in one process (the
 * in-process set, all the embedded PGlite has) and across processes (the session advisory lock: two
 * server processes' pools); other schedules are not held up; released when the work ends or throws.
 */
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { ScheduleLock } from './schedule-lock';
import { startSchedulerApp, type SchedulerApp } from './testing/scheduler-app';

jest.setTimeout(120_000);

let db: TestDatabase;
let a: SchedulerApp;
let b: SchedulerApp;

beforeAll(async () => {
  db = await createTestDatabase('schedule_lock');
  a = await startSchedulerApp(db.url);
  b = await startSchedulerApp(db.url);
});

afterAll(async () => {
  await a?.close();
  await b?.close();
  await db?.drop();
});

/** Work that holds the lock until the test lets it end. */
function held() {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  let started: () => void = () => undefined;
  const running = new Promise<void>((resolve) => (started = resolve));
  return {
    work: async () => {
      started();
      await released;
      return 'done';
    },
    running,
    release,
  };
}

it('lets one caller of one process, and of another process, hold a schedule at a time', async () => {
  const lockA = a.app.get(ScheduleLock);
  const lockB = b.app.get(ScheduleLock);
  const first = held();
  const holding = lockA.withLock(7, first.work);
  await first.running;

  // Same process, other process: refused at once while it is held; another schedule is free.
  expect(await lockA.withLock(7, async () => 'second')).toBeNull();
  expect(await lockB.withLock(7, async () => 'other process')).toBeNull();
  expect(await lockB.withLock(8, async () => 'other schedule')).toEqual({ value: 'other schedule' });

  first.release();
  expect(await holding).toEqual({ value: 'done' });
  expect(await lockB.withLock(7, async () => 'after')).toEqual({ value: 'after' });
});

it('is free again after the work throws', async () => {
  const lockA = a.app.get(ScheduleLock);
  await expect(lockA.withLock(9, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
  expect(await b.app.get(ScheduleLock).withLock(9, async () => 'free')).toEqual({ value: 'free' });
  expect(await lockA.withLock(9, async () => 'free here too')).toEqual({ value: 'free here too' });
});
