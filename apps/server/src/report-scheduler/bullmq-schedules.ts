/**
 * REDIS_URL set: one BullMQ job scheduler per active schedule (`report:<id>`, its crontab and time zone),
 * kept equal to the `report_schedule` read model by `sync`, and a worker in every process. BullMQ adds one
 * job per cron instant for the whole cluster and one worker takes it, so a time normally wakes one
 * process; the schedule's lock and the domain's refusal of a second start keep it to one run if two ever
 * do (a re-registration racing with another process's, a job retried after its worker stalled).
 *
 * The next instant is the domain's cron (croner, `nextRuns`) instead of BullMQ's cron-parser, so both
 * modes fire at the same instants across daylight-saving changes. A job is only a wake-up: the worker
 * asks the scheduler what the schedule owes then (due-run.ts), so a job that comes late runs the time it
 * was for, and the first job of a new or changed registration (`immediately`) catches up the last time
 * missed while no scheduler was registered, as a tick does in-process.
 */
import { nextRuns } from '@strata/domain';
import { Queue, Worker, type Job, type RepeatOptions } from 'bullmq';
import IORedis from 'ioredis';
import { logConnectionErrors } from '../common/connection-errors';

export const SCHEDULES_QUEUE = 'report-schedules';
const JOB_NAME = 'report-schedule-due';
/** Jobs at once per process: each holds a database connection for its lock while it runs. */
const WORKER_CONCURRENCY = 2;

export interface RegisteredSchedule {
  id: number;
  crontab: string;
  timezone: string;
}

const schedulerId = (reportId: number) => `report:${reportId}`;

/** BullMQ's repeat strategy with the domain's cron; `immediately` asks for a job now. */
export function domainRepeatStrategy(millis: number, opts: RepeatOptions): number | undefined {
  if (opts.immediately) return millis;
  if (!opts.pattern) return undefined;
  return nextRuns(opts.pattern, opts.tz ?? 'UTC', new Date(millis), 1)[0]?.getTime();
}

export class BullMqSchedules {
  private readonly connection: IORedis;
  private readonly workerConnection: IORedis;
  private readonly queue: Queue;
  private worker: Worker | null = null;

  constructor(
    redisUrl: string,
    private readonly prefix: string,
  ) {
    this.connection = logConnectionErrors(
      new IORedis(redisUrl, { maxRetriesPerRequest: null }),
      'Redis (report schedules)',
    );
    this.workerConnection = logConnectionErrors(
      this.connection.duplicate({ maxRetriesPerRequest: null }),
      'Redis (report schedules worker)',
    );
    this.queue = logConnectionErrors(
      new Queue(SCHEDULES_QUEUE, {
        connection: this.connection,
        prefix,
        settings: { repeatStrategy: domainRepeatStrategy },
        defaultJobOptions: { removeOnComplete: true, removeOnFail: { age: 86_400 } },
      }),
      `job queue ${SCHEDULES_QUEUE}`,
    );
  }

  /** Runs `due(reportId, cron instant)` for every job of the schedules' queue, in this process. */
  work(due: (reportId: number, firedAt: Date) => Promise<void>): void {
    this.worker = new Worker(
      SCHEDULES_QUEUE,
      async (job: Job<{ reportId: number }>) => {
        const firedAt = new Date(job.opts.prevMillis ?? job.timestamp);
        await due(job.data.reportId, firedAt);
      },
      {
        connection: this.workerConnection,
        prefix: this.prefix,
        concurrency: WORKER_CONCURRENCY,
        settings: { repeatStrategy: domainRepeatStrategy },
        // A run is never delivered again behind its owner's back; the sweep ends what a dead worker left.
        maxStalledCount: 0,
      },
    );
    // A run's failure is the executor's to record; without a listener BullMQ would log noise.
    this.worker.on('error', () => undefined);
  }

  /**
   * Registers each active schedule whose crontab or zone BullMQ does not have, removes the others.
   * Returns the schedules BullMQ refused (logged by the caller); they do not hold up the others.
   */
  async sync(schedules: readonly RegisteredSchedule[]): Promise<{ id: number; error: unknown }[]> {
    const refused: { id: number; error: unknown }[] = [];
    const registered = new Map(
      (await this.queue.getJobSchedulers(0, -1)).map((s) => [s.key, { pattern: s.pattern, tz: s.tz }] as const),
    );
    const wanted = new Set<string>();
    for (const s of schedules) {
      const id = schedulerId(s.id);
      wanted.add(id);
      const now = registered.get(id);
      if (now && now.pattern === s.crontab && now.tz === s.timezone) continue;
      try {
        await this.queue.upsertJobScheduler(
          id,
          { pattern: s.crontab, tz: s.timezone, immediately: true },
          { name: JOB_NAME, data: { reportId: s.id } },
        );
      } catch (error) {
        refused.push({ id: s.id, error });
      }
    }
    for (const id of registered.keys()) if (!wanted.has(id)) await this.queue.removeJobScheduler(id);
    return refused;
  }

  async close(): Promise<void> {
    await this.worker?.close();
    await this.queue.close();
    this.workerConnection.disconnect();
    this.connection.disconnect();
  }
}
