/**
 * Transient failures tried again after a wait, permanent ones at once, and never past the run's deadline
 * (its working_timeout): a wait that would end after it is not started, the last error stands.
 */
export interface RetryPolicy {
  /** Waits before the 2nd, 3rd... attempt (ms). */
  delaysMs: readonly number[];
  /** Epoch ms after which no attempt starts. */
  deadline: number;
  transient: (error: unknown) => boolean;
  /** Told of each failure that will be tried again (logs). */
  onRetry?: (error: unknown, attempt: number, delayMs: number) => void;
}

export async function withRetries<T>(work: (attempt: number) => Promise<T>, policy: RetryPolicy): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work(attempt);
    } catch (error) {
      const delay = policy.delaysMs[attempt - 1];
      if (delay === undefined || !policy.transient(error) || Date.now() + delay >= policy.deadline) throw error;
      policy.onRetry?.(error, attempt, delay);
      await new Promise((resume) => setTimeout(resume, delay));
    }
  }
}

/** Rejects with `error()` when `ms` pass first; the timer never outlives the work. */
export function within<T>(ms: number, work: Promise<T>, error: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(error()), Math.max(0, ms));
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
