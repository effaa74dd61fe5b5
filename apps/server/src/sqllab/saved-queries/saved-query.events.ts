/**
 * The facts of a saved query's life, on stream `saved_query:<id>`. Ids come from a sequence before the
 * first event (like users), so a saved query is one stream from its first save to its deletion.
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
/** Only the fields that changed. */
export type SavedQueryUpdated = EventLike<'sqllab/savedQueryUpdated', Partial<SavedQueryFields>>;
export type SavedQueryDeleted = EventLike<'sqllab/savedQueryDeleted', Record<string, never>>;

export type SavedQueryEvent = SavedQueryCreated | SavedQueryUpdated | SavedQueryDeleted;

export const SAVED_QUERY_EVENTS = [
  'sqllab/savedQueryCreated',
  'sqllab/savedQueryUpdated',
  'sqllab/savedQueryDeleted',
] as const satisfies readonly SavedQueryEvent['type'][];

export const savedQueryStream = (id: number) => `saved_query:${id}`;
export const savedQueryIdOf = (stream: string) => Number(stream.slice('saved_query:'.length));
