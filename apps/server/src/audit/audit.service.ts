/**
 * The audit view of the event log (issue 13 item 1): one row per event, newest first by log position,
 * read through the upcasters (old types read as today's), with who did it, the object it touched and its
 * name then, a readable summary, the payload without secrets, its intent (batch) and whether that intent
 * was undone since. Who may ask for what is the controller's to check.
 */
import { Injectable } from '@nestjs/common';
import type { Envelope } from '@strata/events';
import { DataSource } from 'typeorm';
import { actorUserId } from '../event-store/envelope-ids';
import { toEnvelopes, type EventRow } from '../event-store/event-rows';
import { undoneBatches, usernames } from '../objects/batch-facts';
import { auditWhere } from './audit-filter';
import { objectOfEvent, type AuditObjectRef } from './audit-objects';
import type { AuditQuery } from './audit-query';
import { PageContext } from './page-context';
import { redact } from './redact';
import { AuditRowCache, WHO, type Described } from './row-cache';

export interface AuditActor {
  /** The user's id; null for the system and for embedded guests (who have none). */
  id: number | null;
  username: string | null;
  /** Set for an embedded guest: the name the embedding host gave it (never the token). */
  guest?: true;
}

export interface AuditRow {
  position: number;
  time: string;
  actor: AuditActor;
  object: (AuditObjectRef & { name: string | null }) | null;
  type: string;
  summary: string;
  payload: unknown;
  batch_id: string | null;
  undone: boolean;
}

const GUEST_PREFIX = 'guest:';

@Injectable()
export class AuditService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly described: AuditRowCache,
  ) {}

  async query(q: AuditQuery): Promise<{ count: number; result: AuditRow[] }> {
    const where = auditWhere(q);
    const n = where.params.length;
    const [[{ count }], found] = await Promise.all([
      this.dataSource.query(`SELECT count(*)::int AS count FROM events WHERE ${where.sql}`, where.params) as Promise<
        [{ count: number }]
      >,
      // The page's positions first (index-only for an actor, an index scan for an object), then only
      // those rows: a deep page never reads the payloads of the rows it skips.
      this.dataSource.query(
        `WITH page AS (
           SELECT position FROM events WHERE ${where.sql} ORDER BY ${where.order} DESC LIMIT $${n + 1} OFFSET $${n + 2}
         )
         SELECT e.position, e.id, e.stream, e.version, e.type, e.data, e.meta
           FROM page JOIN events e USING (position) ORDER BY e.position DESC`,
        [...where.params, q.page_size, q.page * q.page_size],
      ) as Promise<EventRow[]>,
    ]);
    return { count, result: await this.rows(toEnvelopes(found)) };
  }

  /** Audit rows of events already read (newest first): also what a live tail pushes. */
  async rows(events: readonly Envelope[]): Promise<AuditRow[]> {
    if (events.length === 0) return [];
    const objects = events.map(objectOfEvent);
    const [described, names, undone] = await Promise.all([
      this.describe(events),
      usernames(this.dataSource, events.map(actorUserId)),
      undoneBatches(
        this.dataSource,
        events.map((e) => e.meta.batchId).filter((id): id is string => typeof id === 'string'),
      ),
    ]);
    const actorOf = (event: Envelope): AuditActor => {
      const actor = String(event.meta.actor);
      if (actor.startsWith(GUEST_PREFIX)) return { id: null, username: actor.slice(GUEST_PREFIX.length), guest: true };
      const id = Number(actor);
      if (!Number.isInteger(id)) return { id: null, username: null };
      return { id, username: names.get(id) ?? null };
    };
    const who = (event: Envelope) => {
      const actor = actorOf(event);
      if (actor.guest) return `${actor.username} (guest)`;
      if (actor.id === null) return 'Strata';
      return actor.username ?? `user ${actor.id}`;
    };
    return events.map((event, i): AuditRow => {
      const object = objects[i];
      const { summary, objectName } = described.get(event.id)!;
      return {
        position: event.position ?? 0,
        time: event.meta.at,
        actor: actorOf(event),
        object: object === null ? null : { ...object, name: objectName },
        type: event.type,
        summary: summary.split(WHO).join(who(event)),
        payload: redact(event.data),
        batch_id: event.meta.batchId ?? null,
        undone: event.meta.batchId !== undefined && undone.has(event.meta.batchId),
      };
    });
  }

  /** Each event's summary and object name then: kept ones, and the others read once (row-cache.ts). */
  private async describe(events: readonly Envelope[]): Promise<Map<string, Described>> {
    const out = new Map<string, Described>();
    const missing: Envelope[] = [];
    for (const event of events) {
      const kept = this.described.get(event.id);
      if (kept === undefined) missing.push(event);
      else out.set(event.id, kept);
    }
    if (missing.length === 0) return out;
    const context = await PageContext.load(this.dataSource, missing);
    for (const [id, described] of context.describe(missing)) {
      this.described.set(id, described);
      out.set(id, described);
    }
    return out;
  }
}
