/** Writes each dashboard permalink into `key_value` under its own resource name, in the append's transaction. */
import { Injectable } from '@nestjs/common';
import type { Envelope } from '@strata/events';
import type { EntityManager } from 'typeorm';
import type { Projection } from '../event-store/event-store.port';
import { DASHBOARD_PERMALINK_RESOURCE, type DashboardPermalinkCreated } from './dashboard.events';

@Injectable()
export class DashboardPermalinkProjection implements Projection {
  readonly name = 'dashboard_permalink';
  readonly handles = ['dashboard/permalinkCreated'] as const;

  async apply(tx: EntityManager, envelope: Envelope): Promise<void> {
    const event = envelope as unknown as DashboardPermalinkCreated;
    const actor = Number(envelope.meta.actor);
    const value = { dashboardId: event.data.dashboardId, state: event.data.state };
    await tx.query(
      `INSERT INTO key_value (resource, key, value, created_by_fk, created_on) VALUES ($1, $2, $3::jsonb, $4, $5) ON CONFLICT (resource, key) DO NOTHING`,
      [DASHBOARD_PERMALINK_RESOURCE, event.data.key, JSON.stringify(value), Number.isFinite(actor) ? actor : null, envelope.meta.at],
    );
  }

  async reset(tx: EntityManager): Promise<void> {
    await tx.query(`DELETE FROM key_value WHERE resource = $1`, [DASHBOARD_PERMALINK_RESOURCE]);
  }
}
