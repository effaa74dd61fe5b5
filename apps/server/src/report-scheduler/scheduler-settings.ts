/**
 * The scheduler's timings and clock, one injectable value so tests run a day in a tick without waiting.
 * No environment variable sets them: the defaults suit every deployment seen so far (README "Reports").
 */
import { DEFAULT_LOOKBACK_MS } from './due-run';

export interface ReportSchedulerSettings {
  /**
   * How often each process looks at the schedules: fires what is owed (in-process mode), syncs BullMQ's job
   * schedulers (REDIS_URL), ends runs past their working timeout and prunes the execution log. 0: never
   * (tests call tick() themselves). In-process, a run starts at most this long after its cron time.
   */
  tickMs: number;
  /** How far back a late wake-up still owes the last missed time (due-run.ts). */
  lookbackMs: number;
  now: () => Date;
  /** BullMQ key prefix of the schedules' queue (REDIS_URL only); tests use a prefix of their own. */
  queuePrefix: string;
}

export const REPORT_SCHEDULER_SETTINGS = Symbol('ReportSchedulerSettings');

export const DEFAULT_REPORT_SCHEDULER_SETTINGS: ReportSchedulerSettings = {
  tickMs: 10_000,
  lookbackMs: DEFAULT_LOOKBACK_MS,
  now: () => new Date(),
  queuePrefix: 'strata',
};
