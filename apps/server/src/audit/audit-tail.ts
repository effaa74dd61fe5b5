/**
 * The audit view, live (issue 13 items 1 and 3): a socket subscribes to `audit:all` (admins: every new
 * row) or `audit:<userId>` (that user, or an admin: the rows of that user's events), with the protocol's
 * ordinary `subscribe`. These streams hold nothing in the store: the catch-up is empty (the REST query
 * gives the past) and each committed batch is pushed as `events` whose envelopes carry one audit row each
 * (`type: 'audit/row'`, `data`: the row as `GET /api/v1/audit/` answers it, `version`: its position),
 * newest first like the REST answer.
 *
 * Rights are the gateway's: the read rule is asked on every subscribe and again when the user's roles
 * change, so an admin who loses the role stops receiving. Every process pushes its own sockets the
 * commits it learns of (CommittedEvents carries all processes' commits), so no row is sent twice.
 */
import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { isAdmin, upcastEvents } from '@strata/domain';
import { WIRE_EVENT, type Envelope } from '@strata/events';
import { concatMap, type Subscription } from 'rxjs';
import { CommittedEvents, type CommittedBatch } from '../event-store/committed-events';
import { actorUserId } from '../event-store/envelope-ids';
import { StreamAccessPolicy } from '../realtime/stream-access.policy';
import { StreamFeed } from '../realtime/stream-feed';
import { AuditService, type AuditRow } from './audit.service';

export const AUDIT_ALL = 'audit:all';
export const auditOf = (userId: number) => `audit:${userId}`;
export const AUDIT_ROW = 'audit/row';

@Injectable()
export class AuditTail implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(AuditTail.name);
  private feed?: Subscription;

  constructor(
    private readonly committed: CommittedEvents,
    private readonly streams: StreamFeed,
    private readonly policy: StreamAccessPolicy,
    private readonly audit: AuditService,
  ) {}

  onModuleInit(): void {
    this.policy.register({
      prefix: 'audit',
      canRead: (user, stream) =>
        user.via !== 'guest' && (isAdmin(user) || (stream !== AUDIT_ALL && stream === auditOf(user.id))),
    });
    // One batch after another, so each socket receives rows in log order of their batches.
    this.feed = this.committed.committed$.pipe(concatMap((batch) => this.push(batch))).subscribe();
  }

  onModuleDestroy(): void {
    this.feed?.unsubscribe();
  }

  private async push(batch: CommittedBatch): Promise<void> {
    const actor = actorUserId(batch.events[0]);
    const targets = [AUDIT_ALL, ...(actor === null ? [] : [auditOf(actor)])]
      .map((stream) => ({ stream, sockets: this.streams.liveSockets(stream) }))
      .filter((t) => t.sockets.length > 0);
    if (targets.length === 0) return; // nobody is watching: describe nothing
    try {
      // Read as the REST query reads them (through the upcasters): the rows described here are kept
      // (row-cache.ts) and answer later pages too.
      const rows = await this.audit.rows(upcastEvents([...batch.events]).reverse());
      for (const { stream, sockets } of targets) {
        const events = rows.map((row, i) => asEnvelope(stream, row, i));
        for (const socket of sockets) socket.emit(WIRE_EVENT, { type: 'events', stream, events });
      }
    } catch (error) {
      // A tail that misses a batch is a gap a reload fills (the REST query); it must not stop the tail.
      this.logger.warn(`audit tail: batch of ${batch.stream} not pushed: ${String(error)}`);
    }
  }
}

function asEnvelope(stream: string, row: AuditRow, index: number): Envelope {
  return {
    id: `audit-${row.position}-${index}`,
    stream,
    version: row.position,
    position: row.position,
    type: AUDIT_ROW,
    data: row,
    meta: { actor: row.actor.id === null ? 'system' : String(row.actor.id), at: row.time, batchId: row.batch_id ?? '' },
  } as Envelope;
}
