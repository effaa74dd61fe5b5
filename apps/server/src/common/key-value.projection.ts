/**
 * Read models kept in the shared `key_value` table (permalinks, Explore form data), one resource name
 * each, as folds (projections/CONTEXT.md): the row `(resource, key)` holds what the last event under the
 * key stored. Each instance owns the rows of its resource (its `scope`), so rebuilding one leaves the
 * others' rows alone. `key_value.id` is a serial surrogate no event gives: evolve never sets it, a new row
 * takes the next number and keeps it, and a rebuild renumbers (readers find rows by resource and key).
 */
import type { EnvelopeOf, EventLike } from '@strata/events';
import { actorUserId } from '../event-store/envelope-ids';
import type { FoldProjection } from '../projections/fold-projection';

/** A row of `key_value` (timestamps as ISO text, as `to_jsonb` gives them); `id` is left to the table. */
export interface KeyValueRow<V> {
  resource: string;
  key: string;
  value: V;
  created_by_fk: number | null;
  created_on: string;
  expires_on: string | null;
}

type KeyedEvent = EventLike<string, { key: string }>;

export interface KeyValueKind<E extends KeyedEvent, V> {
  /** The projection's name, which the store rebuilds it by. */
  name: string;
  resource: string;
  handles: readonly E['type'][];
  /** What a reader gets back for the key. */
  value: (data: E['data']) => V;
  /**
   * Days an entry lives after each store, which replaces its value (Explore form data). Unset: the entry
   * is written once and kept for good (a permalink; a replayed event finds its key there).
   */
  ttlDays?: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function keyValueFold<E extends KeyedEvent, V>(
  kind: KeyValueKind<E, V>,
): FoldProjection<KeyValueRow<V>, EnvelopeOf<E>> {
  const { ttlDays } = kind;
  return {
    name: kind.name,
    table: 'key_value',
    // (resource, key) is the table's unique key, the one rows are found and upserted by.
    key: ['resource', 'key'],
    scope: { resource: kind.resource },
    handles: kind.handles,
    rowsOf: (event) => ({ resource: kind.resource, key: event.data.key }),
    evolve(row, event) {
      if (ttlDays === undefined && row) return row;
      const value = kind.value(event.data);
      // The expiry counts from the event's time, so a rebuild gives the same one.
      const expires_on =
        ttlDays === undefined ? null : new Date(Date.parse(event.meta.at) + ttlDays * DAY_MS).toISOString();
      if (row) return { ...row, value, expires_on };
      return {
        resource: kind.resource,
        key: event.data.key,
        value,
        created_by_fk: actorUserId(event),
        created_on: event.meta.at,
        expires_on,
      };
    },
  };
}
