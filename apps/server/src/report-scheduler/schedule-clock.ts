/**
 * What wakes the scheduler in each process: a tick every `tickMs` (sweep of runs past their working
 * timeout, pruning of the execution log; then, in-process, the runs owed, or with REDIS_URL the sync of BullMQ's job schedulers), and
 * with REDIS_URL, BullMQ's jobs. A committed change of a schedule (created, its cron changed, activated,
 * deactivated, deleted; in any process: committed$ carries other processes' batches too) syncs BullMQ at
 * once instead of at the next tick.
 */
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Subscription } from 'rxjs';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { CommittedEvents } from '../event-store/committed-events';
import { BullMqSchedules } from './bullmq-schedules';
import { ReportScheduler, type DueOutcome } from './report-scheduler.service';
import { activeSchedules } from './schedule-rows';
import { REPORT_SCHEDULER_SETTINGS, type ReportSchedulerSettings } from './scheduler-settings';

/** The events after which BullMQ's registrations may differ from the read model. */
const REGISTRATION_EVENTS = new Set([
  'report/reportCreated',
  'report/scheduleChanged',
  'report/reportActivated',
  'report/reportDeactivated',
  'report/reportDeleted',
]);

export interface TickResult {
  /** Schedules whose stuck run the sweep ended. */
  timedOut: number[];
  /** Schedules whose execution log was pruned. */
  pruned: number[];
  /** The runs this tick started (in-process mode), resolved when they end. */
  runs: Promise<DueOutcome[]>;
}

@Injectable()
export class ScheduleClock implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ScheduleClock');
  private readonly bullmq: BullMqSchedules | null;
  private timer?: NodeJS.Timeout;
  private changes?: Subscription;
  private ticking: Promise<unknown> | null = null;
  private syncing: Promise<void> | null = null;
  private syncAgain = false;

  constructor(
    config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly scheduler: ReportScheduler,
    private readonly committed: CommittedEvents,
    @Inject(REPORT_SCHEDULER_SETTINGS) private readonly settings: ReportSchedulerSettings,
  ) {
    this.bullmq = config.redisUrl ? new BullMqSchedules(config.redisUrl, settings.queuePrefix) : null;
  }

  /** In BullMQ mode (REDIS_URL). */
  get shared(): boolean {
    return this.bullmq !== null;
  }

  onApplicationBootstrap(): void {
    if (this.bullmq) {
      this.bullmq.work(async (reportId, firedAt) => void (await this.scheduler.runDue(reportId, firedAt)));
      this.changes = this.committed.committed$.subscribe((batch) => {
        if (batch.stream.startsWith('report:') && batch.events.some((e) => REGISTRATION_EVENTS.has(e.type)))
          this.syncInBackground();
      });
      // At start, not a tick later: a restart re-registers (and so catches up) at once.
      this.syncInBackground();
    }
    if (this.settings.tickMs > 0) {
      this.timer = setInterval(() => {
        // A slow tick (a loaded database) is not stacked under the next one.
        this.ticking ??= this.tick()
          .catch((error: unknown) => this.logger.error(`Scheduler tick failed: ${String(error)}`))
          .finally(() => (this.ticking = null));
      }, this.settings.tickMs);
      this.timer.unref();
    }
  }

  /** One round: the sweep, the pruning, then the runs owed (in-process) or BullMQ's registrations. */
  async tick(): Promise<TickResult> {
    const timedOut = await this.scheduler.sweepTimedOut();
    const pruned = await this.scheduler.pruneLogs();
    if (this.bullmq) {
      await this.sync();
      return { timedOut, pruned, runs: Promise.resolve([]) };
    }
    // Nobody may await the runs (the timer does not): a failure is logged here, never left unhandled.
    const runs = this.scheduler.fireDue().catch((error: unknown) => {
      this.logger.error(`Scheduler could not start the runs owed: ${String(error)}`);
      return [];
    });
    return { timedOut, pruned, runs };
  }

  private syncInBackground(): void {
    void this.sync().catch((error: unknown) => this.logger.error(`BullMQ sync failed: ${String(error)}`));
  }

  /** Makes BullMQ's job schedulers equal to the active schedules; calls during a sync run once after it. */
  sync(): Promise<void> {
    if (!this.bullmq) return Promise.resolve();
    if (this.syncing) {
      this.syncAgain = true;
      return this.syncing;
    }
    const bullmq = this.bullmq;
    this.syncing = (async () => {
      do {
        this.syncAgain = false;
        for (const { id, error } of await bullmq.sync(await activeSchedules(this.dataSource)))
          this.logger.error(`Report ${id}: BullMQ refused its schedule: ${String(error)}`);
      } while (this.syncAgain);
    })().finally(() => (this.syncing = null));
    return this.syncing;
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    this.changes?.unsubscribe();
    await this.ticking;
    await this.syncing?.catch(() => undefined);
    await this.bullmq?.close();
  }
}
