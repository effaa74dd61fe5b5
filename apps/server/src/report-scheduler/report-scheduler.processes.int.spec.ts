/**
 * Exactly one execution per scheduled time across real server processes (issue 14 Done-when: "a second
 * process never sends the same scheduled run twice"): two child processes (testing/scheduler-child.ts),
 * each its own Node process with its own pools, Redis connections and BullMQ worker, share the test's
 * PostgreSQL and the real Redis (a BullMQ prefix per test) and mail through the test's SMTP server. Both
 * start at once with a clock reading 30 s after the alert's cron time, so both see that time owed at
 * start and both register BullMQ's job scheduler (which fires it at once to catch up); four more wake-ups
 * for it wait in the queue, so the workers try that time concurrently, and four more are added once the
 * run has ended (late deliveries). Once the run has
 * ended and its mail arrived, both processes complete two more ticks and BullMQ has no wake-up left; then
 * the schedule's stream holds one runStarted for that time and the inbox one mail.
 * The alert's SQL gives two columns, so its run ends as Error and its owner gets the error notice: the
 * cheapest run that mails (no chart, no Chromium).
 */
import { Queue } from 'bullmq';
import IORedis from 'ioredis';
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { EventStore } from '../event-store/event-store.port';
import { startSmtpInbox, type SmtpInbox } from '../report-run/testing/smtp-inbox';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { SCHEDULES_QUEUE } from './bullmq-schedules';
import { startSchedulerApp, type SchedulerApp } from './testing/scheduler-app';
import { createAlert, createDatabase, createOwner, until, yearlyTimeAfterNow } from './testing/schedule-fixtures';

jest.setTimeout(240_000);

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const hook = path.join(__dirname, '../../test/register-ts.cjs');
const childScript = path.join(__dirname, 'testing/scheduler-child.ts');

interface Child {
  process: ChildProcess;
  output: string;
  /** Whole ticks completed so far (its `tick <n>` lines). */
  ticks: number;
  exited: boolean;
}

let db: TestDatabase;
let inbox: SmtpInbox;
/** This process: migrations, the owner and the alert; it never ticks and has no Redis. */
let setup: SchedulerApp;
const children: Child[] = [];
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  db = await createTestDatabase('scheduler_processes');
  inbox = await startSmtpInbox();
  setup = await startSchedulerApp(db.url);
});

afterAll(async () => {
  // Each child leads its own process group: the group goes, whatever it started.
  for (const c of children) {
    try {
      if (!c.exited) process.kill(-c.process.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  await Promise.all(children.map((c) => (c.exited ? undefined : new Promise((r) => c.process.once('exit', r)))));
  for (const close of closers) await close();
  await setup?.close();
  await inbox?.close();
  await db?.drop();
});

function startChild(now: Date, options: Record<string, unknown>): Child {
  const child: Child = {
    process: fork(childScript, [db.url, now.toISOString(), JSON.stringify({ ...options, loop: true })], {
      execArgv: ['--require', hook],
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      detached: true,
    }),
    output: '',
    ticks: 0,
    exited: false,
  };
  child.process.stdout!.on('data', (d: Buffer) => {
    child.output += d.toString();
    child.ticks = [...child.output.matchAll(/^tick (\d+)$/gm)].length;
  });
  child.process.stderr!.on('data', (d: Buffer) => (child.output += d.toString()));
  child.process.on('exit', () => (child.exited = true));
  children.push(child);
  return child;
}

it('two server processes with Redis send one scheduled run once', async () => {
  const owner = await createOwner(setup.app, 'nia');
  const alertId = await createAlert(setup.app, owner, await createDatabase(setup.app, db.url));
  const now = new Date(yearlyTimeAfterNow().getTime() + 30_000);
  const scheduledAt = new Date(now.getTime() - 30_000).toISOString();
  const prefix = `strata-test-${randomUUID()}`;

  // Besides the registrations' own catch-up jobs, four more wake-ups for the schedule wait in the queue
  // (as a stalled job's redelivery or a restarted process's catch-up would): the workers (two jobs at a time
  // in each process) take them as the processes start, so the same owed time is tried concurrently; the
  // lock, the due time and the domain's refusal must leave one run (without them this test sees several).
  const redis = new IORedis(REDIS_URL, { maxRetriesPerRequest: null });
  const queue = new Queue(SCHEDULES_QUEUE, { connection: redis, prefix });
  closers.push(async () => {
    await queue.close();
    redis.disconnect();
  });
  await queue.addBulk([1, 2, 3, 4].map(() => ({ name: `report:${alertId}`, data: { reportId: alertId } })));

  const options = { redisUrl: REDIS_URL, queuePrefix: prefix, smtpPort: inbox.port };
  const [a, b] = [startChild(now, options), startChild(now, options)];
  const alive = () => {
    for (const c of [a, b]) if (c.exited) throw new Error(`a child process exited:\n${c.output}`);
  };

  const dataSource = setup.app.get(DataSource);
  const logRows = async () =>
    (await dataSource.query(`SELECT state, scheduled_dttm FROM report_execution_log WHERE report_schedule_id = $1`, [
      alertId,
    ])) as { state: string; scheduled_dttm: Date }[];
  const mailsToOwner = () => inbox.mails.filter((m) => m.rcpt.includes('nia@example.com'));

  // The run ends (Error: the alert's two columns) and its mail arrives.
  await until(
    async () => {
      alive();
      const rows = await logRows();
      return rows.some((r) => r.state === 'Error') && mailsToOwner().length >= 1;
    },
    'the run to end with its mail',
    180_000,
  );
  // Late wake-ups for the same time, after the run ended (a redelivery, another process's catch-up): the
  // time is started, so neither process runs it again.
  await queue.addBulk([1, 2, 3, 4].map(() => ({ name: `report:${alertId}`, data: { reportId: alertId } })));
  // Both processes then complete two whole ticks (the first may have begun before the run ended) ...
  const marks = [a.ticks, b.ticks];
  await until(
    async () => {
      alive();
      return a.ticks >= marks[0]! + 2 && b.ticks >= marks[1]! + 2;
    },
    `both processes to tick again (${a.output} | ${b.output})`,
    120_000,
  );
  // ... and BullMQ has no wake-up for the schedule left, waiting or running, in either worker.
  await until(async () => {
    const c = await queue.getJobCounts('wait', 'active', 'prioritized', 'completed');
    return c.wait + c.active + c.prioritized === 0 && c.completed === 8;
  }, 'every wake-up to be handled');
  expect((await queue.getJobSchedulers()).map((s) => s.key)).toEqual([`report:${alertId}`]);
  alive();

  const events = await setup.app.get(EventStore).readStream(`report:${alertId}`);
  const started = events.filter((e) => e.type === 'report/runStarted');
  expect(started).toHaveLength(1);
  expect(started[0]!.data).toMatchObject({ scheduledAt, manual: false });
  expect(events.filter((e) => e.type === 'report/mailSent')).toHaveLength(1);
  expect(await logRows()).toEqual([{ state: 'Error', scheduled_dttm: new Date(scheduledAt) }]);
  expect(mailsToOwner()).toHaveLength(1);
  expect(inbox.mails).toHaveLength(1);
});
