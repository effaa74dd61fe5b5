/** Keeps `dashboard_favorites` equal to the fold of the `dashboard-favorites:<id>` streams. */
import { Injectable } from '@nestjs/common';
import type { Envelope } from '@strata/events';
import type { EntityManager } from 'typeorm';
import type { Projection } from '../event-store/event-store.port';
import { DASHBOARD_FAVORITE_EVENTS, type DashboardFavoriteEvent } from '@strata/domain';

@Injectable()
export class DashboardFavoritesProjection implements Projection {
  readonly name = 'dashboard_favorites';
  readonly handles = DASHBOARD_FAVORITE_EVENTS;

  async apply(tx: EntityManager, envelope: Envelope): Promise<void> {
    const event = envelope as unknown as DashboardFavoriteEvent;
    const id = Number(envelope.stream.slice(envelope.stream.indexOf(':') + 1));
    if (event.type === 'dashboard/favorited') {
      await tx.query(
        `INSERT INTO dashboard_favorites (dashboard_id, user_id, created_on) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
        [id, event.data.userId, envelope.meta.at],
      );
    } else {
      await tx.query(`DELETE FROM dashboard_favorites WHERE dashboard_id = $1 AND user_id = $2`, [
        id,
        event.data.userId,
      ]);
    }
  }

  async reset(tx: EntityManager): Promise<void> {
    await tx.query(`DELETE FROM dashboard_favorites`);
  }
}
