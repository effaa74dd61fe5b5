/**
 * The scheduler's decisions (issue 14 item 3), the same in every process and both modes: which time a
 * schedule owes (due-run.ts) and its run under the schedule's lock, handed to the executor
 * (ReportRunService, report-run/), whose StartRun refuses a time already started; the sweep that ends
 * runs stuck past their working timeout (`timedOut` -> `TimeOutRun`); the pruning of the execution log
 * by each schedule's log_retention (`PruneRunLog`). What wakes it is schedule-clock.ts.
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { timedOut, type ReportCommand } from '@strata/domain';
import { DomainError } from '@strata/events';
import { DataSource } from 'typeorm';
import { VersionConflictError, type AppendResult } from '../event-store/event-store.port';
import { DecideReport } from '../reports/decide-report';
import { ReportRunService, type RunResult } from '../report-run/report-run.service';
import { dueRun } from './due-run';
import { ScheduleLock } from './schedule-lock';
import {
  activeSchedules,
  scheduleById,
  schedulesToPrune,
  schedulesWorking,
  timesOf,
  type ScheduleRow,
} from './schedule-rows';
import { REPORT_SCHEDULER_SETTINGS, type ReportSchedulerSettings } from './scheduler-settings';

/** What one wake-up of a schedule did. */
export type DueOutcome =
  { outcome: 'nothing due' } | { outcome: 'locked'; scheduledAt: string } | (RunResult & { scheduledAt: string });

/**
 * Runs started by one process at a time (in-process mode): each holds a pooled connection for its lock
 * and needs more for its own queries, so a burst of 9:00 reports must not take the whole pool. The rest
 * are still owed at the next tick (due-run.ts).
 */
export const MAX_RUNS_PER_PROCESS = 3;

@Injectable()
export class ReportScheduler {
  private readonly logger = new Logger('ReportScheduler');
  /** Schedules this process is running now (the lock also says so; this saves a connection per tick). */
  private readonly inFlight = new Map<number, Promise<DueOutcome>>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly commandBus: CommandBus,
    private readonly executor: ReportRunService,
    private readonly lock: ScheduleLock,
    @Inject(REPORT_SCHEDULER_SETTINGS) private readonly settings: ReportSchedulerSettings,
  ) {}

  /**
   * Runs the time the schedule owes now (or at `firedAt`, a BullMQ job's cron instant, when the process's
   * clock is a little behind the one that fired it), under the schedule's lock.
   */
  async runDue(reportId: number, firedAt?: Date): Promise<DueOutcome> {
    const clock = this.settings.now();
    const now = firedAt && firedAt > clock ? firedAt : clock;
    const row = await scheduleById(this.dataSource, reportId);
    const due = row?.active ? dueRun(timesOf(row), now, this.settings.lookbackMs) : null;
    if (!due) return { outcome: 'nothing due' };
    const scheduledAt = due.toISOString();
    const held = await this.lock.withLock(reportId, () =>
      this.executor.run({ reportId, scheduledAt, trigger: 'schedule' }),
    );
    if (!held) return { outcome: 'locked', scheduledAt };
    if (held.value.outcome === 'refused')
      this.logger.debug(`Report ${reportId} at ${scheduledAt} not run: ${held.value.reason}`);
    return { ...held.value, scheduledAt };
  }

  /**
   * Starts the run of every active schedule that owes one (in-process mode), at most MAX_RUNS_PER_PROCESS
   * at a time; resolves when the runs it started end.
   */
  async fireDue(): Promise<DueOutcome[]> {
    const now = this.settings.now();
    const started: Promise<DueOutcome>[] = [];
    for (const row of await activeSchedules(this.dataSource)) {
      if (this.inFlight.size >= MAX_RUNS_PER_PROCESS) break;
      if (this.inFlight.has(row.id) || !this.owes(row, now)) continue;
      const run = this.runDue(row.id)
        .catch((error: unknown): DueOutcome => {
          this.logger.error(`Report ${row.id}: the scheduled run failed to start: ${String(error)}`);
          return { outcome: 'nothing due' };
        })
        .finally(() => this.inFlight.delete(row.id));
      this.inFlight.set(row.id, run);
      started.push(run);
    }
    return Promise.all(started);
  }

  /** Whether the schedule owes a run at `now`; a crontab the cron library no longer reads holds up no other. */
  private owes(row: ScheduleRow, now: Date): boolean {
    try {
      return dueRun(timesOf(row), now, this.settings.lookbackMs) !== null;
    } catch (error) {
      this.logger.error(`Report ${row.id}: its schedule cannot be read: ${String(error)}`);
      return false;
    }
  }

  /**
   * Ends every run Working past its schedule's working timeout as Error: the process that ran it died (or
   * hangs), and nothing else would ever end it. Any process may do it; the domain lets one TimeOutRun in.
   * The owners hear of it as of a run's own failure (the executor's notice: at most once per grace
   * period). Returns the schedules whose run it ended.
   */
  async sweepTimedOut(): Promise<number[]> {
    const now = this.settings.now();
    const ended: number[] = [];
    for (const row of await schedulesWorking(this.dataSource)) {
      if (!timedOut(row, row.runs, now)) continue;
      // Refused: another process's sweep, or the run itself, ended it first.
      const result = await this.housekeeping(row.id, { type: 'TimeOutRun', data: { at: now.toISOString() } });
      const event = result?.events.find((e) => e.type === 'report/runTimedOut');
      if (!event) continue;
      ended.push(row.id);
      const { runId } = event.data as { runId: string };
      await this.executor
        .notifyTimedOut(row.id, runId)
        .catch((error: unknown) =>
          this.logger.error(`Report ${row.id}: the owners' timeout notice failed: ${String(error)}`),
        );
    }
    return ended;
  }

  /**
   * Prunes the execution log of every schedule with runs that ended more than a day past its
   * log_retention: `runLogPruned` (the read model stays a fold of the log) removes the runs ended before
   * `logCutoff`. The day of slack makes it one event per schedule per day at most, not one per tick for a
   * schedule that runs every minute. Returns the schedules pruned.
   */
  async pruneLogs(): Promise<number[]> {
    const now = this.settings.now();
    const pruned: number[] = [];
    for (const row of await schedulesToPrune(this.dataSource, now)) {
      // Refused or conflicting: another process pruned it, or the stream moved on; the next tick looks again.
      if (await this.housekeeping(row.id, { type: 'PruneRunLog', data: { at: now.toISOString() } }))
        pruned.push(row.id);
    }
    return pruned;
  }

  /**
   * Decides a housekeeping command on the stream now (the command runner decides a refusal on the log's
   * latest events, not on its cache: another process may have started or ended the run). Null when
   * refused, or when the stream kept moving past the runner's retry budget; the next tick looks again.
   */
  private async housekeeping(reportId: number, command: ReportCommand): Promise<AppendResult | null> {
    try {
      return await this.commandBus.execute<DecideReport, AppendResult>(
        new DecideReport(reportId, command, { actor: 'system', undoable: false }),
      );
    } catch (error) {
      if (error instanceof DomainError || error instanceof VersionConflictError) return null;
      throw error;
    }
  }
}
