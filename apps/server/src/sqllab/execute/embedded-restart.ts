/**
 * Restarting the embedded examples database: how a Stop or the time limit ends a statement in PGlite,
 * which cannot cancel one (EngineCapabilities.canCancelInDatabase false). A port so the run does not depend on how storage
 * starts its databases; with DATABASE_URL (no embedded database) it answers false and does nothing.
 */
import { EngineTimeoutError } from '../../engines/query-engine';
import type { StorageRuntime } from '../../storage/storage-runtime';

export abstract class EmbeddedDatabaseRestarter {
  abstract restartExamples(): Promise<boolean>;
}

export class StorageRuntimeRestarter extends EmbeddedDatabaseRestarter {
  constructor(private readonly runtime: StorageRuntime | undefined) {
    super();
  }

  restartExamples(): Promise<boolean> {
    return this.runtime ? this.runtime.restartEmbeddedExamples() : Promise.resolve(false);
  }
}

/**
 * Holds a statement of a database that cannot stop it (PGlite ignores statement_timeout: it has no timer
 * signal) to its time limit: past `timeoutMs` the embedded examples database is restarted, which ends
 * the statement and frees the one session other users' queries wait for; the statement then fails with
 * the time limit's error, as on any other database.
 */
export async function restartPastDeadline<T>(
  restarter: EmbeddedDatabaseRestarter,
  timeoutMs: number,
  statement: Promise<T>,
): Promise<T> {
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    void restarter.restartExamples().catch(() => undefined);
  }, timeoutMs);
  try {
    return await statement;
  } catch (err) {
    throw timedOut ? new EngineTimeoutError(timeoutMs, { cause: err }) : err;
  } finally {
    clearTimeout(timer);
  }
}
