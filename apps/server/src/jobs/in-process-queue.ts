/**
 * The default queue: jobs run in this process, at most `concurrency` at a time per job name, in
 * arrival order. Jobs added before their handler is registered wait for it. A failing handler is logged
 * by the caller's handler itself; here it only frees the slot.
 */
import { randomUUID } from 'node:crypto';
import { DEFAULT_JOB_CONCURRENCY, JobQueue, type JobHandler, type JobInfo } from './job-queue';

interface Lane {
  handler: JobHandler<unknown> | null;
  waiting: { payload: unknown; job: JobInfo }[];
  running: number;
}

export class InProcessJobQueue extends JobQueue {
  private readonly lanes = new Map<string, Lane>();
  private readonly active = new Set<Promise<void>>();
  private closed = false;
  readonly shared = false;

  constructor(private readonly concurrency = DEFAULT_JOB_CONCURRENCY) {
    super();
  }

  private lane(name: string): Lane {
    let lane = this.lanes.get(name);
    if (!lane) {
      lane = { handler: null, waiting: [], running: 0 };
      this.lanes.set(name, lane);
    }
    return lane;
  }

  async add<P>(name: string, payload: P): Promise<string> {
    if (this.closed) throw new Error('The job queue is closed.');
    const job = { id: randomUUID(), name };
    this.lane(name).waiting.push({ payload, job });
    this.pump(name);
    return job.id;
  }

  process<P>(name: string, handler: JobHandler<P>): void {
    this.lane(name).handler = handler as JobHandler<unknown>;
    this.pump(name);
  }

  private pump(name: string): void {
    const lane = this.lane(name);
    while (!this.closed && lane.handler && lane.running < this.concurrency && lane.waiting.length > 0) {
      const { payload, job } = lane.waiting.shift()!;
      lane.running++;
      const run = lane
        .handler(payload, job)
        .catch(() => undefined)
        .finally(() => {
          lane.running--;
          this.active.delete(run);
          this.pump(name);
        });
      this.active.add(run);
    }
  }

  /** Stops taking jobs and waits for the running ones; waiting jobs are dropped (they live in memory only). */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.active]);
  }
}
