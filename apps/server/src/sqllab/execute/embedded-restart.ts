/**
 * Restarting the embedded examples database: how a Stop ends a statement in PGlite, which cannot cancel
 * one (EngineCapabilities.canCancelInDatabase false). A port so the run does not depend on how storage
 * starts its databases; with DATABASE_URL (no embedded database) it answers false and does nothing.
 */
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
