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
  appendChartRow,
  DASHBOARD_COLOR_EVENTS,
  metadataPatchOf,
  removeChartFromLayout,
  SAVED_DASHBOARD_EVENTS,
  savedLayoutChartIds,
  type DashboardColorsSynced,
  type SavedDashboardEvent,
  type SavedLayout,
} from '@strata/domain';

@Injectable()
export class DashboardProjection implements Projection {
  readonly name = 'dashboards';
  // Colour syncs come from `dashboard-colors:<id>` and land in the same row (rebuilt together).
  readonly handles = [...SAVED_DASHBOARD_EVENTS, ...DASHBOARD_COLOR_EVENTS];

  async apply(tx: EntityManager, envelope: Envelope): Promise<void> {
    const event = envelope as unknown as SavedDashboardEvent | DashboardColorsSynced;
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
        const charts = [...new Set(savedLayoutChartIds(d.position_json))];
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
          position_json: SavedLayout;
        }[];
        if (!row) return;
        const layout =
          event.type === 'dashboard/chartAdded'
            ? appendChartRow(row.position_json, event.data, event.data)
            : removeChartFromLayout(row.position_json, event.data.chartId);
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
      case 'dashboard/dashboardRenamed':
        await touch(`dashboard_title = $1`, [event.data.dashboard_title]);
        return;
      case 'dashboard/slugChanged':
        await touch(`slug = $1`, [event.data.slug]);
        return;
      case 'dashboard/ownersChanged':
        await touch(`owners = $1::int[]`, [event.data.owners]);
        return;
      case 'dashboard/rolesChanged':
        await touch(`roles = $1::text[]`, [event.data.roles]);
        return;
      case 'dashboard/cssEdited':
        await touch(`css = $1`, [event.data.css]);
        return;
      case 'dashboard/dashboardCertified':
        await touch(`certified_by = $1, certification_details = $2`, [
          event.data.certified_by,
          event.data.certification_details,
        ]);
        return;
      case 'dashboard/certificationRemoved':
        await touch(`certified_by = NULL, certification_details = NULL`, []);
        return;
      case 'dashboard/dashboardPublished':
      case 'dashboard/dashboardUnpublished':
        await touch(`published = $1`, [event.type === 'dashboard/dashboardPublished']);
        return;
      case 'dashboard/metadataEdited':
        await touch(`json_metadata = $1::jsonb`, [JSON.stringify(event.data.json_metadata)]);
        return;
      case 'dashboard/colorSchemeChanged':
      case 'dashboard/refreshFrequencySaved':
      case 'dashboard/nativeFiltersConfigured':
      case 'dashboard/crossFilterScopesSaved':
      case 'dashboard/globalCrossFilterScopeSaved':
      case 'dashboard/filterBarOrientationChanged':
      case 'dashboard/crossFiltersEnabled':
      case 'dashboard/crossFiltersDisabled':
        // Only the keys the event sets: the rest of json_metadata (colours synced meanwhile) stays.
        await touch(`json_metadata = json_metadata || $1::jsonb`, [JSON.stringify(metadataPatchOf(event))]);
        return;
      case 'dashboard/colorsSynced': {
        // Only the colour keys are merged, and the version stays: an editor's next save is not stale. Old
        // syncs were written on `dashboard:<id>` itself (read as colorsSynced): those did move its version.
        const version = envelope.stream.startsWith('dashboard:') ? envelope.version : null;
        const colors = JSON.stringify(event.data.colors);
        if (event.data.markUpdated) {
          await tx.query(
            `UPDATE dashboards SET json_metadata = json_metadata || $1::jsonb, changed_on = $2, changed_by_fk = $3, version = coalesce($5, version) WHERE id = $4`,
            [colors, envelope.meta.at, by, id, version],
          );
        } else {
          await tx.query(
            `UPDATE dashboards SET json_metadata = json_metadata || $1::jsonb, version = coalesce($3, version) WHERE id = $2`,
            [colors, id, version],
          );
        }
        return;
      }
      case 'dashboard/layoutPublished': {
        await touch(`position_json = $1::jsonb`, [JSON.stringify(event.data.position_json)]);
        const charts = [...new Set(savedLayoutChartIds(event.data.position_json))];
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
