/**
 * `report_schedule` and `report_execution_log` are folds of the log: after any sequence of report
 * commands (create, edits of every kind, delete, runs that start, evaluate, succeed, fail, time out, go On
 * Grace, execution log pruned by log_retention), sent as DecideReport on the CommandBus as the API and the scheduler send them, the live tables
 * equal a rebuild from the log.
 */
import { CommandBus } from '@nestjs/cqrs';
import type { ReportCommand, ReportFields } from '@strata/domain';
import fc from 'fast-check';
import { DataSource } from 'typeorm';
import { EventStore } from '../event-store/event-store.port';
import { liveAndRebuilt, refusedOrDone } from '../projections/testing/rebuild-equals-live';
import { createAuthTestApp, type AuthTestApp } from '../testing/auth-test-app';
import { DecideReport } from './decide-report';
import { ReportsModule } from './reports.module';

let t: AuthTestApp;
beforeAll(async () => {
  t = await createAuthTestApp({ extraModules: [ReportsModule] });
});
afterAll(() => t.close());

const user = fc.integer({ min: 1, max: 3 });
const minute = fc.integer({ min: 0, max: 600 });
const at = (m: number) => new Date(Date.UTC(2026, 2, 9, 8, m)).toISOString();

/** Fields a save may change, each sometimes refused by the rules (nothing is recorded then). */
const edit: fc.Arbitrary<Partial<ReportFields>> = fc.record(
  {
    name: fc.constantFrom('Weekly', 'Daily', 'weekly ', ''),
    description: fc.option(fc.string({ maxLength: 8 }), { nil: null }),
    active: fc.boolean(),
    crontab: fc.constantFrom('0 9 * * 1', '*/10 * * * *', 'not a cron'),
    timezone: fc.constantFrom('UTC', 'America/New_York', 'Nowhere'),
    report_format: fc.constantFrom('PNG', 'PDF', 'CSV'),
    recipients: fc.constantFrom(
      [{ type: 'Email' as const, to: ['a@example.com'], cc: [], bcc: [] }],
      [{ type: 'Webhook' as const, url: 'https://hooks.example.com/x' }],
    ),
    owners: fc.uniqueArray(user, { minLength: 1, maxLength: 3 }),
    working_timeout: fc.constantFrom(60, 3600),
    grace_period: fc.constantFrom(60, 14_400),
    log_retention: fc.constantFrom(1, 90),
    custom_width: fc.constantFrom(null, 800, 100),
    force_screenshot: fc.boolean(),
  },
  { requiredKeys: [] },
);

type Step = { report: number; actor: number } & (
  | { kind: 'create'; alert: boolean; fields: Partial<ReportFields> }
  | { kind: 'update'; fields: Partial<ReportFields> }
  | { kind: 'delete' }
  | { kind: 'start'; run: number; scheduled: number; minute: number; manual: boolean }
  | { kind: 'evaluate'; run: number; value: number | null; minute: number }
  | { kind: 'succeed' | 'fail' | 'timeout'; run: number; minute: number }
  | { kind: 'prune'; days: number; minute: number }
);

// Mostly a valid schedule, so most sequences have one to edit and run.
const create = fc.record({
  kind: fc.constant('create' as const),
  alert: fc.boolean(),
  fields: fc.oneof({ weight: 3, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: edit }),
});
// Mostly the run in progress; sometimes one that is not (refused).
const run = fc.constantFrom(0, 0, 0, 1);
const step: fc.Arbitrary<Step> = fc
  .tuple(
    fc.integer({ min: 0, max: 1 }),
    user,
    fc.oneof(
      { weight: 3, arbitrary: create },
      { weight: 9, arbitrary: fc.record({ kind: fc.constant('update' as const), fields: edit }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const) }) },
      {
        weight: 9,
        arbitrary: fc.record({
          kind: fc.constant('start' as const),
          run,
          scheduled: minute,
          minute,
          manual: fc.boolean(),
        }),
      },
      {
        weight: 6,
        arbitrary: fc.record({
          kind: fc.constant('evaluate' as const),
          run,
          value: fc.option(fc.integer({ min: 0, max: 20 }), { nil: null }),
          minute,
        }),
      },
      {
        weight: 9,
        arbitrary: fc.record({
          kind: fc.constantFrom('succeed' as const, 'fail' as const, 'timeout' as const),
          run,
          minute,
        }),
      },
      // Days later, so a retention of one day prunes some runs, all of them, or none.
      {
        weight: 2,
        arbitrary: fc.record({ kind: fc.constant('prune' as const), days: fc.integer({ min: 0, max: 2 }), minute }),
      },
    ),
  )
  .map(([report, actor, command]) => ({ report, actor, ...command }));
// Each sequence starts by creating its schedules, so most of its steps act on a live one.
const steps = fc
  .tuple(fc.tuple(user, create), fc.tuple(user, create), fc.array(step, { minLength: 10, maxLength: 30 }))
  .map(([[a, first], [b, second], rest]): Step[] => [
    { report: 0, actor: a, ...first },
    { report: 1, actor: b, ...second },
    ...rest,
  ]);

/** Names are unique per type across all schedules: each sequence gets its own (two of them still collide). */
const ownNames = (fields: Partial<ReportFields>, sequence: number): Partial<ReportFields> =>
  fields.name ? { ...fields, name: `${fields.name}${sequence}` } : fields;

/** `runId`: a new id for a start, else the schedule's last started run (or, by `run` 1, an old one). */
function command(s: Step, id: number, sequence: number, runId: (n: number) => string): ReportCommand {
  switch (s.kind) {
    case 'create':
      return {
        type: 'CreateReport',
        data: {
          type: s.alert ? 'Alert' : 'Report',
          name: `Weekly${sequence}-${s.report}`,
          crontab: s.fields.crontab ?? '0 9 * * 1',
          creation_method: 'charts',
          chart_id: 7,
          recipients: s.fields.recipients ?? [{ type: 'Email', to: ['a@example.com'], cc: [], bcc: [] }],
          ...ownNames(s.fields, sequence),
          ...(s.alert
            ? {
                database_id: 1,
                sql: 'SELECT 1',
                validator: { type: 'operator' as const, op: '>' as const, threshold: 10 },
              }
            : {}),
          id,
          owner_id: s.actor,
        },
      };
    case 'update':
      return { type: 'UpdateReport', data: ownNames(s.fields, sequence) };
    case 'delete':
      return { type: 'DeleteReport', data: {} };
    case 'start':
      return {
        type: 'StartRun',
        data: { runId: runId(s.run), scheduledAt: at(s.scheduled), at: at(s.minute), manual: s.manual },
      };
    case 'evaluate':
      return { type: 'EvaluateAlert', data: { runId: runId(s.run), value: s.value, at: at(s.minute) } };
    case 'succeed':
      return { type: 'SucceedRun', data: { runId: runId(s.run), at: at(s.minute) } };
    case 'fail':
      return { type: 'FailRun', data: { runId: runId(s.run), at: at(s.minute), error: 'The chart did not render.' } };
    case 'timeout':
      return { type: 'TimeOutRun', data: { at: at(s.minute) } };
    case 'prune':
      return { type: 'PruneRunLog', data: { at: at(s.minute + s.days * 1440) } };
  }
}

/** A name taken by the other schedule is the read model's unique index: refused, nothing recorded. */
async function refusedOrDoneOrNameTaken(work: Promise<unknown>): Promise<void> {
  try {
    await refusedOrDone(work);
  } catch (error) {
    const code = (error as { code?: string; driverError?: { code?: string } }).driverError?.code;
    if (code !== '23505' && (error as { code?: string }).code !== '23505') throw error;
  }
}

it('rebuilt from the log, report_schedule and report_execution_log equal the live tables after any sequence of report commands', async () => {
  const commands = t.app.get(CommandBus);
  const store = t.app.get(EventStore);
  const dataSource = t.app.get(DataSource);
  let sequenceNumber = 0;
  await fc.assert(
    fc.asyncProperty(steps, async (sequence) => {
      sequenceNumber += 1;
      const lastRun = new Map<number, string>();
      for (const [index, s] of sequence.entries()) {
        const id = sequenceNumber * 10 + s.report;
        const fresh = `s${sequenceNumber}r${s.report}-${index}`;
        const cmd = command(s, id, sequenceNumber, (n) =>
          s.kind === 'start' ? fresh : n === 0 ? (lastRun.get(id) ?? fresh) : 'stale',
        );
        // The run a start began is the one the next steps finish (a refused start began none).
        await refusedOrDoneOrNameTaken(
          commands
            .execute(new DecideReport(id, cmd, { actor: String(s.actor), undoable: false }))
            .then(() => s.kind === 'start' && lastRun.set(id, fresh)),
        );
      }
      const { live, rebuilt } = await liveAndRebuilt(store, dataSource, 'reports', [
        'report_schedule',
        'report_execution_log',
      ]);
      expect(rebuilt).toEqual(live);
    }),
    { numRuns: 20 },
  );
  // The sequences recorded facts of each family, not only refusals (the run outcomes one by one are
  // reports.int.spec.ts's execution log test).
  const recorded = (await dataSource.query(
    `SELECT type, count(*)::int AS n FROM events WHERE stream LIKE 'report:%' GROUP BY type`,
  )) as { type: string; n: number }[];
  const types = recorded.filter((r) => r.n >= 1).map((r) => r.type);
  const expected = [
    'report/reportCreated',
    'report/reportRenamed',
    'report/reportDeleted',
    'report/runStarted',
    'report/runLogPruned',
  ];
  expect(expected.filter((type) => !types.includes(type))).toEqual([]);
}, 300_000);
