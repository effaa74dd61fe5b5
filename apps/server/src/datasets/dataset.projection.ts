/** Keeps `datasets` equal to the fold of the `dataset:<id>` streams, inside the append's transaction. */
import { Injectable } from '@nestjs/common';
import { DATASET_EVENTS, datasetEditFields, type DatasetEvent, type DatasetFields } from '@strata/domain';
import type { Envelope } from '@strata/events';
import type { EntityManager } from 'typeorm';
import { actorUserId, streamNumber } from '../event-store/envelope-ids';
import type { Projection } from '../event-store/event-store.port';

@Injectable()
export class DatasetProjection implements Projection {
  readonly name = 'datasets';
  readonly handles = DATASET_EVENTS;

  async apply(tx: EntityManager, envelope: Envelope): Promise<void> {
    const event = envelope as unknown as DatasetEvent;
    const by = actorUserId(envelope);
    switch (event.type) {
      case 'dataset/datasetCreated': {
        const d = event.data;
        await tx.query(
          `INSERT INTO datasets (id, uid, kind, table_name, database_id, catalog, schema, sql, template_params, columns, metrics,
             main_dttm_col, owners, is_managed_externally, external_url, description, created_by_fk, changed_by_fk, created_on, changed_on, version)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11::jsonb, $12, $13::int[], $14, $15, $16, $17, $17, $18, $18, $19)`,
          [
            d.id,
            `${d.id}__table`,
            d.kind,
            d.table_name,
            d.database_id,
            d.catalog,
            d.schema,
            d.sql,
            d.template_params,
            JSON.stringify(d.columns),
            JSON.stringify(d.metrics),
            d.main_dttm_col,
            d.owners,
            d.is_managed_externally,
            d.external_url,
            d.description,
            by,
            envelope.meta.at,
            envelope.version,
          ],
        );
        return;
      }
      case 'dataset/datasetRenamed':
      case 'dataset/datasetSchemaChanged':
      case 'dataset/datasetSqlChanged':
      case 'dataset/templateParamsChanged':
      case 'dataset/datasetColumnAdded':
      case 'dataset/datasetColumnEdited':
      case 'dataset/datasetColumnRemoved':
      case 'dataset/datasetColumnsReordered':
      case 'dataset/metricAdded':
      case 'dataset/metricEdited':
      case 'dataset/metricRemoved':
      case 'dataset/metricsReordered':
      case 'dataset/mainDatetimeColumnChanged':
      case 'dataset/datasetOwnersChanged':
      case 'dataset/datasetDescribed':
      case 'dataset/externalUrlChanged':
      case 'dataset/externalManagementStarted':
      case 'dataset/externalManagementStopped': {
        // Column and metric events change one item of a list: the row's lists are what they apply to.
        const [lists] = (await tx.query(`SELECT columns, metrics FROM datasets WHERE id = $1`, [
          streamNumber(envelope.stream),
        ])) as Pick<DatasetFields, 'columns' | 'metrics'>[];
        if (!lists) return;
        const c = datasetEditFields(event, lists);
        const json = new Set(['columns', 'metrics']);
        const allowed = [
          'table_name',
          'schema',
          'sql',
          'template_params',
          'columns',
          'metrics',
          'main_dttm_col',
          'owners',
          'description',
          'external_url',
          'is_managed_externally',
        ] as const;
        const sets: string[] = [];
        const values: unknown[] = [];
        for (const key of allowed) {
          if (c[key] === undefined) continue;
          values.push(json.has(key) ? JSON.stringify(c[key]) : c[key]);
          sets.push(`${key} = $${values.length}${json.has(key) ? '::jsonb' : key === 'owners' ? '::int[]' : ''}`);
        }
        await this.touch(tx, envelope, by, sets, values);
        return;
      }
      case 'dataset/columnsSynced':
        await this.touch(
          tx,
          envelope,
          by,
          ['columns = $1::jsonb', 'main_dttm_col = $2'],
          [JSON.stringify(event.data.columns), event.data.main_dttm_col],
        );
        return;
      case 'dataset/datasetDeleted':
        await tx.query(`DELETE FROM datasets WHERE id = $1`, [streamNumber(envelope.stream)]);
        return;
      default: {
        const unhandled: never = event;
        return unhandled;
      }
    }
  }

  /** Applies `sets` and stamps changed_on, changed_by and the stream version (the cache key reads it). */
  private async touch(
    tx: EntityManager,
    envelope: Envelope,
    by: number | null,
    sets: string[],
    values: unknown[],
  ): Promise<void> {
    const n = values.length;
    await tx.query(
      `UPDATE datasets SET ${[...sets, `changed_on = $${n + 1}`, `changed_by_fk = $${n + 2}`, `version = $${n + 3}`].join(', ')} WHERE id = $${n + 4}`,
      [...values, envelope.meta.at, by, envelope.version, streamNumber(envelope.stream)],
    );
  }

  async reset(tx: EntityManager): Promise<void> {
    await tx.query(`DELETE FROM datasets`);
  }
}
