/** Keeps `charts` and `chart_favorites` equal to the fold of the `chart:<id>` streams, in the append's transaction. */
import { Injectable } from '@nestjs/common';
import { CHART_EVENTS, chartEditFields, type ChartEvent } from '@strata/domain';
import type { Envelope } from '@strata/events';
import type { EntityManager } from 'typeorm';
import { actorUserId, streamNumber } from '../event-store/envelope-ids';
import type { Projection } from '../event-store/event-store.port';

const COLUMNS = [
  'slice_name',
  'viz_type',
  'datasource_id',
  'datasource_type',
  'params',
  'query_context',
  'description',
  'cache_timeout',
  'owners',
  'certified_by',
  'certification_details',
] as const;

@Injectable()
export class ChartProjection implements Projection {
  readonly name = 'charts';
  readonly handles = CHART_EVENTS;

  async apply(tx: EntityManager, envelope: Envelope): Promise<void> {
    const event = envelope as unknown as ChartEvent;
    const by = actorUserId(envelope);
    const id = streamNumber(envelope.stream);
    switch (event.type) {
      case 'chart/chartCreated': {
        const d = event.data;
        await tx.query(
          `INSERT INTO charts (id, ${COLUMNS.join(', ')}, created_by_fk, changed_by_fk, created_on, changed_on, version)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::int[], $11, $12, $13, $13, $14, $14, $15)`,
          [d.id, ...COLUMNS.map((c) => d[c]), by, envelope.meta.at, envelope.version],
        );
        return;
      }
      case 'chart/chartRenamed':
      case 'chart/vizTypeChanged':
      case 'chart/chartParamsChanged':
      case 'chart/chartDescribed':
      case 'chart/cacheTimeoutChanged':
      case 'chart/chartOwnersChanged':
      case 'chart/chartCertified':
      case 'chart/chartCertificationRemoved':
      case 'chart/certificationDetailsChanged':
      case 'chart/datasourceChanged': {
        const changes = chartEditFields(event);
        const sets: string[] = [];
        const values: unknown[] = [];
        for (const c of COLUMNS) {
          if (changes[c] === undefined) continue;
          values.push(changes[c]);
          sets.push(`${c} = $${values.length}${c === 'owners' ? '::int[]' : ''}`);
        }
        const n = values.length;
        await tx.query(
          `UPDATE charts SET ${[...sets, `changed_on = $${n + 1}`, `changed_by_fk = $${n + 2}`, `version = $${n + 3}`].join(', ')} WHERE id = $${n + 4}`,
          [...values, envelope.meta.at, by, envelope.version, id],
        );
        return;
      }
      case 'chart/chartDeleted':
        await tx.query(`DELETE FROM chart_favorites WHERE chart_id = $1`, [id]);
        await tx.query(`DELETE FROM charts WHERE id = $1`, [id]);
        return;
      case 'chart/favorited':
        await tx.query(
          `INSERT INTO chart_favorites (chart_id, user_id, created_on) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
          [id, event.data.userId, envelope.meta.at],
        );
        return;
      case 'chart/unfavorited':
        await tx.query(`DELETE FROM chart_favorites WHERE chart_id = $1 AND user_id = $2`, [id, event.data.userId]);
        return;
      default: {
        const unhandled: never = event;
        return unhandled;
      }
    }
  }

  async reset(tx: EntityManager): Promise<void> {
    await tx.query(`DELETE FROM chart_favorites`);
    await tx.query(`DELETE FROM charts`);
  }
}
