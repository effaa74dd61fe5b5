/**
 * Saved-query events as they were first stored, read as today's (DESIGN.md "Events"): the catch-all
 * `sqllab/savedQueryUpdated` (the changed fields in one bag) becomes one field-edit event per field it
 * held, in the same batch.
 */
import type { UpcasterMap } from '@strata/events';
import { savedQueryFieldEvents, type SavedQueryFields } from './saved-query.events';

export const savedQueryUpcasters: UpcasterMap = {
  'sqllab/savedQueryUpdated': (event) => savedQueryFieldEvents(event.data as Partial<SavedQueryFields>),
};
