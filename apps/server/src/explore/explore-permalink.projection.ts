/** Writes each Explore permalink into `key_value`, inside the append's transaction. */
import { Injectable } from '@nestjs/common';
import type { Envelope } from '@strata/events';
import type { EntityManager } from 'typeorm';
import type { Projection } from '../event-store/event-store.port';
import { EXPLORE_PERMALINK_EVENTS, EXPLORE_PERMALINK_RESOURCE, type ExplorePermalinkCreated } from './explore-permalink.events';

@Injectable()
export class ExplorePermalinkProjection implements Projection {
  readonly name = 'explore_permalink';
  readonly handles = EXPLORE_PERMALINK_EVENTS;

  async apply(tx: EntityManager, envelope: Envelope): Promise<void> {
    const event = envelope as unknown as ExplorePermalinkCreated;
    const actor = Number(envelope.meta.actor);
    await tx.query(
      `INSERT INTO key_value (resource, key, value, created_by_fk, created_on) VALUES ($1, $2, $3::jsonb, $4, $5) ON CONFLICT (resource, key) DO NOTHING`,
      [EXPLORE_PERMALINK_RESOURCE, event.data.key, JSON.stringify(event.data.state), Number.isFinite(actor) ? actor : null, envelope.meta.at],
    );
  }

  async reset(tx: EntityManager): Promise<void> {
    await tx.query(`DELETE FROM key_value WHERE resource = $1`, [EXPLORE_PERMALINK_RESOURCE]);
  }
}
