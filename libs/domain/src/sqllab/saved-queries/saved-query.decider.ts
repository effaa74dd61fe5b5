/**
 * The rules of one saved query, pure. Only its owner edits or deletes it; admins pass every check
 * (sqllab-and-platform §6). Whoever may see it (its owner, an admin) may star it for themselves. Whether the database exists is checked by the server against the databases
 * table before the command is sent.
 */
import { DomainError, type Decider } from '@strata/events';
import { leaveUnchanged, unknownCommand } from '../../shared/exhaustive';
import { savedQueryFieldEvents, type SavedQueryEvent, type SavedQueryFields } from './saved-query.events';

export interface SavedQueryState {
  id: number | null;
  ownerId: number | null;
  deleted: boolean;
  fields: SavedQueryFields | null;
  /** The users who starred it. */
  favoritedBy: number[];
}

export type SavedQueryCommand =
  | { type: 'CreateSavedQuery'; data: SavedQueryFields & { id: number } }
  /** `PUT /api/v1/saved_query/{id}`: the fields the body names; the others stay as they are. */
  | { type: 'EditSavedQuery'; data: Partial<SavedQueryFields> }
  | { type: 'DeleteSavedQuery' }
  /** `POST` / `DELETE /api/v1/saved_query/{id}/favorites/`: the acting user's own star. */
  | { type: 'FavoriteSavedQuery' }
  | { type: 'UnfavoriteSavedQuery' };

export interface SavedQueryContext {
  actorId: number;
  actorIsAdmin: boolean;
}

export const MAX_SAVED_QUERY_LABEL = 256;

function checkFields(fields: Partial<SavedQueryFields>): void {
  if (fields.label !== undefined && fields.label.trim() === '')
    throw new DomainError('label_required', 'A saved query needs a name.');
  if (fields.label !== undefined && fields.label.length > MAX_SAVED_QUERY_LABEL) {
    throw new DomainError(
      'label_too_long',
      `A saved query's name can be at most ${MAX_SAVED_QUERY_LABEL} characters long.`,
    );
  }
}

function existing(state: SavedQueryState, ctx: SavedQueryContext): SavedQueryFields {
  const fields = live(state);
  if (!ctx.actorIsAdmin && state.ownerId !== ctx.actorId) {
    throw new DomainError('saved_query_forbidden', 'Only the owner of this saved query can change or delete it.');
  }
  return fields;
}

function live(state: SavedQueryState): SavedQueryFields {
  if (state.id === null || state.deleted || state.fields === null)
    throw new DomainError('saved_query_not_found', 'Not found');
  return state.fields;
}

/** A saved query exists for whoever may see it; another user's is not found (as its GET answers 404). */
function visibleToActor(state: SavedQueryState, ctx: SavedQueryContext): void {
  live(state);
  if (!ctx.actorIsAdmin && state.ownerId !== ctx.actorId) throw new DomainError('saved_query_not_found', 'Not found');
}

export const savedQueryDecider: Decider<SavedQueryState, SavedQueryEvent, SavedQueryCommand, SavedQueryContext> = {
  initialState: () => ({ id: null, ownerId: null, deleted: false, fields: null, favoritedBy: [] }),

  evolve(state, event) {
    switch (event.type) {
      case 'sqllab/savedQueryCreated': {
        const { id, owner_id, ...fields } = event.data;
        return { id, ownerId: owner_id, deleted: false, fields, favoritedBy: [] };
      }
      case 'sqllab/savedQueryRenamed':
      case 'sqllab/savedQueryDescriptionEdited':
      case 'sqllab/savedQuerySqlEdited':
      case 'sqllab/savedQueryDatabaseChanged':
      case 'sqllab/savedQueryCatalogChanged':
      case 'sqllab/savedQuerySchemaChanged':
      case 'sqllab/savedQueryTemplateParametersEdited':
        return state.fields ? { ...state, fields: { ...state.fields, ...event.data } } : state;
      case 'sqllab/savedQueryDeleted':
        return { ...state, deleted: true };
      case 'sqllab/savedQueryFavorited':
        return state.favoritedBy.includes(event.data.userId)
          ? state
          : { ...state, favoritedBy: [...state.favoritedBy, event.data.userId] };
      case 'sqllab/savedQueryUnfavorited':
        return { ...state, favoritedBy: state.favoritedBy.filter((u) => u !== event.data.userId) };
      default:
        return leaveUnchanged(event, state);
    }
  },

  decide(command, state, ctx) {
    switch (command.type) {
      case 'CreateSavedQuery': {
        if (state.id !== null)
          throw new DomainError('saved_query_exists', 'A saved query with this id already exists.');
        checkFields(command.data);
        return [{ type: 'sqllab/savedQueryCreated', data: { ...command.data, owner_id: ctx.actorId } }];
      }
      case 'EditSavedQuery': {
        const current = existing(state, ctx);
        checkFields(command.data);
        const changed: Partial<SavedQueryFields> = {};
        for (const key of Object.keys(command.data) as (keyof SavedQueryFields)[]) {
          const value = command.data[key];
          if (value !== undefined && value !== current[key]) Object.assign(changed, { [key]: value });
        }
        return savedQueryFieldEvents(changed);
      }
      case 'DeleteSavedQuery':
        existing(state, ctx);
        return [{ type: 'sqllab/savedQueryDeleted', data: {} }];
      // Asking for what is already so appends nothing: a retried or double click never doubles a star.
      case 'FavoriteSavedQuery': {
        visibleToActor(state, ctx);
        const userId = ctx.actorId;
        return state.favoritedBy.includes(userId) ? [] : [{ type: 'sqllab/savedQueryFavorited', data: { userId } }];
      }
      case 'UnfavoriteSavedQuery': {
        visibleToActor(state, ctx);
        const userId = ctx.actorId;
        return state.favoritedBy.includes(userId) ? [{ type: 'sqllab/savedQueryUnfavorited', data: { userId } }] : [];
      }
      default:
        return unknownCommand(command);
    }
  },
};
