/**
 * A run whose process is killed mid-run ends as Error after its working timeout (issue 14 Done-when): a
 * child server process starts an alert whose SQL sleeps for ten minutes, is killed with SIGKILL while the
 * run is Working, and this process's scheduler tick ends the run as Error ("Report Schedule reached a
 * working timeout.") once the schedule's working_timeout has passed, and not before; its owner gets the
 * error notice at the test's SMTP server, as for a run's own failure, and only once.
 */
import { WORKING_TIMEOUT_ERROR } from '@strata/domain';
import { fork } from 'node:child_process';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { startSmtpInbox, type SmtpInbox } from '../report-run/testing/smtp-inbox';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { startSchedulerApp, type SchedulerApp } from './testing/scheduler-app';
import {
  createAlert,
  createDatabase,
  createOwner,
  streamTypes,
  until,
  yearlyTimeAfterNow,
} from './testing/schedule-fixtures';

jest.setTimeout(240_000);

const hook = path.join(__dirname, '../../test/register-ts.cjs');
const childScript = path.join(__dirname, 'testing/scheduler-child.ts');
/** Seconds; long enough that the child is killed well before its own run's deadline would end the run. */
const WORKING_TIMEOUT = 5;

let db: TestDatabase;
let survivor: SchedulerApp;
let inbox: SmtpInbox;

beforeAll(async () => {
  db = await createTestDatabase('scheduler_timeout');
  inbox = await startSmtpInbox();
  // The surviving process reads the real clock: the working timeout is measured from the run's real start.
  survivor = await startSchedulerApp(db.url, { smtpPort: inbox.port });
});

afterAll(async () => {
  await survivor?.close();
  await inbox?.close();
  await db?.drop();
});

interface LogRow {
  state: string;
  error_message: string | null;
  end_dttm: Date | null;
  start_dttm: Date;
}

it('ends as Error after its working timeout when the process running it was killed', async () => {
  const owner = await createOwner(survivor.app, 'kim');
  const alertId = await createAlert(survivor.app, owner, await createDatabase(survivor.app, db.url), {
    sql: 'SELECT pg_sleep(600)',
    working_timeout: WORKING_TIMEOUT,
  });
  const dataSource = survivor.app.get(DataSource);
  const logRows = async () =>
    (await dataSource.query(
      `SELECT state, error_message, end_dttm, start_dttm FROM report_execution_log WHERE report_schedule_id = $1`,
      [alertId],
    )) as LogRow[];

  const now = new Date(yearlyTimeAfterNow().getTime() + 30_000).toISOString();
  const child = fork(childScript, [db.url, now], {
    execArgv: ['--require', hook],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
  try {
    // Mid-run: the run is Working (its alert query sleeping) in the child.
    await until(async () => (await logRows())[0]?.state === 'Working', `the child's run to start (${output})`, 120_000);
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
  } finally {
    child.kill('SIGKILL');
  }
  expect(output).not.toContain('ran ');

  // Nothing ends it before the working timeout; this process's tick ends it once it has passed.
  const [started] = await logRows();
  const ended = await until(async () => {
    const before = Date.now() - started!.start_dttm.getTime() <= WORKING_TIMEOUT * 1000;
    const { timedOut, runs } = await survivor.clock.tick();
    expect(await runs).toEqual([]);
    if (before) expect(timedOut).toEqual([]);
    return timedOut.includes(alertId);
  }, 'the sweep to end the run');
  expect(ended).toBe(true);
  const [row] = await logRows();
  expect(row).toMatchObject({ state: 'Error', error_message: WORKING_TIMEOUT_ERROR });
  expect(row!.end_dttm!.getTime() - row!.start_dttm.getTime()).toBeGreaterThan(WORKING_TIMEOUT * 1000);
  // The owner hears of it as of a run's own failure (the executor's notice).
  const notice = await until(
    async () => inbox.mails.find((m) => m.rcpt.includes('kim@example.com')),
    "the owner's error notice",
  );
  expect(notice.subject).toBe(`[Alert] Error occurred for Alert: Alert ${alertId}`);
  expect(notice.html).toContain(WORKING_TIMEOUT_ERROR);
  expect(await streamTypes(survivor.app, alertId)).toEqual([
    'report/reportCreated',
    'report/runStarted',
    'report/runTimedOut',
    'report/ownersNotifiedOfError',
    'report/mailSent',
  ]);
  // A second sweep (another process's) finds nothing left to end, and tells nobody again.
  const last = await survivor.clock.tick();
  expect(last.timedOut).toEqual([]);
  expect(await last.runs).toEqual([]);
  expect(inbox.mails).toHaveLength(1);
});
