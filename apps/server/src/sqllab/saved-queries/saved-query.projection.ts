/**
 * `saved_query` as the fold of the `saved_query:<id>` streams (projections/CONTEXT.md), written in the
 * append's transaction under the name `saved_query`.
 */
import {
  SAVED_QUERY_EVENTS,
  savedQueryIdOf,
  type SavedQueryCreated,
  type SavedQueryEvent,
  type SavedQueryFields,
} from '@strata/domain';
import type { EnvelopeOf } from '@strata/events';
import { actorUserId } from '../../event-store/envelope-ids';
import { foldProjection, type FoldProjection } from '../../projections/fold-projection';

type SavedQueryEnvelope = EnvelopeOf<SavedQueryEvent>;

/**
 * A row of `saved_query` (REFERENCE §1.9 SavedQuery): the fields a user saves, who created and last
 * changed it and when (ISO text, as `to_jsonb` gives a timestamptz), the stream version of the last event.
 * `rows` and `last_run` are columns of the API that no event sets yet: always null.
 */
export type SavedQueryRow = SavedQueryFields & {
  id: SavedQueryCreated['data']['id'];
  rows: null;
  last_run: null;
  created_by_fk: SavedQueryCreated['data']['owner_id'];
  changed_by_fk: SavedQueryCreated['data']['owner_id'];
  created_on: string;
  changed_on: string;
  version: number;
};

export const savedQueryFold: FoldProjection<SavedQueryRow, SavedQueryEnvelope> = {
  name: 'saved_query',
  table: 'saved_query',
  key: ['id'],
  handles: SAVED_QUERY_EVENTS,
  rowsOf: (event) => ({ id: savedQueryIdOf(event.stream) }),
  evolve(row, event) {
    switch (event.type) {
      case 'sqllab/savedQueryCreated': {
        const d = event.data;
        return {
          id: savedQueryIdOf(event.stream),
          label: d.label,
          description: d.description,
          db_id: d.db_id,
          catalog: d.catalog,
          schema: d.schema,
          sql: d.sql,
          template_parameters: d.template_parameters,
          rows: null,
          last_run: null,
          created_by_fk: d.owner_id,
          changed_by_fk: d.owner_id,
          created_on: event.meta.at,
          changed_on: event.meta.at,
          version: event.version,
        };
      }
      case 'sqllab/savedQueryRenamed':
      case 'sqllab/savedQueryDescriptionEdited':
      case 'sqllab/savedQuerySqlEdited':
      case 'sqllab/savedQueryDatabaseChanged':
      case 'sqllab/savedQueryCatalogChanged':
      case 'sqllab/savedQuerySchemaChanged':
      case 'sqllab/savedQueryTemplateParametersEdited':
        // Each field edit carries exactly the one column it changes (saved-query.events.ts).
        return (
          row && {
            ...row,
            ...event.data,
            // An actor that is no user (the system) leaves the last editor as it was.
            changed_by_fk: actorUserId(event) ?? row.changed_by_fk,
            changed_on: event.meta.at,
            version: event.version,
          }
        );
      case 'sqllab/savedQueryDeleted':
        return null;
      default: {
        const unhandled: never = event;
        return unhandled;
      }
    }
  },
};

export const savedQueryProjection = foldProjection(savedQueryFold);
