/** Keeps `saved_query` equal to the fold of the `saved_query:<id>` streams, inside the append's transaction. */
import { Injectable } from '@nestjs/common';
import type { Envelope } from '@strata/events';
import type { EntityManager } from 'typeorm';
import { actorUserId } from '../../event-store/envelope-ids';
import type { Projection } from '../../event-store/event-store.port';
import { SAVED_QUERY_EVENTS, savedQueryIdOf, type SavedQueryEvent } from '@strata/domain';

@Injectable()
export class SavedQueryProjection implements Projection {
  readonly name = 'saved_query';
  readonly handles = SAVED_QUERY_EVENTS;

  async apply(tx: EntityManager, envelope: Envelope): Promise<void> {
    const event = envelope as unknown as SavedQueryEvent;
    const id = savedQueryIdOf(envelope.stream);
    const by = actorUserId(envelope);
    switch (event.type) {
      case 'sqllab/savedQueryCreated': {
        const d = event.data;
        await tx.query(
          `INSERT INTO saved_query (id, label, description, db_id, catalog, schema, sql, template_parameters,
             created_by_fk, changed_by_fk, created_on, changed_on, version)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9, $10, $10, $11)`,
          [
            id,
            d.label,
            d.description,
            d.db_id,
            d.catalog,
            d.schema,
            d.sql,
            d.template_parameters,
            d.owner_id,
            envelope.meta.at,
            envelope.version,
          ],
        );
        return;
      }
      case 'sqllab/savedQueryRenamed':
      case 'sqllab/savedQueryDescriptionEdited':
      case 'sqllab/savedQuerySqlEdited':
      case 'sqllab/savedQueryDatabaseChanged':
      case 'sqllab/savedQueryCatalogChanged':
      case 'sqllab/savedQuerySchemaChanged':
      case 'sqllab/savedQueryTemplateParametersEdited': {
        // The column name comes from the event type's one key, never from input: the list below is closed.
        const [column, value] = Object.entries(event.data)[0];
        if (!UPDATABLE.has(column)) return;
        await tx.query(
          `UPDATE saved_query SET changed_on = $2, changed_by_fk = COALESCE($3, changed_by_fk), version = $4, ${column} = $5 WHERE id = $1`,
          [id, envelope.meta.at, by, envelope.version, value],
        );
        return;
      }
      case 'sqllab/savedQueryDeleted':
        await tx.query(`DELETE FROM saved_query WHERE id = $1`, [id]);
        return;
      default: {
        const unhandled: never = event;
        return unhandled;
      }
    }
  }

  async reset(tx: EntityManager): Promise<void> {
    await tx.query(`DELETE FROM saved_query`);
  }
}

const UPDATABLE = new Set(['label', 'description', 'db_id', 'catalog', 'schema', 'sql', 'template_parameters']);
