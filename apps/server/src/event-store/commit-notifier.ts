/**
 * Tells other server processes about committed appends (event-notifications.ts listens), after COMMIT.
 *
 * WHY NOT IN THE APPEND: a transaction that has sent NOTIFY takes one cluster-wide lock at commit and
 * holds it through its commit record's flush (PostgreSQL 15's PreCommit_Notify), so appends that NOTIFY
 * commit one at a time, whatever else they share: eight writers were no faster than one. Measured with
 * pgbench on the append statement: 8 clients without NOTIFY about 8 times one client's rate, with it
 * below one client's.
 *
 * SO: the appending process sends the notifications itself once its commit has returned, several in one
 * statement when they pile up, in a transaction that does not wait for its flush (a notification is a
 * wake-up, not data: the events are durable already, and receivers read them back from the table). A
 * process that dies between its COMMIT and this statement loses the wake-up, as a listener whose
 * connection is down loses it: checkpointed subscribers poll, and socket clients catch up when they
 * resubscribe.
 */
import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { EVENTS_CHANNEL, type EventsNotification } from './event-rows';

/** Notifications per statement (each payload is small; this keeps one statement's work bounded). */
const PER_STATEMENT = 200;

/**
 * How long a notification waits for others to share its statement. Every NOTIFY transaction
 * takes the cluster-wide notify lock and writes a commit record: one per many appends instead of one per
 * append leaves that work to the appends (sent at once, it was a quarter of the command path's time in
 * apps/bench; 5 ms against 50 ms still showed). Other processes learn of a commit this much later; their
 * users see it well within the second the co-editing checks allow.
 */
const GATHER_MS = 20;

export class CommitNotifier {
  private readonly logger = new Logger(CommitNotifier.name);
  private queue: string[] = [];
  private sending: Promise<void> | null = null;

  constructor(private readonly dataSource: DataSource) {}

  /** Queues a notification for a committed append; sent in order, without making the caller wait. */
  notify(note: EventsNotification): void {
    this.queue.push(JSON.stringify(note));
    this.sending ??= this.gatherThenSend().finally(() => (this.sending = null));
  }

  /** Resolves once every queued notification has been sent (shutdown, tests). */
  async sent(): Promise<void> {
    while (this.sending) await this.sending;
  }

  private async gatherThenSend(): Promise<void> {
    while (this.queue.length > 0) {
      await new Promise((resolve) => setTimeout(resolve, GATHER_MS));
      const batch = this.queue.splice(0, PER_STATEMENT);
      try {
        await this.dataSource.query(
          `SELECT (SELECT set_config('synchronous_commit', 'off', true)),
                  (SELECT count(pg_notify($1, payload) ORDER BY i) FROM unnest($2::text[]) WITH ORDINALITY AS n(payload, i))`,
          [EVENTS_CHANNEL, batch],
        );
      } catch (error) {
        // The events are committed; only other processes' wake-up is lost (their subscribers poll).
        this.logger.warn(`NOTIFY of ${batch.length} appends failed: ${(error as Error).message}`);
      }
    }
  }
}
