import { Logger } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import type { Subscription } from 'rxjs';
import type { CommittedEvents } from './committed-events';
import { EVENT_COLUMNS, rows, toEnvelopes, type EventRow } from './event-rows';
import type { Projection } from './event-store.port';
import { afterPosition, cursorBefore, LOG_ORDER, LOG_START, SAFE_HORIZON, type LogCursor } from './log-order';
import { replayInto } from './replay';

/** First and longest pause before looking again for events committed behind an open transaction. */
const HELD_BACK_FIRST_MS = 5;
const HELD_BACK_LONGEST_MS = 250;

interface Batch {
  read: number;
  checkpoint: LogCursor;
  /** Committed events after the checkpoint that an open older transaction still holds back (log-order.ts). */
  heldBack: boolean;
}

export interface SubscriberOptions {
  /** Safety-net poll for wake-ups that were missed (a dropped LISTEN connection); default 1000 ms. */
  pollMs?: number;
  /** Events read per transaction; default 500. */
  batchSize?: number;
}

/**
 * Runs a projection asynchronously over the whole log in log order (log-order.ts), from a checkpoint kept in
 * `projection_checkpoints`. Each batch is one transaction that locks the checkpoint row, applies the
 * events and moves the checkpoint: the read model and its checkpoint change together, so a crash never
 * applies an event twice or skips one, and two server processes running the same subscriber take turns.
 * Wakes on every committed batch (this process's, and other processes' through LISTEN/NOTIFY) and polls;
 * when committed events are held back behind an open transaction it looks again after a short pause.
 */
export class CheckpointedSubscriber {
  private readonly logger: Logger;
  private readonly pollMs: number;
  private readonly batchSize: number;
  private wakeups?: Subscription;
  private timer?: NodeJS.Timeout;
  private heldBackTimer?: NodeJS.Timeout;
  private heldBackMs = HELD_BACK_FIRST_MS;
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
    clearTimeout(this.heldBackTimer);
    await this.running;
  }

  /**
   * Handles everything committed before the call and returns the checkpoint (tests; read-your-writes
   * waits). Events an older open transaction holds back are waited for, with growing pauses.
   */
  async drain(): Promise<number> {
    const [top] = await rows<{ log_order: string; position: string }>(
      this.dataSource.manager,
      `SELECT log_order::text AS log_order, position FROM events ORDER BY log_order DESC, position DESC LIMIT 1`,
    );
    const target: LogCursor = top ? { logOrder: top.log_order, position: Number(top.position) } : LOG_START;
    let pauseMs = HELD_BACK_FIRST_MS;
    for (;;) {
      const { read, checkpoint } = await this.processBatch();
      if (!cursorBefore(checkpoint, target)) return checkpoint.position;
      if (read === this.batchSize) continue;
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
      pauseMs = Math.min(pauseMs * 2, HELD_BACK_LONGEST_MS);
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
   * until the new one is complete. Appends continue meanwhile; the checkpoint is set to the last event
   * the replay covered (in log order) and the runner takes it from there.
   */
  async rebuild(): Promise<void> {
    await this.dataSource.transaction(async (tx) => {
      await this.lockCheckpoint(tx);
      // Every event below the horizon is final and visible to the replay's later statements, and any
      // other sorts after the last of them (log-order.ts).
      const [{ horizon }] = (await rows<{ horizon: string }>(tx, `SELECT ${SAFE_HORIZON}::text AS horizon`)) as [
        { horizon: string },
      ];
      const [last] = await rows<{ position: string }>(
        tx,
        `SELECT position FROM events WHERE log_order < $1::xid8 ORDER BY log_order DESC, position DESC LIMIT 1`,
        [horizon],
      );
      await this.projection.reset(tx);
      await replayInto(tx, this.projection, horizon);
      await tx.query(`UPDATE projection_checkpoints SET position = $2, updated_at = now() WHERE name = $1`, [
        this.name,
        Number(last?.position ?? 0),
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
      let heldBack = false;
      do {
        this.again = false;
        heldBack = await this.readToTheHorizon();
      } while (this.again && !this.stopped);
      if (heldBack) this.lookAgainSoon();
      else this.heldBackMs = HELD_BACK_FIRST_MS;
    } catch (error) {
      // The failed batch rolled back with its checkpoint; the next wake-up or poll retries it.
      this.logger.error(`failed, will retry: ${error instanceof Error ? error.stack : String(error)}`);
    }
  }

  /** Batches until one is short; true when committed events are still held back behind it. */
  private async readToTheHorizon(): Promise<boolean> {
    for (;;) {
      const { read, heldBack } = await this.processBatch();
      if (read < this.batchSize || this.stopped) return heldBack;
    }
  }

  /** Committed events wait for an older transaction to end (log-order.ts): look again, less often each time. */
  private lookAgainSoon(): void {
    if (this.stopped) return;
    clearTimeout(this.heldBackTimer);
    this.heldBackTimer = setTimeout(() => this.wake(), this.heldBackMs);
    this.heldBackTimer.unref();
    this.heldBackMs = Math.min(this.heldBackMs * 2, HELD_BACK_LONGEST_MS);
  }

  private async processBatch(): Promise<Batch> {
    return this.dataSource.transaction(async (tx) => {
      const from = await this.lockCheckpoint(tx);
      const batch = await rows<EventRow & { log_order: string }>(
        tx,
        `SELECT ${EVENT_COLUMNS}, log_order::text AS log_order FROM events
         WHERE ${afterPosition(1)} AND log_order < ${SAFE_HORIZON} ${LOG_ORDER} LIMIT $2`,
        [from, this.batchSize],
      );
      for (const event of toEnvelopes(batch)) {
        if (this.projection.handles.includes(event.type)) await this.projection.apply(tx, event);
      }
      const last = batch.at(-1);
      const position = last === undefined ? from : Number(last.position);
      if (last !== undefined) {
        await tx.query(`UPDATE projection_checkpoints SET position = $2, updated_at = now() WHERE name = $1`, [
          this.name,
          position,
        ]);
      }
      const [cursor] = await rows<{ log_order: string; held_back: boolean }>(
        tx,
        `SELECT coalesce((SELECT log_order FROM events WHERE position = $1), '0'::xid8)::text AS log_order,
                EXISTS (SELECT 1 FROM events WHERE ${afterPosition(1)} AND log_order >= ${SAFE_HORIZON}) AS held_back`,
        [position],
      );
      return { read: batch.length, checkpoint: { logOrder: cursor!.log_order, position }, heldBack: cursor!.held_back };
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
