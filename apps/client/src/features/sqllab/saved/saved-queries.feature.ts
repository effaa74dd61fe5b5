import { savedQueryListFold, type SavedQueryListEvent, type SavedQueryListState } from '@strata/domain';
import {
  MAY_LAND_IN_PAST,
  createFeatureStore,
  type ClientContext,
  type FeatureStore,
} from '../../../shared/feature-store';
import { toClientError } from '../../api/api-error';
import type { SqlLabApi } from '../api/sqllab-api';

export const SAVED_PAGE_SIZE = 25;

/** What the edit dialog changes (issue 15 item 4); the database, schema and parameters stay as they are. */
export interface SavedQueryEdit {
  label: string;
  description: string;
  sql: string;
}

/** A change's outcome: the server's refusal is shown where it was asked (the dialog). */
export type SavedQueryOutcome = { ok: true } | { ok: false; message: string };

export interface SavedQueriesFeature {
  readonly store: FeatureStore<SavedQueryListState, SavedQueryListEvent>;
  load(search: string, page: number): Promise<void>;
  /** PUT /api/v1/saved_query/{id}: the row shows the server's answer. */
  edit(id: number, changes: SavedQueryEdit): Promise<SavedQueryOutcome>;
  /** DELETE /api/v1/saved_query/{id}, then the page is read again (a row from the next page moves up). */
  remove(id: number): Promise<SavedQueryOutcome>;
  /** Stars the saved query or takes the star off (issue 15 item 6); the star changes once the server said yes. */
  toggleStar(id: number): Promise<SavedQueryOutcome>;
}

/** The saved queries list: search by label, pages of 25, newest change first; edit, delete and star. */
export function createSavedQueries(context: ClientContext, api: SqlLabApi): SavedQueriesFeature {
  const store = createFeatureStore<SavedQueryListState, SavedQueryListEvent>(
    'saved-queries',
    savedQueryListFold,
    context,
  );
  const refused = (thrown: unknown): SavedQueryOutcome => ({ ok: false, message: toClientError(thrown).message });
  async function load(search: string, page: number) {
    store.record([{ type: 'savedQueries/listRequested', data: { search, page } }], MAY_LAND_IN_PAST);
    try {
      const { result, count } = await api.savedQueries(search, page, SAVED_PAGE_SIZE);
      store.record(
        [{ type: 'savedQueries/listLoaded', data: { search, page, rows: result, count } }],
        MAY_LAND_IN_PAST,
      );
      if (result.length === 0) return;
      // The stars of the rows shown; without them the rows still show, unstarred.
      const status = await api.savedQueryFavoriteStatus(result.map((r) => r.id)).catch(() => null);
      if (status) store.record([{ type: 'savedQueries/favoriteStatusLoaded', data: { status } }], MAY_LAND_IN_PAST);
    } catch (thrown) {
      store.record(
        [{ type: 'savedQueries/listLoadFailed', data: { message: toClientError(thrown).message } }],
        MAY_LAND_IN_PAST,
      );
    }
  }
  return {
    store,
    load,
    async edit(id, changes) {
      try {
        const row = await api.editSavedQuery(id, changes);
        store.record([{ type: 'savedQueries/rowEdited', data: { row } }], MAY_LAND_IN_PAST);
        return { ok: true };
      } catch (thrown) {
        return refused(thrown);
      }
    },
    async remove(id) {
      try {
        await api.deleteSavedQuery(id);
      } catch (thrown) {
        return refused(thrown);
      }
      store.record([{ type: 'savedQueries/rowsDeleted', data: { ids: [id] } }], MAY_LAND_IN_PAST);
      const { search, page, rows } = store.getState();
      // The last row of a later page gone: show the page before it.
      void load(search, rows?.length === 0 && page > 0 ? page - 1 : page);
      return { ok: true };
    },
    async toggleStar(id) {
      const favorite = !store.getState().favorites[id];
      try {
        await api.setSavedQueryFavorite(id, favorite);
      } catch (thrown) {
        return refused(thrown);
      }
      store.record(
        [{ type: favorite ? 'savedQueries/rowFavorited' : 'savedQueries/rowUnfavorited', data: { id } }],
        MAY_LAND_IN_PAST,
      );
      return { ok: true };
    },
  };
}
