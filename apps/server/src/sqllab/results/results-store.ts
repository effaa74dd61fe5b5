/**
 * Stores and serves SerializedResults through the ResultsBackend. A sync run answers BEFORE its results
 * are compressed and written (issue 3's benchmark: the write was a third of execute's time); until the
 * write lands, this process serves the result from memory, and another process (behind a load balancer)
 * waits for it: a key that the query row names but the backend does not hold yet is on its way.
 */
import { Injectable, Logger } from '@nestjs/common';
import { ResultsBackend } from './results-backend';
import { SerializedResult } from './serialized-result';

/** How long a reader waits for a result written by another process, and how often it looks. */
export const PENDING_WAIT_MS = 10_000;
const POLL_MS = 50;

export type LoadedResult = { state: 'found'; result: SerializedResult } | { state: 'expired' } | { state: 'missing' };

@Injectable()
export class ResultsStore {
  private readonly logger = new Logger('ResultsStore');
  private readonly pending = new Map<string, { result: SerializedResult; written: Promise<boolean> }>();

  constructor(private readonly backend: ResultsBackend) {}

  /**
   * Starts writing and returns at once; the promise resolves (never rejects) when the write is done,
   * true when it is durable (async runs wait for it before announcing the result). A failed write is
   * logged: readers then get a 410 and re-run the query.
   */
  save(key: string, result: SerializedResult, ttlSec: number): Promise<boolean> {
    const written = this.backend.put(key, result.bytes, ttlSec).then(
      () => true,
      (err: unknown) => {
        this.logger.error(`storing results ${key} failed: ${(err as Error).message}`);
        return false;
      },
    );
    this.pending.set(key, { result, written });
    void written.then(() => this.pending.delete(key));
    return written;
  }

  /**
   * The stored result. `mayBePending`: the run finished moments ago, so a missing key is waited for
   * (up to PENDING_WAIT_MS) instead of answered as gone.
   */
  async load(key: string, options: { mayBePending?: boolean } = {}): Promise<LoadedResult> {
    const deadline = Date.now() + (options.mayBePending ? PENDING_WAIT_MS : 0);
    for (;;) {
      const local = this.pending.get(key);
      if (local) return { state: 'found', result: local.result };
      const fetched = await this.backend.fetch(key);
      if (fetched.state === 'found') return { state: 'found', result: SerializedResult.fromBytes(fetched.bytes) };
      if (fetched.state === 'expired' || Date.now() >= deadline) return fetched;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  /** Lets writes in flight land (before the backend closes), so a result already announced is kept. */
  async flush(): Promise<void> {
    await Promise.all([...this.pending.values()].map((p) => p.written));
  }
}
