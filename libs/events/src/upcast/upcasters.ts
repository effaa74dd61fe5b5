/**
 * Stored events are never rewritten (DESIGN.md "Events"): when an event type is renamed or its payload
 * changes, the old events stay in the log as they were written and are turned into today's events when
 * they are read, by the server's store and by the client (socket, REST history, imported time-travel
 * files). An upcaster is keyed by the old type it reads and returns today's event or events.
 */
import type { Envelope, EventLike, EventMeta } from '../envelope';

/**
 * Reads one old event as today's. Pure. Returning several events splits a catch-all event (`{changes}`)
 * into the intent events it stood for; they keep the old event's stream, version, position and meta.
 */
export type Upcast = (event: EventLike, meta: EventMeta) => EventLike | readonly EventLike[];

/** Upcasters keyed by the old event type they read. */
export type UpcasterMap = Readonly<Record<string, Upcast>>;

export interface Upcaster {
  <T extends Envelope>(envelopes: readonly T[]): T[];
  /** The old types it reads: a reader that selects stored events by type must select these too. */
  readonly oldTypes: readonly string[];
}

/** Applies `maps` (merged; a type may appear in only one) to envelopes as they are read. */
export function createUpcaster(...maps: UpcasterMap[]): Upcaster {
  const byType = new Map<string, Upcast>();
  for (const map of maps) {
    for (const [type, upcast] of Object.entries(map)) {
      if (byType.has(type)) throw new Error(`Two upcasters read the event type ${type}.`);
      byType.set(type, upcast);
    }
  }
  // Each upcaster applies at most once on an event's path, so one that keeps the type (a payload
  // reshaped in place) or two that hand an event back and forth cannot loop.
  const expand = (event: EventLike, meta: EventMeta, applied: ReadonlySet<string>): EventLike[] => {
    const upcast = byType.get(event.type);
    if (!upcast || applied.has(event.type)) return [event];
    const next = new Set(applied).add(event.type);
    return ([] as EventLike[]).concat(upcast(event, meta)).flatMap((e) => expand(e, meta, next));
  };
  const upcastOne = <T extends Envelope>(envelope: T): T[] => {
    if (!byType.has(envelope.type)) return [envelope];
    const events = expand({ type: envelope.type, data: envelope.data }, envelope.meta, new Set());
    // A stored event is never dropped: a stream's last version is what the next append expects.
    if (events.length === 0) return [envelope];
    return events.map((event, n) => ({
      ...envelope,
      id: n === 0 ? envelope.id : `${envelope.id}.${n}`,
      type: event.type,
      data: event.data,
    }));
  };
  const upcast = <T extends Envelope>(envelopes: readonly T[]): T[] =>
    byType.size === 0 ? [...envelopes] : envelopes.flatMap(upcastOne);
  return Object.assign(upcast, { oldTypes: [...byType.keys()] });
}
