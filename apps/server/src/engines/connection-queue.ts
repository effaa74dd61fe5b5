/**
 * The waiting line in front of one engine's pool. node-postgres counts the time a checkout waits for a
 * busy pool against `connectionTimeoutMillis`, so the 6th of 50 concurrent queries on a pool of 5 failed
 * with a connect timeout although the database was fine; mysql2 waited without any bound. Here every
 * checkout takes a slot first (as many slots as the pool has connections, so the pool itself never
 * queues): slots go to waiters first come, first served, whoever they are; a wait is bounded by the
 * caller's own time limit (a query that spent its whole timeout waiting has timed out), and the line
 * by a length past which a new caller is refused at once with a 503 it can retry.
 */
import { EngineError, EngineTimeoutError } from './query-engine';

/** Connections (and slots) per engine. */
export const POOL_SIZE = 5;
/** Callers that may wait per engine before new ones are refused. */
export const MAX_WAITING = 200;
/** The wait of a caller that names no time limit (catalog questions, connection probes). */
export const DEFAULT_WAIT_MS = 30_000;

export class EngineBusyError extends EngineError {
  constructor(waiting: number) {
    super(
      `This database is busy: ${waiting} queries are already waiting for a connection. Try again in a moment.`,
      'GENERIC_DB_ENGINE_ERROR',
      503,
    );
    this.name = 'EngineBusyError';
  }
}

/** Frees the slot; calling it again does nothing. */
export type ReleaseSlot = () => void;

interface Waiter {
  grant: (release: ReleaseSlot) => void;
  timer: NodeJS.Timeout;
}

export class ConnectionQueue {
  private inUse = 0;
  private readonly waiting: Waiter[] = [];

  constructor(
    private readonly slots: number = POOL_SIZE,
    private readonly maxWaiting: number = MAX_WAITING,
  ) {}

  /** Resolves with the slot's release once one is free (FIFO); rejects after `waitMs` with EngineTimeoutError. */
  acquire(waitMs: number = DEFAULT_WAIT_MS): Promise<ReleaseSlot> {
    if (this.inUse < this.slots && this.waiting.length === 0) {
      this.inUse++;
      return Promise.resolve(this.releaser());
    }
    if (this.waiting.length >= this.maxWaiting) return Promise.reject(new EngineBusyError(this.waiting.length));
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        grant: (release) => {
          clearTimeout(waiter.timer);
          resolve(release);
        },
        timer: setTimeout(
          () => {
            const at = this.waiting.indexOf(waiter);
            if (at >= 0) this.waiting.splice(at, 1);
            reject(new EngineTimeoutError(waitMs));
          },
          Math.max(0, waitMs),
        ),
      };
      this.waiting.push(waiter);
    });
  }

  /** Runs `fn` holding a slot. */
  async run<T>(fn: () => Promise<T>, waitMs?: number): Promise<T> {
    const release = await this.acquire(waitMs);
    try {
      return await fn();
    } finally {
      release();
    }
  }

  get stats(): { inUse: number; waiting: number } {
    return { inUse: this.inUse, waiting: this.waiting.length };
  }

  private releaser(): ReleaseSlot {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      // The slot passes straight to the longest waiter, so nobody who came later can take it first.
      const next = this.waiting.shift();
      if (next) next.grant(this.releaser());
      else this.inUse--;
    };
  }
}
