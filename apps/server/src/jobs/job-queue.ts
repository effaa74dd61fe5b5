/**
 * The one job queue interface (DESIGN.md "Jobs"): async SQL Lab runs now, async chart data and reports
 * later. In-process by default; BullMQ on Redis when REDIS_URL is set, so workers can run in other
 * processes. A payload must be plain JSON: it may cross a process boundary.
 */
export interface JobInfo {
  id: string;
  name: string;
}

export type JobHandler<P> = (payload: P, job: JobInfo) => Promise<void>;

export interface ProcessOptions<P> {
  /**
   * A job whose worker died while running it (BullMQ: stalled; never retried, see maxStalledCount).
   * Called in whichever process notices; the job's own state must be settled here.
   */
  onLost?: (payload: P, job: JobInfo) => Promise<void>;
}

export abstract class JobQueue {
  /** True when jobs live outside this process (BullMQ): a queued job survives this process's death. */
  abstract readonly shared: boolean;
  /** Enqueues a job and returns its id; throws when the queue cannot take it (ASYNC_WORKERS_ERROR). */
  abstract add<P>(name: string, payload: P): Promise<string>;
  /** Runs `handler` for every job of `name` in this process (at most `concurrency` at a time per queue). */
  abstract process<P>(name: string, handler: JobHandler<P>, options?: ProcessOptions<P>): void;
  abstract close(): Promise<void>;
}

/** Jobs running at once per process, per job name. Two cores are common; a query mostly waits on its database. */
export const DEFAULT_JOB_CONCURRENCY = 2;
