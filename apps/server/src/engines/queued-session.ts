/**
 * A session holding one of its engine's slots (connection-queue.ts): everything goes to the engine's
 * own session, and release() frees the slot once the connection is back in (or gone from) the pool,
 * whichever way the session ends.
 */
import type { ReleaseSlot } from './connection-queue';
import type {
  BeginOptions,
  EngineSession,
  ResultSet,
  RowsHandler,
  StatementOptions,
  StreamedStatement,
} from './query-engine';

export class QueuedSession implements EngineSession {
  readonly backendId: string;

  constructor(
    private readonly inner: EngineSession,
    private readonly releaseSlot: ReleaseSlot,
  ) {
    this.backendId = inner.backendId;
  }

  begin(options: BeginOptions): Promise<void> {
    return this.inner.begin(options);
  }

  execute(sql: string, options?: StatementOptions): Promise<ResultSet> {
    return this.inner.execute(sql, options);
  }

  stream(
    sql: string,
    options: StatementOptions & { batchRows?: number },
    onRows: RowsHandler,
  ): Promise<StreamedStatement> {
    return this.inner.stream(sql, options, onRows);
  }

  commit(): Promise<void> {
    return this.inner.commit();
  }

  rollback(): Promise<void> {
    return this.inner.rollback();
  }

  cancel(): Promise<void> {
    return this.inner.cancel();
  }

  async release(): Promise<void> {
    try {
      await this.inner.release();
    } finally {
      this.releaseSlot();
    }
  }
}
