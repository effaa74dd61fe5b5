/**
 * `saved_query` and `saved_query_favorites` as folds of the `saved_query:<id>` streams
 * (projections/CONTEXT.md), written in the append's transaction and rebuilt together under the name
 * `saved_query`.
 */
import {
  SAVED_QUERY_RECORD_EVENTS,
  savedQueryIdOf,
  type SavedQueryCreated,
  type SavedQueryEvent,
  type SavedQueryFavorited,
  type SavedQueryFields,
} from '@strata/domain';
import type { EnvelopeOf } from '@strata/events';
import { actorUserId } from '../../event-store/envelope-ids';
import { foldProjection, type FoldProjection } from '../../projections/fold-projection';
import { projectionGroup } from '../../projections/projection-group';

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
  handles: SAVED_QUERY_RECORD_EVENTS,
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
      // A star is no change of the saved query (its own table below).
      case 'sqllab/savedQueryFavorited':
      case 'sqllab/savedQueryUnfavorited':
        return row;
      default: {
        const unhandled: never = event;
        return unhandled;
      }
    }
  },
};

/** A row of `saved_query_favorites`: a user's star on a saved query, since when. */
export interface SavedQueryFavoriteRow {
  saved_query_id: number;
  user_id: SavedQueryFavorited['data']['userId'];
  created_on: string;
}

export const savedQueryFavoritesFold: FoldProjection<SavedQueryFavoriteRow, SavedQueryEnvelope> = {
  name: 'saved_query',
  table: 'saved_query_favorites',
  key: ['saved_query_id', 'user_id'],
  handles: ['sqllab/savedQueryFavorited', 'sqllab/savedQueryUnfavorited', 'sqllab/savedQueryDeleted'],
  // A deleted saved query takes every star it had: part of the key selects them all.
  rowsOf: (event) =>
    event.type === 'sqllab/savedQueryFavorited' || event.type === 'sqllab/savedQueryUnfavorited'
      ? { saved_query_id: savedQueryIdOf(event.stream), user_id: event.data.userId }
      : { saved_query_id: savedQueryIdOf(event.stream) },
  evolve(row, event) {
    switch (event.type) {
      case 'sqllab/savedQueryFavorited':
        // Starred already: the first star's time stays.
        return (
          row ?? { saved_query_id: savedQueryIdOf(event.stream), user_id: event.data.userId, created_on: event.meta.at }
        );
      case 'sqllab/savedQueryUnfavorited':
      case 'sqllab/savedQueryDeleted':
        return null;
      default:
        return row;
    }
  },
};

/** The read model the store runs and rebuilds as `saved_query` (both tables). */
export const savedQueryProjection = projectionGroup('saved_query', [
  foldProjection(savedQueryFavoritesFold),
  foldProjection(savedQueryFold),
]);
