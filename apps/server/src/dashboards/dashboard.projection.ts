/**
 * Keeps `dashboards` and `dashboard_slices` equal to the fold of the `dashboard:<id>` streams, in the
 * append's transaction. `rebuild('dashboards')` alone restores everything, saved layouts included
 * (`dashboard/layoutPublished`).
 */
import { Injectable } from '@nestjs/common';
import type { Envelope } from '@strata/events';
import type { EntityManager } from 'typeorm';
import { actorUserId, streamNumber } from '../event-store/envelope-ids';
import type { Projection } from '../event-store/event-store.port';
import {
  DASHBOARD_COLOR_EVENTS,
  DASHBOARD_EVENTS,
  type DashboardColorsSynced,
  type DashboardEvent,
} from './dashboard.events';
import { appendChart, chartIdsOf, removeChart, type Layout } from './layout';

@Injectable()
export class DashboardProjection implements Projection {
  readonly name = 'dashboards';
  // Colour syncs come from `dashboard-colors:<id>` and land in the same row (rebuilt together).
  readonly handles = [...DASHBOARD_EVENTS, ...DASHBOARD_COLOR_EVENTS];

  async apply(tx: EntityManager, envelope: Envelope): Promise<void> {
    const event = envelope as unknown as DashboardEvent | DashboardColorsSynced;
    const by = actorUserId(envelope);
    const id = streamNumber(envelope.stream);
    // Every change stamps who, when and the stream version (what a writer sends back as `version`).
    const touch = (set: string, values: unknown[]) =>
      tx.query(
        `UPDATE dashboards SET ${set}${set ? ', ' : ''}changed_on = $${values.length + 1}, changed_by_fk = $${values.length + 2}, version = $${values.length + 3} WHERE id = $${values.length + 4}`,
        [...values, envelope.meta.at, by, envelope.version, id],
      );
    switch (event.type) {
      case 'dashboard/dashboardCreated': {
        const d = event.data;
        await tx.query(
          `INSERT INTO dashboards (id, dashboard_title, slug, owners, position_json, json_metadata, css, published, certified_by, certification_details,
             created_by_fk, changed_by_fk, created_on, changed_on, version, roles)
           VALUES ($1, $2, $3, $4::int[], $5::jsonb, $6::jsonb, $7, $8, $9, $10, $11, $11, $12, $12, $13, $14::text[])`,
          [
            d.id,
            d.dashboard_title,
            d.slug,
            d.owners,
            JSON.stringify(d.position_json),
            JSON.stringify(d.json_metadata),
            d.css,
            d.published,
            d.certified_by,
            d.certification_details,
            by,
            envelope.meta.at,
            envelope.version,
            d.roles ?? [],
          ],
        );
        // A copy starts with its source's layout and charts.
        const charts = [...new Set(chartIdsOf(d.position_json))];
        if (charts.length > 0)
          await tx.query(
            `INSERT INTO dashboard_slices (dashboard_id, slice_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING`,
            [d.id, charts],
          );
        return;
      }
      case 'dashboard/chartAdded':
      case 'dashboard/chartRemoved': {
        const [row] = (await tx.query(`SELECT position_json FROM dashboards WHERE id = $1`, [id])) as {
          position_json: Layout;
        }[];
        if (!row) return;
        const layout =
          event.type === 'dashboard/chartAdded'
            ? appendChart(row.position_json, event.data, event.data)
            : removeChart(row.position_json, event.data.chartId);
        await touch(`position_json = $1::jsonb`, [JSON.stringify(layout)]);
        if (event.type === 'dashboard/chartAdded') {
          await tx.query(
            `INSERT INTO dashboard_slices (dashboard_id, slice_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
            [id, event.data.chartId],
          );
        } else {
          await tx.query(`DELETE FROM dashboard_slices WHERE dashboard_id = $1 AND slice_id = $2`, [
            id,
            event.data.chartId,
          ]);
        }
        return;
      }
      case 'dashboard/propertiesUpdated': {
        const d = event.data;
        await touch(
          `dashboard_title = $1, slug = $2, owners = $3::int[], json_metadata = $4::jsonb, css = $5, published = $6, certified_by = $7, certification_details = $8, roles = $9::text[]`,
          [
            d.dashboard_title,
            d.slug,
            d.owners,
            JSON.stringify(d.json_metadata),
            d.css,
            d.published,
            d.certified_by,
            d.certification_details,
            d.roles ?? [],
          ],
        );
        return;
      }
      case 'dashboard/publishedChanged':
        await touch(`published = $1`, [event.data.published]);
        return;
      case 'dashboard/metadataChanged':
        if (event.data.markUpdated)
          await touch(`json_metadata = $1::jsonb`, [JSON.stringify(event.data.json_metadata)]);
        else
          await tx.query(`UPDATE dashboards SET json_metadata = $1::jsonb, version = $2 WHERE id = $3`, [
            JSON.stringify(event.data.json_metadata),
            envelope.version,
            id,
          ]);
        return;
      case 'dashboard/colorsSynced':
        // Only the colour keys are merged, and the version stays: an editor's next save is not stale.
        if (event.data.markUpdated) {
          await tx.query(
            `UPDATE dashboards SET json_metadata = json_metadata || $1::jsonb, changed_on = $2, changed_by_fk = $3 WHERE id = $4`,
            [JSON.stringify(event.data.colors), envelope.meta.at, by, id],
          );
        } else {
          await tx.query(`UPDATE dashboards SET json_metadata = json_metadata || $1::jsonb WHERE id = $2`, [
            JSON.stringify(event.data.colors),
            id,
          ]);
        }
        return;
      case 'dashboard/layoutPublished': {
        await touch(`position_json = $1::jsonb`, [JSON.stringify(event.data.position_json)]);
        const charts = [...new Set(chartIdsOf(event.data.position_json))];
        await tx.query(`DELETE FROM dashboard_slices WHERE dashboard_id = $1 AND NOT (slice_id = ANY($2::int[]))`, [
          id,
          charts,
        ]);
        if (charts.length > 0)
          await tx.query(
            `INSERT INTO dashboard_slices (dashboard_id, slice_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING`,
            [id, charts],
          );
        return;
      }
      case 'dashboard/dashboardDeleted':
        await tx.query(`DELETE FROM dashboard_slices WHERE dashboard_id = $1`, [id]);
        await tx.query(`DELETE FROM dashboards WHERE id = $1`, [id]);
        return;
      default: {
        const unhandled: never = event;
        return unhandled;
      }
    }
  }

  async reset(tx: EntityManager): Promise<void> {
    await tx.query(`DELETE FROM dashboard_slices`);
    await tx.query(`DELETE FROM dashboards`);
  }
}
