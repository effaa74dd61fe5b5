/**
 * An object's intents, newest first: one row per batch (one `batchId`, one undo step) over the streams
 * that belong to it (object-kinds.ts `streamsOf`), with its actor, its events read through the upcasters,
 * and whether it was undone (its last `history/undone` is not followed by a `history/redone`).
 */
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { actorUserId } from '../event-store/envelope-ids';
import { EVENT_COLUMNS, toEnvelopes, type EventRow } from '../event-store/event-rows';
import { undoneBatches, usernames } from '../objects/batch-facts';
import { streamsOf, type ObjectKind } from './object-kinds';

/** An event's batch; an event stored without one (none is appended so today) is an intent of its own. */
const BATCH = `coalesce(meta->>'batchId', id::text)`;

export interface HistoryPage {
  page: number;
  page_size: number;
}

export interface IntentEvent {
  stream: string;
  type: string;
  data: unknown;
  version: number;
  position: number;
}

export interface Intent {
  batch_id: string;
  /** The log position of the batch's last event: `?as_of=<position>` shows the object just after it. */
  position: number;
  time: string;
  actor: { id: number | null; username: string | null };
  event_types: string[];
  events: IntentEvent[];
  undone: boolean;
}

@Injectable()
export class HistoryService {
  constructor(private readonly dataSource: DataSource) {}

  async intents(
    kind: ObjectKind,
    id: number,
    { page, page_size }: HistoryPage,
  ): Promise<{ count: number; result: Intent[] }> {
    const streams = streamsOf(kind, id);
    // One scan of the object's events gives the page of batches and how many there are; their events are
    // then one range of positions (the primary key, or the object's (stream, version) index).
    const batches = (await this.dataSource.query(
      `SELECT batch_id, first, last, count(*) OVER ()::int AS total FROM (
         SELECT ${BATCH} AS batch_id, min(position) AS first, max(position) AS last
           FROM events WHERE stream = ANY($1::text[]) GROUP BY 1) b
        ORDER BY last DESC LIMIT $2 OFFSET $3`,
      [streams, page_size, page * page_size],
    )) as { batch_id: string; first: string; last: string; total: number }[];
    if (batches.length === 0) return { count: await this.count(streams), result: [] };
    const count = batches[0]!.total;
    const ids = batches.map((b) => b.batch_id);
    const events = toEnvelopes(
      (await this.dataSource.query(
        `SELECT ${EVENT_COLUMNS} FROM events
          WHERE stream = ANY($1::text[]) AND position BETWEEN $3 AND $4 AND ${BATCH} = ANY($2::text[])
          ORDER BY position`,
        [streams, ids, Math.min(...batches.map((b) => Number(b.first))), Number(batches[0]!.last)],
      )) as EventRow[],
    );
    const [undone, names] = await Promise.all([
      undoneBatches(this.dataSource, ids, streams),
      usernames(this.dataSource, events.map(actorUserId)),
    ]);
    const result = ids.map((batchId): Intent => {
      const own = events.filter((e) => (e.meta.batchId ?? e.id) === batchId);
      const last = own[own.length - 1]!;
      const userId = actorUserId(last);
      return {
        batch_id: batchId,
        position: last.position ?? 0,
        time: last.meta.at,
        actor: { id: userId, username: userId === null ? null : (names.get(userId) ?? null) },
        event_types: [...new Set(own.map((e) => e.type))],
        events: own.map((e) => ({
          stream: e.stream,
          type: e.type,
          data: e.data,
          version: e.version,
          position: e.position ?? 0,
        })),
        undone: undone.has(batchId),
      };
    });
    return { count, result };
  }

  private async count(streams: string[]): Promise<number> {
    const [{ count }] = (await this.dataSource.query(
      `SELECT count(DISTINCT ${BATCH})::int AS count FROM events WHERE stream = ANY($1::text[])`,
      [streams],
    )) as [{ count: number }];
    return count;
  }
}
