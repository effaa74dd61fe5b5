/**
 * The facts of a saved query's life (sqllab-and-platform §7 Saved queries), on stream `saved_query:<id>`.
 * Ids come from a sequence before the first event (like users), so a saved query is one stream from its
 * first save to its deletion.
 *
 * An edit (`PUT /api/v1/saved_query/{id}`) is recorded as one event per field it changed, in one batch,
 * not as one full-replace event: the PUT keeps what its body leaves out, and the events it replaces
 * (`sqllab/savedQueryUpdated`, a bag of the changed fields) can only be read as today's events without
 * the stream's state if each field is its own fact (saved-queries/upcasters.ts).
 */
import type { EventLike } from '@strata/events';

/** What a user writes when saving: REFERENCE §1.9 SavedQuery columns, in the API's snake_case. */
export interface SavedQueryFields {
  label: string;
  description: string;
  db_id: number;
  catalog: string | null;
  schema: string | null;
  sql: string;
  template_parameters: string | null;
}

export type SavedQueryCreated = EventLike<
  'sqllab/savedQueryCreated',
  SavedQueryFields & { id: number; owner_id: number }
>;
export type SavedQueryRenamed = EventLike<'sqllab/savedQueryRenamed', { label: string }>;
export type SavedQueryDescriptionEdited = EventLike<'sqllab/savedQueryDescriptionEdited', { description: string }>;
export type SavedQuerySqlEdited = EventLike<'sqllab/savedQuerySqlEdited', { sql: string }>;
export type SavedQueryDatabaseChanged = EventLike<'sqllab/savedQueryDatabaseChanged', { db_id: number }>;
export type SavedQueryCatalogChanged = EventLike<'sqllab/savedQueryCatalogChanged', { catalog: string | null }>;
export type SavedQuerySchemaChanged = EventLike<'sqllab/savedQuerySchemaChanged', { schema: string | null }>;
export type SavedQueryTemplateParametersEdited = EventLike<
  'sqllab/savedQueryTemplateParametersEdited',
  { template_parameters: string | null }
>;
export type SavedQueryDeleted = EventLike<'sqllab/savedQueryDeleted', Record<string, never>>;
/**
 * A user starred the saved query (issue 15 item 6: the home page's favourites), or took the star off. A
 * star is the user's view preference, not an edit: it changes neither the query's last change nor its
 * version, and is never an undo step. The query's own stream, as a chart's stars (`chart/favorited`): a
 * saved query has no editor holding a version a star could make stale.
 */
export type SavedQueryFavorited = EventLike<'sqllab/savedQueryFavorited', { userId: number }>;
export type SavedQueryUnfavorited = EventLike<'sqllab/savedQueryUnfavorited', { userId: number }>;

/** One field's edit; each carries exactly the column it changes. */
export type SavedQueryFieldEdited =
  | SavedQueryRenamed
  | SavedQueryDescriptionEdited
  | SavedQuerySqlEdited
  | SavedQueryDatabaseChanged
  | SavedQueryCatalogChanged
  | SavedQuerySchemaChanged
  | SavedQueryTemplateParametersEdited;

export type SavedQueryEvent =
  SavedQueryCreated | SavedQueryFieldEdited | SavedQueryDeleted | SavedQueryFavorited | SavedQueryUnfavorited;

/** The event that records an edit of each field, in the order an edit's batch lists them. */
export const SAVED_QUERY_FIELD_EVENTS = {
  label: 'sqllab/savedQueryRenamed',
  description: 'sqllab/savedQueryDescriptionEdited',
  db_id: 'sqllab/savedQueryDatabaseChanged',
  catalog: 'sqllab/savedQueryCatalogChanged',
  schema: 'sqllab/savedQuerySchemaChanged',
  sql: 'sqllab/savedQuerySqlEdited',
  template_parameters: 'sqllab/savedQueryTemplateParametersEdited',
} as const satisfies { [K in keyof SavedQueryFields]: SavedQueryFieldEdited['type'] };

export const SAVED_QUERY_FAVORITE_EVENTS = [
  'sqllab/savedQueryFavorited',
  'sqllab/savedQueryUnfavorited',
] as const satisfies readonly SavedQueryEvent['type'][];

/** The events that change the saved query itself (its row), stars aside. */
export const SAVED_QUERY_RECORD_EVENTS = [
  'sqllab/savedQueryCreated',
  ...Object.values(SAVED_QUERY_FIELD_EVENTS),
  'sqllab/savedQueryDeleted',
] as const satisfies readonly SavedQueryEvent['type'][];

export const SAVED_QUERY_EVENTS = [
  ...SAVED_QUERY_RECORD_EVENTS,
  ...SAVED_QUERY_FAVORITE_EVENTS,
] as const satisfies readonly SavedQueryEvent['type'][];

/** The field edits of `changes`, one event per field, in SAVED_QUERY_FIELD_EVENTS order. */
export function savedQueryFieldEvents(changes: Partial<SavedQueryFields>): SavedQueryFieldEdited[] {
  return (Object.keys(SAVED_QUERY_FIELD_EVENTS) as (keyof SavedQueryFields)[])
    .filter((key) => changes[key] !== undefined)
    .map((key) => ({ type: SAVED_QUERY_FIELD_EVENTS[key], data: { [key]: changes[key] } }) as SavedQueryFieldEdited);
}

export const savedQueryStream = (id: number) => `saved_query:${id}`;
export const savedQueryIdOf = (stream: string) => Number(stream.slice('saved_query:'.length));
