/**
 * Exactly one execution per scheduled time whatever the number of server processes (issue 14 item 3 and
 * its Done-when): two schedulers on one PostgreSQL both see the same time owed, in-process (both tick at
 * once) and with REDIS_URL (both register BullMQ's job scheduler at once, BullMQ on the real Redis, a
 * prefix per test); one run is recorded and the real SMTP server gets one mail. The alert's SQL gives two
 * columns, so its run ends as Error and its owner gets the error notice: the cheapest run that mails.
 * The clocks read a time one year ahead, so nothing waits for a real cron minute.
 */
import { Queue } from 'bullmq';
import IORedis from 'ioredis';
import { CommandBus } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { DecideReport } from '../reports/decide-report';
import { randomUUID } from 'node:crypto';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo, Server } from 'node:net';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { SCHEDULES_QUEUE } from './bullmq-schedules';
import { startSchedulerApp, type SchedulerApp } from './testing/scheduler-app';
import {
  count,
  createAlert,
  createDatabase,
  createOwner,
  streamTypes,
  until,
  yearlyTimeAfterNow,
} from './testing/schedule-fixtures';

jest.setTimeout(180_000);

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

let db: TestDatabase;
let smtp: SMTPServer;
let smtpPort: number;
const mails: { rcpt: string[]; raw: string }[] = [];
const apps: SchedulerApp[] = [];

beforeAll(async () => {
  db = await createTestDatabase('scheduler');
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({ rcpt: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString() });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = ((smtp as unknown as { server: Server }).server.address() as AddressInfo).port;
});

// Each test's processes stop with it: a ticking one would run (or prune) the next test's schedules.
afterEach(async () => {
  for (const a of apps.splice(0)) await a.close();
});

afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await db.drop();
});

/** Two server processes' schedulers on the test database, started one after the other (migrations). */
async function twoSchedulers(
  now: Date,
  redisUrl?: string,
  queuePrefix?: string,
): Promise<[SchedulerApp, SchedulerApp]> {
  const settings = { now: () => now, ...(queuePrefix ? { queuePrefix } : {}) };
  const a = await startSchedulerApp(db.url, { smtpPort, redisUrl, settings });
  apps.push(a);
  const b = await startSchedulerApp(db.url, { smtpPort, redisUrl, settings });
  apps.push(b);
  return [a, b];
}

/** A whole tick: its sweep, pruning and the runs it started, ended. */
async function tickToEnd(app: SchedulerApp) {
  const result = await app.clock.tick();
  return { ...result, runs: await result.runs };
}

const mailsTo = (address: string) => mails.filter((m) => m.rcpt.includes(address));

describe('two server processes, one due time', () => {
  it('in-process: both tick at once, one run is recorded and one mail sent', async () => {
    const now = new Date(yearlyTimeAfterNow().getTime() + 30_000);
    const [a, b] = await twoSchedulers(now);
    const owner = await createOwner(a.app, 'ivy');
    const alertId = await createAlert(a.app, owner, await createDatabase(a.app, db.url));

    const [ticked, tickedToo] = await Promise.all([a.clock.tick(), b.clock.tick()]);
    const outcomes = [...(await ticked.runs), ...(await tickedToo.runs)];

    const scheduledAt = new Date(now.getTime() - 30_000).toISOString();
    const done = outcomes.filter((o) => o.outcome === 'done');
    expect(done).toEqual([expect.objectContaining({ scheduledAt, state: 'Error' })]);
    // The other process found the lock taken, or (if the first had finished) the time already started.
    expect(outcomes.filter((o) => o.outcome !== 'done').length).toBeLessThanOrEqual(1);
    const types = await streamTypes(a.app, alertId);
    expect(count(types, 'report/runStarted')).toBe(1);
    expect(count(types, 'report/runFailed')).toBe(1);
    expect(count(types, 'report/mailSent')).toBe(1);
    expect(mailsTo('ivy@example.com')).toHaveLength(1);
    expect(mailsTo('ivy@example.com')[0]!.raw).toContain('Alert query returned more than one column');

    // The time is run: neither process owes it again.
    const again = await Promise.all([a.clock.tick(), b.clock.tick()]);
    expect([...(await again[0].runs), ...(await again[1].runs)]).toEqual([]);
    expect(count(await streamTypes(a.app, alertId), 'report/runStarted')).toBe(1);
  });

  it('with REDIS_URL: both register the BullMQ job scheduler at once, one run is recorded and one mail sent', async () => {
    const prefix = `strata-test-${randomUUID()}`;
    const now = new Date(yearlyTimeAfterNow().getTime() + 30_000);
    const [a, b] = await twoSchedulers(now, REDIS_URL, prefix);
    expect([a.clock.shared, b.clock.shared]).toEqual([true, true]);
    const owner = await createOwner(a.app, 'jude');
    const alertId = await createAlert(a.app, owner, await createDatabase(a.app, db.url));

    // Each process syncs on the committed reportCreated (its own, and the other's through NOTIFY); the
    // test's ticks make both register at the same moment as well.
    await Promise.all([tickToEnd(a), tickToEnd(b)]);
    const types = await until(async () => {
      const t = await streamTypes(a.app, alertId);
      return count(t, 'report/mailSent') === 1 && t;
    }, 'the run to end with its mail');
    expect(count(types, 'report/runStarted')).toBe(1);

    // Every wake-up BullMQ had for the schedule has been handled: none waiting, none running.
    const redis = new IORedis(REDIS_URL, { maxRetriesPerRequest: null });
    const queue = new Queue(SCHEDULES_QUEUE, { connection: redis, prefix });
    try {
      await until(async () => {
        const c = await queue.getJobCounts('wait', 'active', 'prioritized');
        return c.wait + c.active + c.prioritized === 0;
      }, 'the queue to be empty');
      // One registration per active schedule (the first test's alert is still active), none twice.
      const schedulers = await queue.getJobSchedulers();
      expect(schedulers.map((s) => [s.key, s.pattern, s.tz]).sort()).toEqual(
        [`report:${alertId - 1}`, `report:${alertId}`].map((key) => [key, '0 9 1 1 *', 'UTC']),
      );
    } finally {
      await queue.close();
      redis.disconnect();
    }
    expect(count(await streamTypes(a.app, alertId), 'report/runStarted')).toBe(1);
    expect(mailsTo('jude@example.com')).toHaveLength(1);

    // Deactivated in one process, the schedule leaves BullMQ (the committed event syncs, no tick needed).
    await a.app
      .get(CommandBus)
      .execute(
        new DecideReport(
          alertId,
          { type: 'UpdateReport', data: { active: false } },
          { actor: 'system', undoable: false },
        ),
      );
    const redis2 = new IORedis(REDIS_URL, { maxRetriesPerRequest: null });
    const queue2 = new Queue(SCHEDULES_QUEUE, { connection: redis2, prefix });
    try {
      await until(
        async () => !(await queue2.getJobSchedulers()).some((s) => s.key === `report:${alertId}`),
        'the deactivated schedule to leave BullMQ',
      );
    } finally {
      await queue2.close();
      redis2.disconnect();
    }
  });
});

describe('the tick', () => {
  it('runs every tickMs on its own and starts the time owed, once', async () => {
    const now = new Date(yearlyTimeAfterNow().getTime() + 30_000);
    const app = await startSchedulerApp(db.url, { smtpPort, settings: { now: () => now, tickMs: 50 } });
    apps.push(app);
    const owner = await createOwner(app.app, 'max');
    const alertId = await createAlert(app.app, owner, await createDatabase(app.app, db.url));
    await until(async () => count(await streamTypes(app.app, alertId), 'report/mailSent') === 1, 'the ticked run');
    expect(mailsTo('max@example.com')).toHaveLength(1);
    // The time is run: a tick owes nothing more.
    expect(await (await app.clock.tick()).runs).toEqual([]);
    expect(count(await streamTypes(app.app, alertId), 'report/runStarted')).toBe(1);
  });
});

describe('the execution log', () => {
  it('loses the runs that ended more than a day past log_retention, through a runLogPruned on the stream', async () => {
    let now = new Date(yearlyTimeAfterNow().getTime() + 30_000);
    const app = await startSchedulerApp(db.url, { smtpPort, settings: { now: () => now } });
    apps.push(app);
    const owner = await createOwner(app.app, 'lou');
    const alertId = await createAlert(app.app, owner, await createDatabase(app.app, db.url), { log_retention: 1 });
    const logRows = async () =>
      (
        (await app.app
          .get(DataSource)
          .query(`SELECT count(*)::int AS n FROM report_execution_log WHERE report_schedule_id = $1`, [alertId])) as {
          n: number;
        }[]
      )[0]!.n;
    const { runs } = await app.clock.tick();
    expect(await runs).toEqual([expect.objectContaining({ outcome: 'done', state: 'Error' })]);
    expect(await logRows()).toBe(1);

    // The run ended now (the real clock's now: the executor's). A day and a half later it is past its one
    // day of retention but within the day of slack; two days and a minute later it goes.
    const day = 86_400_000;
    now = new Date(Date.now() + 1.5 * day);
    expect((await tickToEnd(app)).pruned).not.toContain(alertId);
    expect(await logRows()).toBe(1);
    now = new Date(Date.now() + 2 * day + 60_000);
    expect((await tickToEnd(app)).pruned).toContain(alertId);
    expect(await logRows()).toBe(0);
    expect((await streamTypes(app.app, alertId)).at(-1)).toBe('report/runLogPruned');
    expect((await tickToEnd(app)).pruned).not.toContain(alertId);
  });
});
