import type { EntityManager } from 'typeorm';
import { upcastEvents } from '@strata/domain';
import { EVENT_COLUMNS, rows, toEnvelopes, type EventRow } from './event-rows';
import type { Projection } from './event-store.port';

const REPLAY_PAGE = 1000;

/**
 * Feeds a projection every event of the types it handles, in position order, up to `end` inclusive
 * (default: everything visible). Pages through the (type, position) index so memory stays flat on a
 * large log. Returns the number of events applied.
 */
export async function replayInto(
  tx: EntityManager,
  projection: Projection,
  end = Number.MAX_SAFE_INTEGER,
): Promise<number> {
  if (projection.handles.length === 0) return 0;
  let after = 0;
  let applied = 0;
  for (;;) {
    const page = await rows<EventRow>(
      tx,
      `SELECT ${EVENT_COLUMNS} FROM events WHERE type = ANY($1) AND position > $2 AND position <= $3 ORDER BY position LIMIT $4`,
      // Old types are read too: upcast, they may be events the projection handles.
      [[...projection.handles, ...upcastEvents.oldTypes], after, end, REPLAY_PAGE],
    );
    for (const event of toEnvelopes(page)) {
      if (projection.handles.includes(event.type)) await projection.apply(tx, event);
    }
    applied += page.length;
    if (page.length < REPLAY_PAGE) return applied;
    after = Number(page.at(-1)!.position);
  }
}
