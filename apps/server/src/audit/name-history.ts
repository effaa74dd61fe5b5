/**
 * An object's names as they were at given log positions, reading as few events as exactness allows.
 *
 * PROBLEM (issue 13 item 6): a row needs only the last name its object had before it, but the name
 * stream's events are spread over the whole log: reading a chart's 50 events for its name cost about 50
 * random page reads, about 1,000 for a page of 25 rows (170 to 190 ms of disk time on a 1,000,000-event log).
 * SOLUTION: per name stream, walk back from the oldest position asking to the last event whose stored
 * payload has the name's key (`since`), and read from there on only the events that may set the name:
 * those with the key, and those of an old type an upcaster may turn into anything. Every position
 * asked is after `since`, so the names before it make no difference. When the event at `since` turns
 * out not to name it once upcast (a null name), that stream is read from its start instead.
 */
import { upcastEvents } from '@strata/domain';
import type { DataSource } from 'typeorm';
import { toEnvelopes, versionAtPosition, type EventRow } from '../event-store/event-rows';

/** A name's history on one stream: [position, name after that event], in position order. */
export type NameChanges = [number, string][];

/** Names needed on `stream` (under `key` in its events' data) at positions `from` to `upto`. */
export interface NameNeed {
  stream: string;
  key: string;
  from: number;
  upto: number;
}

export async function readNameChanges(
  dataSource: DataSource,
  needs: readonly NameNeed[],
): Promise<{ changes: Map<string, NameChanges>; eventsRead: number }> {
  const first = await read(dataSource, needs);
  // A stream whose `since` event names nothing once upcast: read again from its start.
  const again = needs.filter((n) => {
    const since = first.since.get(n.stream) ?? 0;
    return since > 0 && !(first.changes.get(n.stream) ?? []).some(([at]) => at === since);
  });
  if (again.length === 0) return first;
  const second = await read(
    dataSource,
    again.map((n) => ({ ...n, from: 0 })),
  );
  for (const [stream, changes] of second.changes) first.changes.set(stream, changes);
  return { changes: first.changes, eventsRead: first.eventsRead + second.eventsRead };
}

async function read(dataSource: DataSource, needs: readonly NameNeed[]) {
  const found =
    needs.length === 0
      ? []
      : ((await dataSource.query(
          // Each part LATERAL and fenced (OFFSET 0), so each stream is first walked back to `since`, then
          // read from there: left free, the planner read every event of the streams and applied `since`
          // after (230 ms for 22 charts), or hash-joined a scan of the whole log (a second).
          `SELECT e.*, l.since
             FROM unnest($1::text[], $2::text[], $3::bigint[], $4::bigint[]) AS w(stream, key, from_, upto)
            CROSS JOIN LATERAL (
              SELECT coalesce(max(position), 0) AS since, coalesce(max(version), 0) AS since_version FROM (
                SELECT position, version FROM events
                 WHERE stream = w.stream AND version <= ${versionAtPosition('w.stream', 'w.from_ - 1')} AND data ? w.key
                 ORDER BY version DESC LIMIT 1) last
              OFFSET 0
            ) l
            CROSS JOIN LATERAL (
              SELECT position, id, stream, version, type, data, meta FROM events
               WHERE stream = w.stream AND version >= l.since_version
                 AND version <= ${versionAtPosition('w.stream', 'w.upto')}
                 AND (data ? w.key OR type = ANY($5::text[]))
              OFFSET 0
            ) e`,
          [
            needs.map((n) => n.stream),
            needs.map((n) => n.key),
            needs.map((n) => n.from),
            needs.map((n) => n.upto),
            upcastEvents.oldTypes,
          ],
        )) as (EventRow & { since: string })[]);
  found.sort((a, b) => Number(a.position) - Number(b.position));
  const since = new Map(found.map((row) => [row.stream, Number(row.since)]));
  const keyOf = new Map(needs.map((n) => [n.stream, n.key]));
  const changes = new Map<string, NameChanges>();
  const events = toEnvelopes(found);
  for (const event of events) {
    const name = (event.data as Record<string, unknown> | null)?.[keyOf.get(event.stream)!];
    if (typeof name !== 'string') continue;
    if (!changes.has(event.stream)) changes.set(event.stream, []);
    changes.get(event.stream)!.push([event.position ?? 0, name]);
  }
  return { changes, since, eventsRead: events.length };
}
