import type { Envelope, EventLike, EventMeta, EnvelopeOf } from '../envelope';

/** Where a batch goes: its stream and the version of its first event. */
export interface StreamSlot {
  stream: string;
  version: number;
}

/**
 * Wraps the events of one intent in envelopes sharing `meta` (one batch). Event ids are derived from
 * the batch id (`<batchId>:<n>`), so the library needs no random source; batch ids must be unique.
 */
export function envelopeBatch<E extends EventLike>(
  events: readonly E[],
  meta: EventMeta,
  slot: StreamSlot,
): EnvelopeOf<E>[] {
  return events.map(
    (event, n) =>
      ({
        id: `${meta.batchId}:${n}`,
        stream: slot.stream,
        version: slot.version + n,
        type: event.type,
        data: event.data,
        meta: { ...meta },
      }) as Envelope as EnvelopeOf<E>,
  );
}

/** The next version after the entries of `stream` in a log (1 for an empty stream). */
export function nextVersion(entries: readonly Envelope[], stream: string): number {
  for (let i = entries.length - 1; i >= 0; i -= 1) {
    if (entries[i]!.stream === stream) return entries[i]!.version + 1;
  }
  return 1;
}

/**
 * Copies of `entries` marked `undoable: false`: what a client does to events it loads or receives from
 * elsewhere, so they never become its user's undo steps. Markers in them still apply (see CONTEXT.md).
 */
export function asHydration(entries: readonly Envelope[]): Envelope[] {
  return entries.map((e) => (e.meta.undoable === false ? e : { ...e, meta: { ...e.meta, undoable: false } }));
}
