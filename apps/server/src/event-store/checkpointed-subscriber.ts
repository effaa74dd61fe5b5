import { Logger } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import type { Subscription } from 'rxjs';
import type { CommittedEvents } from './committed-events';
import { EVENT_COLUMNS, rows, toEnvelopes, type EventRow } from './event-rows';
import type { Projection } from './event-store.port';
import { replayInto } from './replay';

export interface SubscriberOptions {
  /** Safety-net poll for wake-ups that were missed (a dropped LISTEN connection); default 1000 ms. */
  pollMs?: number;
  /** Events read per transaction; default 500. */
  batchSize?: number;
}

/**
 * Runs a projection asynchronously over the whole log in position order, from a checkpoint kept in
 * `projection_checkpoints`. Each batch is one transaction that locks the checkpoint row, applies the
 * events and moves the checkpoint: the read model and its checkpoint change together, so a crash never
 * applies an event twice or skips one, and two server processes running the same subscriber take turns.
 * Wakes on every committed batch (this process's, and other processes' through LISTEN/NOTIFY) and polls.
 */
export class CheckpointedSubscriber {
  private readonly logger: Logger;
  private readonly pollMs: number;
  private readonly batchSize: number;
  private wakeups?: Subscription;
  private timer?: NodeJS.Timeout;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;

  constructor(
    private readonly dataSource: DataSource,
    private readonly committed: CommittedEvents,
    readonly projection: Projection,
    options: SubscriberOptions = {},
  ) {
    this.logger = new Logger(`Subscriber ${projection.name}`);
    this.pollMs = options.pollMs ?? 1000;
    this.batchSize = options.batchSize ?? 500;
  }

  get name(): string {
    return this.projection.name;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.wakeups = this.committed.committed$.subscribe((batch) => {
      if (batch.events.some((e) => this.projection.handles.includes(e.type))) this.wake();
    });
    this.timer = setInterval(() => this.wake(), this.pollMs);
    this.timer.unref();
    this.wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wakeups?.unsubscribe();
    clearInterval(this.timer);
    await this.running;
  }

  /** Handles everything committed so far and returns the checkpoint (tests; read-your-writes waits). */
  async drain(): Promise<number> {
    for (;;) {
      const { read, checkpoint } = await this.processBatch();
      if (read < this.batchSize) return checkpoint;
    }
  }

  async checkpoint(): Promise<number> {
    const [row] = await rows<{ position: string }>(
      this.dataSource.manager,
      `SELECT position FROM projection_checkpoints WHERE name = $1`,
      [this.name],
    );
    return Number(row?.position ?? 0);
  }

  /**
   * Empties the read model and replays the log into it in one transaction, so readers see the old model
   * until the new one is complete. Appends continue meanwhile; the checkpoint is set to the last position
   * the replay covered and the runner takes it from there.
   */
  async rebuild(): Promise<void> {
    await this.dataSource.transaction(async (tx) => {
      await this.lockCheckpoint(tx);
      // Every event up to `end` is committed and visible to the replay's later statements: appends hand
      // out positions in commit order (see append-events.ts), so nothing below `end` can still appear.
      const [top] = await rows<{ position: string | null }>(tx, `SELECT max(position) AS position FROM events`);
      const end = Number(top?.position ?? 0);
      await this.projection.reset(tx);
      await replayInto(tx, this.projection, end);
      await tx.query(`UPDATE projection_checkpoints SET position = $2, updated_at = now() WHERE name = $1`, [
        this.name,
        end,
      ]);
    });
  }

  private wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true; // something committed while a pass was reading: take one more pass after it
      return;
    }
    this.running = this.catchUp().finally(() => {
      this.running = null;
    });
  }

  private async catchUp(): Promise<void> {
    try {
      do {
        this.again = false;
        await this.drain();
      } while (this.again && !this.stopped);
    } catch (error) {
      // The failed batch rolled back with its checkpoint; the next wake-up or poll retries it.
      this.logger.error(`failed, will retry: ${error instanceof Error ? error.stack : String(error)}`);
    }
  }

  private async processBatch(): Promise<{ read: number; checkpoint: number }> {
    return this.dataSource.transaction(async (tx) => {
      const from = await this.lockCheckpoint(tx);
      const batch = await rows<EventRow>(
        tx,
        `SELECT ${EVENT_COLUMNS} FROM events WHERE position > $1 ORDER BY position LIMIT $2`,
        [from, this.batchSize],
      );
      for (const event of toEnvelopes(batch)) {
        if (this.projection.handles.includes(event.type)) await this.projection.apply(tx, event);
      }
      const last = batch.at(-1);
      if (last === undefined) return { read: 0, checkpoint: from };
      await tx.query(`UPDATE projection_checkpoints SET position = $2, updated_at = now() WHERE name = $1`, [
        this.name,
        last.position,
      ]);
      return { read: batch.length, checkpoint: Number(last.position) };
    });
  }

  /** Creates the checkpoint on first use and locks it for the transaction; returns its position. */
  private async lockCheckpoint(tx: EntityManager): Promise<number> {
    await tx.query(`INSERT INTO projection_checkpoints (name, position) VALUES ($1, 0) ON CONFLICT (name) DO NOTHING`, [
      this.name,
    ]);
    const [row] = await rows<{ position: string }>(
      tx,
      `SELECT position FROM projection_checkpoints WHERE name = $1 FOR UPDATE`,
      [this.name],
    );
    return Number(row!.position);
  }
}
