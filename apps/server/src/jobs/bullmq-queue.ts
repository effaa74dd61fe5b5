/**
 * Jobs on Redis with BullMQ (REDIS_URL set): any server process may add, any process that registered a
 * handler may run them, so workers can live on other machines. Completed jobs are removed at once (the
 * outcome is in the event store, not in Redis), failed ones kept for a day for inspection.
 */
import { Job, Queue, Worker } from 'bullmq';
import IORedis from 'ioredis';
import { DEFAULT_JOB_CONCURRENCY, JobQueue, type JobHandler, type ProcessOptions } from './job-queue';
import { logConnectionErrors } from '../common/connection-errors';

export interface BullMqTimings {
  /** How long a worker's lock on a job lasts without renewal (BullMQ default 30 s). */
  lockDurationMs?: number;
  /** How often workers look for jobs whose worker died (BullMQ default 30 s). */
  stalledIntervalMs?: number;
}

export class BullMqJobQueue extends JobQueue {
  private readonly connection: IORedis;
  private readonly queues = new Map<string, Queue>();
  private readonly workers: Worker[] = [];
  private readonly workerConnections: IORedis[] = [];
  readonly shared = true;

  constructor(
    redisUrl: string,
    private readonly prefix = 'strata',
    private readonly concurrency = DEFAULT_JOB_CONCURRENCY,
    private readonly timings: BullMqTimings = {},
  ) {
    super();
    // BullMQ's workers block on Redis: they require maxRetriesPerRequest null.
    this.connection = logConnectionErrors(new IORedis(redisUrl, { maxRetriesPerRequest: null }), 'Redis (job queue)');
  }

  private queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = logConnectionErrors(
        new Queue(name, { connection: this.connection, prefix: this.prefix }),
        `job queue ${name}`,
      );
      this.queues.set(name, queue);
    }
    return queue;
  }

  async add<P>(name: string, payload: P): Promise<string> {
    const job = await this.queue(name).add(name, payload, { removeOnComplete: true, removeOnFail: { age: 86_400 } });
    return job.id!;
  }

  process<P>(name: string, handler: JobHandler<P>, options: ProcessOptions<P> = {}): void {
    // Each worker blocks its own connection while it waits for jobs.
    const connection = logConnectionErrors(
      this.connection.duplicate({ maxRetriesPerRequest: null }),
      `Redis (job worker ${name})`,
    );
    this.workerConnections.push(connection);
    const worker = new Worker(name, async (job) => handler(job.data as P, { id: job.id!, name }), {
      connection,
      prefix: this.prefix,
      concurrency: this.concurrency,
      // A job whose worker died or lost its lock is failed, not delivered again: the jobs here run users'
      // SQL, which must never run twice behind their back. Recovering the query's state is the owner's job.
      maxStalledCount: 0,
      ...(this.timings.lockDurationMs ? { lockDuration: this.timings.lockDurationMs } : {}),
      ...(this.timings.stalledIntervalMs ? { stalledInterval: this.timings.stalledIntervalMs } : {}),
    });
    // A failing job is already reported by its handler; without a listener BullMQ would log noise.
    worker.on('error', () => undefined);
    const { onLost } = options;
    if (onLost) {
      // The stalled job is failed by then (maxStalledCount 0) and kept a day: its payload is still there.
      worker.on('stalled', (jobId) => {
        void Job.fromId(this.queue(name), jobId)
          .then((job) => (job ? onLost(job.data as P, { id: jobId, name }) : undefined))
          .catch(() => undefined);
      });
    }
    this.workers.push(worker);
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.close()));
    await Promise.all([...this.queues.values()].map((q) => q.close()));
    for (const c of [...this.workerConnections, this.connection]) c.disconnect();
  }
}
