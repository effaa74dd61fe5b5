import type { EntityManager } from 'typeorm';
import { upcastEvents } from '@strata/domain';
import { EVENT_COLUMNS, rows, toEnvelopes, type EventRow } from './event-rows';
import type { Projection } from './event-store.port';
import { LOG_ORDER, LOG_START, type LogCursor } from './log-order';

const REPLAY_PAGE = 1000;

/**
 * Feeds a projection every event of the types it handles, in log order (log-order.ts), with `log_order`
 * below `horizon` (xid8 text, from `SAFE_HORIZON`; null: every event visible to `tx`). Pages through the
 * (log_order, position) index so memory stays flat on a large log. Returns the number of events applied.
 */
export async function replayInto(tx: EntityManager, projection: Projection, horizon: string | null): Promise<number> {
  if (projection.handles.length === 0) return 0;
  let after: LogCursor = LOG_START;
  let applied = 0;
  for (;;) {
    const page = await rows<EventRow & { log_order: string }>(
      tx,
      `SELECT ${EVENT_COLUMNS}, log_order::text AS log_order FROM events
       WHERE type = ANY($1) AND (log_order, position) > ($2::xid8, $3) AND ($4::xid8 IS NULL OR log_order < $4::xid8)
       ${LOG_ORDER} LIMIT $5`,
      // Old types are read too: upcast, they may be events the projection handles.
      [[...projection.handles, ...upcastEvents.oldTypes], after.logOrder, after.position, horizon, REPLAY_PAGE],
    );
    for (const event of toEnvelopes(page)) {
      if (projection.handles.includes(event.type)) await projection.apply(tx, event);
    }
    applied += page.length;
    if (page.length < REPLAY_PAGE) return applied;
    const last = page.at(-1)!;
    after = { logOrder: last.log_order, position: Number(last.position) };
  }
}
