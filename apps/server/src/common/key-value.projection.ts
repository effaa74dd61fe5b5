/**
 * Read models kept in the shared `key_value` table (permalinks, Explore form data), one resource name
 * each: a subclass says which events it handles and which key and value an event writes.
 */
import type { Envelope } from '@strata/events';
import type { EntityManager } from 'typeorm';
import { actorUserId } from '../event-store/envelope-ids';
import type { Projection } from '../event-store/event-store.port';

export interface KeyValueEntry {
  key: string;
  value: unknown;
}

export abstract class KeyValueProjection implements Projection {
  abstract readonly name: string;
  abstract readonly handles: readonly string[];
  protected abstract readonly resource: string;
  /** Days an entry lives; unset keeps it for good. */
  protected readonly ttlDays?: number;

  protected abstract entry(envelope: Envelope): KeyValueEntry;

  async apply(tx: EntityManager, envelope: Envelope): Promise<void> {
    const { key, value } = this.entry(envelope);
    const row = [this.resource, key, JSON.stringify(value), actorUserId(envelope), envelope.meta.at];
    if (this.ttlDays === undefined) {
      // Permalinks are immutable: a replayed event finds its key already there.
      await tx.query(
        `INSERT INTO key_value (resource, key, value, created_by_fk, created_on) VALUES ($1, $2, $3::jsonb, $4, $5) ON CONFLICT (resource, key) DO NOTHING`,
        row,
      );
      return;
    }
    await tx.query(
      `INSERT INTO key_value (resource, key, value, created_by_fk, created_on, expires_on) VALUES ($1, $2, $3::jsonb, $4, $5, $5::timestamptz + make_interval(days => $6::int))
       ON CONFLICT (resource, key) DO UPDATE SET value = EXCLUDED.value, expires_on = EXCLUDED.expires_on`,
      [...row, this.ttlDays],
    );
  }

  async reset(tx: EntityManager): Promise<void> {
    await tx.query(`DELETE FROM key_value WHERE resource = $1`, [this.resource]);
  }
}
