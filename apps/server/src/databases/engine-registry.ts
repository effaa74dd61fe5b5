/**
 * One QueryEngine (one pool) per database, built from its `databases` row with the decrypted password.
 * Cached per id and changed_on: an update (settings or password, in this process or another) gives a
 * fresh engine and the old pool is closed. Closed on delete and at shutdown.
 */
import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { createEngine } from '../engines/create-engine';
import { EngineError, type ConnectionSpec, type QueryEngine } from '../engines/query-engine';
import { DatabasesService } from './databases.service';

interface Cached {
  key: string;
  engine: Promise<QueryEngine>;
}

@Injectable()
export class EngineRegistry implements OnApplicationShutdown {
  private readonly engines = new Map<number, Cached>();

  constructor(private readonly databases: DatabasesService) {}

  async forDatabase(databaseId: number): Promise<QueryEngine> {
    const row = await this.databases.find(databaseId);
    if (!row) {
      this.invalidate(databaseId);
      throw new EngineError('Database not found.', 'DATABASE_NOT_FOUND_ERROR', 404);
    }
    const key = `${row.changed_on}|${row.uri}`;
    const cached = this.engines.get(databaseId);
    if (cached?.key === key) return cached.engine;
    this.invalidate(databaseId);
    const engine = this.databases.connectionSpec(row).then(createEngine);
    engine.catch(() => {
      if (this.engines.get(databaseId)?.engine === engine) this.engines.delete(databaseId);
    });
    this.engines.set(databaseId, { key, engine });
    return engine;
  }

  /** A new engine for a connection that is not saved (test connection). The caller closes it. */
  fromSpec(spec: ConnectionSpec): QueryEngine {
    return createEngine(spec);
  }

  /** Closes the database's engine (after an update or delete); the next forDatabase builds a new one. */
  invalidate(databaseId: number): void {
    const cached = this.engines.get(databaseId);
    if (!cached) return;
    this.engines.delete(databaseId);
    // Runs that hold a session keep their client until they release it; pool.end waits for them.
    void cached.engine.then((e) => e.close()).catch(() => undefined);
  }

  async onApplicationShutdown(): Promise<void> {
    const all = [...this.engines.values()];
    this.engines.clear();
    await Promise.all(all.map((c) => c.engine.then((e) => e.close()).catch(() => undefined)));
  }
}
