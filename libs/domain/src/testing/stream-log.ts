import { envelopeBatch, HISTORY_UNDONE, type Envelope, type EventLike } from '@strata/events';

/**
 * A stream's log built batch by batch, as the server stores it: one batch per intent, each a minute
 * after the one before, so specs of decisions that read the log (reverts) say who did what, in order.
 */
export class StreamLog<E extends EventLike> {
  readonly events: Envelope[] = [];
  private batches = 0;

  constructor(readonly stream: string) {}

  /** Appends one intent of `actor`; answers its batch id. */
  batch(actor: string, events: readonly E[]): string {
    this.batches += 1;
    const batchId = `batch-${this.batches}`;
    const at = new Date(Date.UTC(2026, 0, 1, 9, this.batches)).toISOString();
    this.events.push(
      ...envelopeBatch(events, { actor, at, batchId }, { stream: this.stream, version: this.events.length + 1 }),
    );
    return batchId;
  }

  /** `actor` undoes their batch `batchId`. */
  undo(actor: string, batchId: string): void {
    this.batch(actor, [{ type: HISTORY_UNDONE, data: { batchId } } as unknown as E]);
  }
}
